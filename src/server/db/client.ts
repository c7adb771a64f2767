import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

// Both drivers expose the same query builder; the app is written against node-postgres' type.
export type Db = NodePgDatabase<typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Any fixed pair: the advisory lock that makes concurrent starts migrate one at a time.
const MIGRATION_LOCK = [0x706f7274, 1] as const;

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema });
  try {
    // Instances starting together (scale-out, rolling deploys) would otherwise run the same
    // migrations at once and crash on "duplicate key" in CREATE SCHEMA / CREATE TABLE. The lock
    // belongs to one connection and ends with it, also when this process dies.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
      await migratePg(db, { migrationsFolder });
    } finally {
      lock.release(true); // closes the connection, and with it the lock
    }
  } catch (e) {
    await pool.end().catch(() => {});
    throw e;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** `dataDir` undefined gives an in-memory database (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'db') : undefined, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
