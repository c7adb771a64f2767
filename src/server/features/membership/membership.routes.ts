import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { membershipInput } from '../../../shared/membership';
import { getMembership, setMembership } from './membership.service';

/**
 * /api/clients/:clientId/membership. GET: the client or any admin reads it. PUT: administrators
 * only (a client may never make themselves a member), audited, the client notified.
 */
export const membershipRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => c.json(await getMembership(c.var.deps.db, c.var.scope.clientId)))
  .put('/', access('admin'), validate('json', membershipInput), async (c) => {
    const result = await setMembership(c.var.deps, c.var.scope, c.req.valid('json').isPaid);
    return result ? c.json({ isPaid: result.isPaid }) : c.json({ error: 'Not found' }, 404);
  });
