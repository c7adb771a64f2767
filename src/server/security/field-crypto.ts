import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring';

/** A stored ciphertext, `enc:v<N>:<iv>:<ciphertext+tag>`; the brand keeps plaintext from being written by mistake. */
export type Sealed = string & { readonly __sealed: unique symbol };

/**
 * Where a value lives. It is the GCM associated data, so a ciphertext copied to another row,
 * column or table fails to decrypt instead of showing one client's SSN as another's.
 */
export type FieldContext = { table: string; column: string; rowId: string | number };

/** Wrong key, wrong place or tampered value. The message names the place, never the value. */
export class FieldDecryptError extends Error {
  constructor(ctx: FieldContext, reason: string) {
    super(`Cannot decrypt ${ctx.table}.${ctx.column} of row ${ctx.rowId}: ${reason}`);
    this.name = 'FieldDecryptError';
  }
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = /^enc:v([1-9][0-9]*):([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/;

const aad = (ctx: FieldContext) => Buffer.from(`${ctx.table}\u0000${ctx.column}\u0000${ctx.rowId}`, 'utf8');

export function isEncrypted(stored: unknown): stored is Sealed {
  return typeof stored === 'string' && FORMAT.test(stored);
}

/** The key version a stored value was encrypted with (undefined when it is not a ciphertext). */
export function keyVersionOf(stored: string): number | undefined {
  const match = FORMAT.exec(stored);
  return match ? Number(match[1]) : undefined;
}

export function encryptField(keyring: Keyring, plaintext: string, ctx: FieldContext): Sealed;
export function encryptField(keyring: Keyring, plaintext: string | null | undefined, ctx: FieldContext): Sealed | null;
export function encryptField(keyring: Keyring, plaintext: string | null | undefined, ctx: FieldContext): Sealed | null {
  if (plaintext === null || plaintext === undefined) return null;
  const version = keyring.current;
  // A random 96-bit IV per value: with GCM, reusing an IV under one key would reveal plaintexts.
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.key(version)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(ctx));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `enc:v${version}:${iv.toString('base64url')}:${body.toString('base64url')}` as Sealed;
}

export function decryptField(keyring: Keyring, stored: string, ctx: FieldContext): string;
export function decryptField(keyring: Keyring, stored: string | null | undefined, ctx: FieldContext): string | null;
export function decryptField(keyring: Keyring, stored: string | null | undefined, ctx: FieldContext): string | null {
  if (stored === null || stored === undefined) return null;
  const match = FORMAT.exec(stored);
  if (!match) throw new FieldDecryptError(ctx, 'the stored value is not an encrypted field');
  const version = Number(match[1]);
  const key = keyring.key(version);
  if (!key)
    throw new FieldDecryptError(
      ctx,
      `key v${version} is not in the keyring (have ${keyring.versions.map((v) => `v${v}`).join(', ')})`,
    );
  const iv = Buffer.from(match[2], 'base64url');
  const body = Buffer.from(match[3], 'base64url');
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
    throw new FieldDecryptError(ctx, 'the stored value is truncated');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(ctx));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new FieldDecryptError(
      ctx,
      'authentication failed (wrong key, value moved from another row or column, or tampered)',
    );
  }
}
