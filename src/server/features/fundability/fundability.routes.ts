import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import { fundabilityHistory, recomputeFundability } from './fundability.service';

/** /api/clients/:clientId/fundability: the client's checks and score (computed on each read, history kept), and the score's history. */
export const fundabilityRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => {
    const answer = await recomputeFundability(c.var.deps.db, c.var.scope.clientId);
    return answer ? c.json(answer) : c.json({ error: 'Not found' }, 404);
  })
  .get('/history', access('own'), validate('query', pageQuery), async (c) => c.json(await fundabilityHistory(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))));
