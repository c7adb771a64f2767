import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type OpenOptions } from '../db/client';
import { adminQuery } from './pg-admin';

export type TestDatabase = Database & { name: string };

/**
 * A fresh, migrated database for one test file (or one test app):
 * - PGlite (default): an in-memory copy of the template made by global-setup;
 * - PostgreSQL when TEST_DATABASE_URL is set: a new database `test_<random>` on that server, a
 *   copy of the migrated template made by global-setup, dropped again by `close()`.
 * `opts.logger` sees every statement the app's drizzle instance sends (statement-count.test.ts).
 */
export async function openTestDatabase(opts: OpenOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return openPostgresTestDatabase(serverUrl, opts);

  const template = inject('pgliteTemplate');
  if (!template) throw new Error('No PGlite template: is src/server/test/global-setup.ts in vitest.config.ts?');
  const database = await openPglite(undefined, new Blob([fs.readFileSync(template)]), opts);
  let closed: Promise<void> | undefined;
  return {
    db: database.db,
    kind: database.kind,
    name: 'pglite',
    close: () => (closed ??= database.close()),
    listen: database.listen,
  };
}

/**
 * A query sent on a connection that is still running another one (Promise.all inside a
 * transaction) fails the test: pg queues it and warns "client.query() when the client is already
 * executing a query" (deprecated, an error in pg 9), and the two no longer run in the order written.
 */
function refuseConcurrentQueries() {
  const proto = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
    _activeQuery?: unknown;
    _queryQueue?: unknown[];
    refusing?: boolean;
  };
  if (proto.refusing) return;
  proto.refusing = true;
  const query = proto.query;
  proto.query = function (this: typeof proto, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue?.length)
      throw new Error(
        'A query was sent on a connection still running another one (run them one after the other in a transaction)',
      );
    return query.apply(this, args);
  };
}

async function openPostgresTestDatabase(serverUrl: string, opts: OpenOptions): Promise<TestDatabase> {
  refuseConcurrentQueries();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openPostgres(url.toString(), opts);
  } catch (e) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw e;
  }
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    })());
  return { db: database.db, kind: database.kind, name, close, listen: database.listen };
}

/** Every row of every table outside the system schemas, as JSON text (to search for secrets). */
export async function dumpAllTables(db: Database['db']): Promise<string> {
  const tables = await db.execute<{ table_schema: string; table_name: string }>(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const out: Record<string, unknown[]> = {};
  for (const t of tables.rows) {
    const rows = await db.execute(sql.raw(`select * from "${t.table_schema}"."${t.table_name}"`));
    out[`${t.table_schema}.${t.table_name}`] = rows.rows;
  }
  return JSON.stringify(out);
}
