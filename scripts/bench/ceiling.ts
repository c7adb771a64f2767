// The ceiling for `npm run bench`: a bare Hono handler that runs the same SQL as the portal's
// compliance-task list (the service function itself, on its own connection pool of the same size
// or on the same embedded database), with no session, no checks, no middleware.
//   node --import tsx scripts/bench/ceiling.ts <port> <postgres url | pglite data dir>
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { listTasks } from '../../src/server/features/compliance/compliance.read';
import { taskListQuery } from '../../src/shared/compliance';

const [port, target] = process.argv.slice(2);
const database = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(target);
const query = taskListQuery.parse({});
const app = new Hono().get('/tasks/:clientId', async (c) =>
  c.json(await listTasks(database.db, c.req.param('clientId'), query)),
);
serve({ fetch: app.fetch, port: Number(port) }, () => console.log(`ceiling listening on ${port}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void database.close().finally(() => process.exit(0)));
