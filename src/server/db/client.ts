import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql, type Logger } from 'drizzle-orm';
import * as schema from './schema';
import { serverFiles } from '../lib/paths';
import { shareEventLoop } from './pglite-turns';

// Both drivers expose the same query builder; the app is written against node-postgres' type.
export type Db = NodePgDatabase<typeof schema>;
/**
 * LISTEN on a channel: `onMessage` gets each payload; `onState(false)` says notifications may be
 * missed from now on (connection lost), `onState(true)` that they flow again. Resolves with a stop function.
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onState: (live: boolean) => void,
) => Promise<() => Promise<void>>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void>; listen: Listen };

const migrationsFolder = serverFiles.migrations;

/** `logger` sees every statement drizzle sends (tests count them); none by default, at no cost. */
/** `migrate: false` opens an embedded database as it is (a backup copies it without changing it). */
export type OpenOptions = { logger?: Logger; migrate?: boolean };

// Any fixed pair: the advisory lock that makes concurrent starts migrate one at a time.
const MIGRATION_LOCK = [0x706f7274, 1] as const;

export async function openPostgres(url: string, opts: OpenOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator, a dropped database: 57P01)
  // leaves the pool by itself; without a listener its 'error' is an uncaught exception that would
  // stop the process. Queries in flight still get their own error.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, logger: opts.logger });
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
  return { db, kind: 'postgres', close: () => pool.end(), listen: postgresListener(url) };
}

/** LISTEN on a dedicated connection of its own (pool connections come and go), reconnecting when it drops. */
const postgresListener =
  (url: string): Listen =>
  async (channel, onMessage, onState) => {
    let stopped = false;
    let live = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? ''));
      c.on('error', () => undefined);
      c.on('end', () => {
        if (stopped) return;
        // Said once when the connection is lost, not again for each failed reconnect (every second of an outage).
        if (live) onState(false);
        live = false;
        retry = setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      try {
        await c.connect();
        await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      } catch (e) {
        await c.end().catch(() => undefined);
        throw e;
      }
      client = c;
      live = true;
      onState(true);
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };

// PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly heap, inside our process, and
// is never given back: after the benchmark's load it made the server 420-440 MB. The pages it caches
// are also in the OS page cache, so 32 MB serves the same requests as fast (bench: 0.90x of the
// ceiling either way) in about 110 MB less memory.
const PGLITE_SHARED_BUFFERS = '32MB';

/** `dataDir` undefined gives an in-memory database (tests). */
export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  opts: OpenOptions = {},
): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'db') : undefined, {
    ...(loadDataDir ? { loadDataDir } : {}),
    // The clients search's index (migration 0022) is a trigram one.
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  shareEventLoop(client);
  const db = drizzlePglite(client, { schema, logger: opts.logger });
  if (opts.migrate !== false) await migratePglite(db, { migrationsFolder });
  const listen: Listen = async (channel, onMessage, onState) => {
    // One process owns an embedded database: its notifications cannot be missed.
    const unlisten = await client.listen(channel, onMessage);
    onState(true);
    return () => (client.closed ? Promise.resolve() : unlisten().catch(() => undefined));
  };
  return { db: db as unknown as Db, kind: 'pglite', client, close: () => client.close(), listen };
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
