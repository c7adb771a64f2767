import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { searchQuery } from '../../../shared/search';
import { searchClientItems, searchClients } from './search.service';

/**
 * The top bar's search in one client's things (and the shared catalogue): the client themselves, or
 * an admin acting for them (access('own') decides, as for every list of theirs). An admin's links
 * name the client (?client=), so the page opens on that client.
 */
export const clientSearchRoutes = new Hono<AppEnv>().get(
  '/',
  access('own'),
  validate('query', searchQuery),
  async (c) => {
    const { clientId, actorId, isAdmin } = c.var.scope;
    const linkClient = isAdmin && clientId !== actorId ? clientId : undefined;
    return c.json(await searchClientItems(c.var.deps.db, clientId, c.req.valid('query').q, linkClient));
  },
);

/** Staff find the clients they work by name, e-mail or phone. */
export const clientsSearchRoutes = new Hono<AppEnv>().get(
  '/',
  access('staff'),
  validate('query', searchQuery),
  async (c) => c.json(await searchClients(c.var.deps.db, c.var.user!, c.req.valid('query').q)),
);
