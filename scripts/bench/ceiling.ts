// The ceilings for `npm run bench`, bare Hono handlers with no session, no checks, no middleware:
//   node --import tsx scripts/bench/ceiling.ts <port> <postgres url | pglite data dir> [bare <client id>]
// - without `bare`: the portal's compliance-task list service itself (drizzle, its mapping to the
//   answer), on its own connection pool of the same size or on the same embedded database;
// - with `bare`: the statements that service sends for the client's first page, captured once
//   (their SQL text and parameters as drizzle sent them), replayed on every request through bare
//   node-postgres (a pg.Pool of the same size) or PGlite's own query, their rows answered as they
//   come: what the database and the wire cost, with no ORM at all.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { listTasks } from '../../src/server/features/compliance/compliance.read';
import { taskListQuery } from '../../src/shared/compliance';

const [port, target, mode, clientId] = process.argv.slice(2);
const onPostgres = target.startsWith('postgres');
const query = taskListQuery.parse({});
const statements: { sql: string; params: unknown[] }[] = [];
// Only the bare ceiling listens, and only to its one capturing call.
let capturing = true;
const logger = { logQuery: (sql: string, params: unknown[]) => void (capturing && statements.push({ sql, params })) };
const opts = mode === 'bare' ? { logger } : {};
const database = onPostgres ? await openPostgres(target, opts) : await openPglite(target, undefined, opts);

let app: Hono;
let close: () => Promise<void>;
if (mode === 'bare') {
  // Migrations ran before (the portal's start): what is captured now is the list's statements alone.
  statements.length = 0;
  await listTasks(database.db, clientId, query);
  capturing = false;
  if (statements.length === 0) throw new Error('the compliance list sent no statement');
  let run: (sql: string, params: unknown[]) => Promise<unknown[]>;
  if (onPostgres) {
    await database.close();
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    run = async (sql, params) => (await pool.query(sql, params)).rows;
    close = () => pool.end();
  } else {
    const { client } = database as Awaited<ReturnType<typeof openPglite>>;
    run = async (sql, params) => (await client.query(sql, params)).rows;
    close = () => database.close();
  }
  app = new Hono().get('/bare', async (c) => c.json(await Promise.all(statements.map((s) => run(s.sql, s.params)))));
} else {
  app = new Hono().get('/tasks/:clientId', async (c) =>
    c.json(await listTasks(database.db, c.req.param('clientId'), query)),
  );
  close = () => database.close();
}
serve({ fetch: app.fetch, port: Number(port) }, () =>
  console.log(`ceiling listening on ${port}${mode === 'bare' ? ` (${statements.length} statements)` : ''}`),
);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void close().finally(() => process.exit(0)));
