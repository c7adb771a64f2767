import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { tradelineInput, TRADELINE_SOURCES, type TradelineSource } from '../../../shared/credit';
import { pageQuery } from '../../../shared/paging';
import { MEMBERS_ONLY_ERROR } from '../../../shared/first-step';
import { callerHasMemberAccess } from '../membership/membership.service';
import { tradelineExists, tradelineSummary, updateTradeline } from './tradelines.service';

const NOT_FOUND = 'Tradeline not found.';
const isSource = (s: string): s is TradelineSource => (TRADELINE_SOURCES as readonly string[]).includes(s);

// Runs before validation, so another client's card (or an unknown source) is a 404 whatever the body says.
export const ownTradeline = createMiddleware<AppEnv>(async (c, next) => {
  const source = c.req.param('source') ?? '';
  const id = c.req.param('id') ?? '';
  if (!isSource(source) || id.length > 64 || !(await tradelineExists(c.var.deps.db, c.var.scope.clientId, source, id)))
    return c.json({ error: NOT_FOUND }, 404);
  // A First Step opening is members' data, as the First Step routes are: a lapsed member still
  // sees it in the summary but no longer changes it (admins pass).
  const user = c.get('user');
  if (source === 'first-step' && !(user && (await callerHasMemberAccess(c.var.deps.db, user))))
    return c.json({ error: MEMBERS_ONLY_ERROR }, 403);
  return next();
});

/**
 * /api/clients/:clientId/tradelines: the client's tradelines (their store cards, revolving credits
 * and opened First Step Accounts) with the summary; PUT records one's bureaus and dates (the
 * client, or an admin for them, audited).
 */
export const tradelinesRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await tradelineSummary(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .put('/:source/:id', access('own'), ownTradeline, validate('json', tradelineInput), async (c) => {
    const tradeline = await updateTradeline(
      c.var.deps.db,
      c.var.scope,
      c.req.param('source') as TradelineSource,
      c.req.param('id'),
      c.req.valid('json'),
    );
    return tradeline ? c.json({ tradeline }) : c.json({ error: NOT_FOUND }, 404);
  });
