import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { encryptedText, openRow, sealValues } from './encrypted-column';
import { keyVersionOf } from './field-crypto';
import { generateKey, parseKeyring } from './keyring';
import { rotateAll } from './rotate';

// A throwaway table, declared only here (not in the app schema or migrations).
const secrets = pgTable('rotation_test_secrets', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  ssn: encryptedText('ssn'),
  password: encryptedText('password'),
});
const untouched = pgTable('rotation_test_plain', { id: serial('id').primaryKey(), note: text('note') });

const k1 = generateKey(1);
const v1 = parseKeyring(k1);
const v1v2 = parseKeyring(`${k1},${generateKey(2)}`);
const ROWS = 230; // more than one rotation page (200)

let client: PGlite;
let db: Db;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Db;
  await client.exec(`
    create table rotation_test_secrets (id text primary key, label text not null, ssn text, password text);
    create table rotation_test_plain (id serial primary key, note text);
    insert into rotation_test_plain (note) values ('left alone');`);
});
afterAll(() => client?.close());

const original = (i: number) => ({
  id: `row-${String(i).padStart(4, '0')}`,
  label: `label ${i}`,
  ssn: i % 7 === 0 ? null : `${100 + i}-45-${String(i).padStart(4, '0')}`,
  password: `pässword-${i}`,
});

describe('rotateAll', () => {
  it('moves every value to the current key and leaves none behind', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => original(i));
    await db.insert(secrets).values(rows.map((r) => sealValues(v1, secrets, r.id, r)));

    const result = await rotateAll(db, v1v2, [secrets, untouched]);
    const nonNullValues = rows.reduce((n, r) => n + (r.ssn ? 1 : 0) + 1, 0);
    expect(result).toEqual({
      tables: [{ table: 'rotation_test_secrets', rows: ROWS, values: nonNullValues }],
      remaining: 0,
    });

    const stored = await db.select().from(secrets).orderBy(secrets.id);
    expect(
      stored
        .flatMap((r) => [r.ssn, r.password])
        .filter((v) => v !== null)
        .every((v) => keyVersionOf(v!) === 2),
    ).toBe(true);
    expect(stored.map((r) => openRow(v1v2, secrets, r))).toEqual(rows);
    expect(await db.select().from(untouched)).toEqual([{ id: 1, note: 'left alone' }]);
  });

  it('is a no-op when everything is current', async () => {
    expect(await rotateAll(db, v1v2, [secrets])).toEqual({
      tables: [{ table: 'rotation_test_secrets', rows: 0, values: 0 }],
      remaining: 0,
    });
  });

  it('stops on a value it cannot decrypt, keeping the rows already rotated', async () => {
    const v3 = parseKeyring(`${k1},${generateKey(3)}`); // lacks v2: nothing on v2 can be read
    await expect(rotateAll(db, v3, [secrets])).rejects.toThrow(/key v2 is not in the keyring/);
    const stillV2 = await db.select().from(secrets);
    expect(stillV2.every((r) => keyVersionOf(r.password!) === 2)).toBe(true);
  });
});
