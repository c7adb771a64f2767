import { describe, expect, it } from 'vitest';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { encryptedColumns, encryptedText, openField, openRow, sealValues } from './encrypted-column';
import { FieldDecryptError, keyVersionOf } from './field-crypto';
import { generateKey, parseKeyring } from './keyring';

const profiles = pgTable('test_profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerSsn: encryptedText('owner_ssn').notNull(),
  routingNumber: encryptedText('routing_number'),
});
const keyring = parseKeyring(generateKey(1));

describe('encrypted columns', () => {
  it('finds the columns built with encryptedText and the primary key', () => {
    const info = encryptedColumns(profiles);
    expect(info.name).toBe('test_profiles');
    expect(info.columns.map(([key]) => key)).toEqual(['ownerSsn', 'routingNumber']);
    expect(info.primaryKey?.[0]).toBe('id');
    expect(encryptedColumns(pgTable('plain', { id: text('id').primaryKey() })).columns).toEqual([]);
  });

  it('refuses a table with encrypted columns but no single-column primary key', () => {
    const composite = pgTable('c', { a: text('a'), b: integer('b'), s: encryptedText('s') }, (t) => [
      primaryKey({ columns: [t.a, t.b] }),
    ]);
    expect(() => encryptedColumns(composite)).toThrow(/single-column primary key/);
    const single = pgTable('d', { a: text('a'), s: encryptedText('s') }, (t) => [primaryKey({ columns: [t.a] })]);
    expect(encryptedColumns(single).primaryKey?.[0]).toBe('a');
  });

  it('seals exactly the marked columns present, and opens them again', () => {
    const sealed = sealValues(keyring, profiles, 'p1', {
      id: 'p1',
      name: 'Ada',
      ownerSsn: '123-45-6789',
      routingNumber: null,
    });
    expect(sealed.name).toBe('Ada');
    expect(sealed.routingNumber).toBeNull();
    expect(keyVersionOf(sealed.ownerSsn)).toBe(1);
    expect(openRow(keyring, profiles, sealed)).toEqual({
      id: 'p1',
      name: 'Ada',
      ownerSsn: '123-45-6789',
      routingNumber: null,
    });
    expect(openField(keyring, profiles.ownerSsn, 'p1', sealed.ownerSsn)).toBe('123-45-6789');
    expect(sealValues(keyring, profiles, 'p1', { name: 'Bo' })).toEqual({ name: 'Bo' });
  });

  it('binds the row id: a value copied to another row does not open', () => {
    const sealed = sealValues(keyring, profiles, 'p1', { ownerSsn: '123-45-6789' });
    expect(() => openRow(keyring, profiles, { id: 'p2', ownerSsn: sealed.ownerSsn })).toThrow(FieldDecryptError);
    expect(() => openRow(keyring, profiles, { ownerSsn: sealed.ownerSsn })).toThrow(/select the primary key/);
    expect(() => openField(keyring, profiles.name, 'p1', 'x')).toThrow(/not an encrypted column/);
  });
});
