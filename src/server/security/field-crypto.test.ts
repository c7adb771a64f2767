import { describe, expect, it } from 'vitest';
import { decryptField, encryptField, FieldDecryptError, isEncrypted, keyVersionOf } from './field-crypto';
import { generateKey, parseKeyring } from './keyring';

const k1 = generateKey(1);
const keyring = parseKeyring(k1);
const ctx = { table: 'business_profiles', column: 'owner_ssn', rowId: 'row-1' };

describe('field encryption', () => {
  it('round-trips, with the key version in the stored value', () => {
    const stored = encryptField(keyring, '123-45-6789', ctx);
    expect(stored).toMatch(/^enc:v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('6789');
    expect(isEncrypted(stored)).toBe(true);
    expect(decryptField(keyring, stored, ctx)).toBe('123-45-6789');
    expect(decryptField(keyring, encryptField(keyring, '', ctx), ctx)).toBe('');
    expect(decryptField(keyring, encryptField(keyring, 'pässwörd 🔑', ctx), ctx)).toBe('pässwörd 🔑');
  });

  it('passes null and undefined through as null', () => {
    expect(encryptField(keyring, null, ctx)).toBeNull();
    expect(encryptField(keyring, undefined, ctx)).toBeNull();
    expect(decryptField(keyring, null, ctx)).toBeNull();
  });

  it('uses a fresh IV for every encryption', () => {
    const a = encryptField(keyring, 'same', ctx);
    const b = encryptField(keyring, 'same', ctx);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
    expect(a).not.toBe(b);
  });

  it('fails with another key of the same version', () => {
    const stored = encryptField(keyring, 'secret', ctx);
    expect(() => decryptField(parseKeyring(generateKey(1)), stored, ctx)).toThrow(FieldDecryptError);
  });

  it('fails when the key version is not in the keyring', () => {
    const stored = encryptField(parseKeyring(generateKey(2)), 'secret', ctx);
    expect(() => decryptField(keyring, stored, ctx)).toThrow(/key v2 is not in the keyring/);
  });

  it('fails for another row, column or table (associated data)', () => {
    const stored = encryptField(keyring, 'secret', ctx);
    expect(() => decryptField(keyring, stored, { ...ctx, rowId: 'row-2' })).toThrow(FieldDecryptError);
    expect(() => decryptField(keyring, stored, { ...ctx, column: 'bank_routing' })).toThrow(FieldDecryptError);
    expect(() => decryptField(keyring, stored, { ...ctx, table: 'other' })).toThrow(FieldDecryptError);
  });

  it('fails on a tampered, truncated or foreign value, without echoing it', () => {
    const stored = encryptField(keyring, 'secret', ctx);
    const [, , iv, body] = stored.split(':');
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] ^= 1;
    expect(() => decryptField(keyring, `enc:v1:${iv}:${bytes.toString('base64url')}`, ctx)).toThrow(
      /authentication failed/,
    );
    expect(() => decryptField(keyring, `enc:v1:${iv}:${body.slice(0, 10)}`, ctx)).toThrow(FieldDecryptError);
    expect(() => decryptField(keyring, 'plain 123-45-6789', ctx)).toThrow(/not an encrypted field/);
    try {
      decryptField(keyring, 'plain 123-45-6789', ctx);
    } catch (e) {
      expect((e as Error).message).not.toContain('6789');
    }
  });

  it('reads the key version of a stored value', () => {
    expect(keyVersionOf(encryptField(keyring, 'x', ctx))).toBe(1);
    expect(keyVersionOf(encryptField(parseKeyring(`${k1},${generateKey(12)}`), 'x', ctx))).toBe(12);
    expect(keyVersionOf('123-45-6789')).toBeUndefined();
    expect(isEncrypted('123-45-6789')).toBe(false);
    expect(isEncrypted(null)).toBe(false);
  });
});
