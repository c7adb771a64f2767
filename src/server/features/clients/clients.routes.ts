import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { clientListQuery } from '../../../shared/clients';
import { listClients } from './clients.service';

/** The spec's get-clients, for the admin Clients screen: never a password or its hash. */
export const clientsRoutes = new Hono<AppEnv>().get('/', access('admin'), validate('query', clientListQuery), async (c) =>
  c.json(await listClients(c.var.deps.db, c.req.valid('query'))),
);
