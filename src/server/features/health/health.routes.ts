import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { isReachable } from '../../db/client';
import { access } from '../../middleware/access';

export const healthRoutes = new Hono<AppEnv>().get('/', access('public'), async (c) => {
  const up = await isReachable(c.var.deps.db);
  return c.json({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' }, up ? 200 : 503);
});
