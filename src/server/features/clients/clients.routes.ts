import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { clientListQuery } from '../../../shared/clients';
import { getClientSummary, listClients } from './clients.service';

/** The spec's get-clients, for the admin Clients screen: never a password or its hash. */
export const clientsRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), validate('query', clientListQuery), async (c) => c.json(await listClients(c.var.deps.db, c.req.valid('query'))))
  // The client selector's chosen client, named even when a search does not list it.
  .get('/:clientId/summary', access('admin'), async (c) => {
    const summary = await getClientSummary(c.var.deps.db, c.req.param('clientId'));
    return summary ? c.json(summary) : c.json({ error: 'Not found' }, 404);
  });
