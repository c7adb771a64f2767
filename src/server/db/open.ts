import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
import { projectRoot } from '../lib/paths';
import { appSettings } from './schema';

/**
 * Opens the configured database; for the embedded one, only after locking the data directory.
 * `demo`: an embedded database created now gets the demo too (the server's first start).
 */
export async function openDatabase(config: Config, { demo = false } = {}) {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    return { ...database, release: () => {} };
  }
  const release = lockDataDir(config.dataDir);
  try {
    if (!fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) await prepareInChild(demo);
    const database = await openPglite(config.dataDir);
    return { ...database, release };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * Creating an embedded database (initdb), migrating it and making the demo grow PGlite's
 * WebAssembly memory to about 800 MB, and a process never gets that memory back: a first start
 * stayed at ~450 MB, a restart on the same directory ~270 MB. So the first start does that work in
 * a short-lived process of its own (prepare-database, run from the source or the built server as this
 * module is), with the same environment, then opens what it made.
 */
async function prepareInChild(demo: boolean) {
  const fromSource = import.meta.url.endsWith('.ts');
  const script = path.join(
    projectRoot,
    fromSource ? 'src/server/db/prepare-database.ts' : 'dist/server/prepare-database.js',
  );
  const args = [...(fromSource ? ['--import', 'tsx'] : []), script, ...(demo ? ['--demo'] : [])];
  // The IPC channel closes when this process ends however it ends: the child then stops too.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database failed (exit code ${code})`);
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
export async function sharedSecret(
  db: Db,
  key: string,
  keyring: Keyring,
  /** The value a first instance makes: 32 random bytes unless the setting needs another shape. */
  make: () => string | Promise<string> = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const ctx = { table: 'app_settings', column: 'value', rowId: key };
  await db
    .insert(appSettings)
    .values({ key, value: encryptField(keyring, await make(), ctx) })
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
