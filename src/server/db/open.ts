import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import {
  decryptField,
  encryptField,
  FieldDecryptError,
  isEncrypted,
  keyVersionOf,
  type FieldContext,
} from '../security/field-crypto';
import type { Keyring } from '../security/keyring';
import { openPglite, openPostgres, type Db } from './client';
import { lockDataDir } from './data-dir-lock';
import { appSettings } from './schema';

/** Opens the configured database; for the embedded one, only after locking the data directory. */
export async function openDatabase(config: Config) {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    return { ...database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite(config.dataDir);
    return { ...database, release };
  } catch (e) {
    release();
    throw e;
  }
}

/** Another instance's data key sealed it: a setting to fix, said as one (the server then exits with 2). */
function openSecret(keyring: Keyring, stored: string, ctx: FieldContext) {
  try {
    return decryptField(keyring, stored, ctx);
  } catch (e) {
    if (!(e instanceof FieldDecryptError)) throw e;
    throw new Error(
      `Invalid configuration: the database's ${ctx.rowId} was sealed with another data key. Every instance on one database needs the same DATA_KEY (or data-key file): ${e.message}`,
      { cause: e },
    );
  }
}

/**
 * A random value created once and shared by every instance on this database, stored sealed with
 * the data key: a database dump or backup alone (which never holds the key) then cannot sign a
 * session cookie or open the two-factor secrets encrypted with it. A value from before sealing,
 * or on an older key version, is sealed again here.
 */
export async function sharedSecret(db: Db, key: string, keyring: Keyring): Promise<string> {
  const ctx = { table: 'app_settings', column: 'value', rowId: key };
  await db
    .insert(appSettings)
    .values({ key, value: encryptField(keyring, randomBytes(32).toString('base64url'), ctx) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  const stored = row.value;
  const value = isEncrypted(stored) ? openSecret(keyring, stored, ctx) : (stored as string);
  if (keyVersionOf(stored) !== keyring.current) {
    // Only if nobody re-sealed it meanwhile: every instance reads the same plaintext either way.
    await db
      .update(appSettings)
      .set({ value: encryptField(keyring, value, ctx) })
      .where(and(eq(appSettings.key, key), eq(appSettings.value, stored)));
  }
  return value;
}
