import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
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

/** A random value created once and shared by every instance on this database. */
export async function sharedSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
