import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { capitalScoreInput, paydexScoreInput } from '../../../shared/scores';
import { getScores, setScore } from './scores.service';

const ONLY_ADMINS = 'Only administrators can set scores.';

// Clients read their own scores; setting them is for administrators (checked after validation, as
// payments do, so a client's malformed request is told what is wrong with it first).
export const scoresRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => c.json(await getScores(c.var.deps.db, c.var.scope.clientId)))
  .put('/capital', access('own'), validate('json', capitalScoreInput), async (c) => {
    if (!c.var.scope.isAdmin) return c.json({ error: ONLY_ADMINS }, 403);
    return c.json(await setScore(c.var.deps.db, c.var.scope, 'capital', c.req.valid('json').score));
  })
  .put('/paydex', access('own'), validate('json', paydexScoreInput), async (c) => {
    if (!c.var.scope.isAdmin) return c.json({ error: ONLY_ADMINS }, 403);
    return c.json(await setScore(c.var.deps.db, c.var.scope, 'paydex', c.req.valid('json').score));
  });
