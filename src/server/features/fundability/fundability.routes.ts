import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import { currentFundability, fundabilityHistory } from './fundability.service';

/**
 * /api/clients/:clientId/fundability: the client's checks and score, computed on each read, and the
 * score's history (kept by the writes to what the checks read: fundability.effects.ts).
 */
export const fundabilityRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => {
    const answer = await currentFundability(c.var.deps.db, c.var.scope.clientId);
    return answer ? c.json(answer) : c.json({ error: 'Not found' }, 404);
  })
  .get('/history', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await fundabilityHistory(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  );
