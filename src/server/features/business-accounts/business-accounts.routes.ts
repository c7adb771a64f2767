import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { businessAccountInput, businessAccountListQuery } from '../../../shared/business-accounts';
import {
  addBusinessAccount,
  businessAccountExists,
  deleteBusinessAccount,
  listBusinessAccounts,
  updateBusinessAccount,
} from './business-accounts.service';

const NOT_FOUND = 'Business account not found.';

// Runs before validation, so another client's account is a 404 whatever the body says.
const ownAccount = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('businessAccountId') ?? '';
  if (id.length > 64 || !(await businessAccountExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: NOT_FOUND }, 404);
  return next();
});

/** /api/clients/:clientId/business-accounts: Business Presence Accounts with their label/value details. */
export const businessAccountsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', businessAccountListQuery), async (c) =>
    c.json(await listBusinessAccounts(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', businessAccountInput), async (c) =>
    c.json({ account: await addBusinessAccount(c.var.deps.db, c.var.scope, c.req.valid('json')) }, 201),
  )
  .put('/:businessAccountId', access('own'), ownAccount, validate('json', businessAccountInput), async (c) => {
    const account = await updateBusinessAccount(
      c.var.deps.db,
      c.var.scope,
      c.req.param('businessAccountId'),
      c.req.valid('json'),
    );
    return account ? c.json({ account }) : c.json({ error: NOT_FOUND }, 404);
  })
  .delete('/:businessAccountId', access('own'), ownAccount, async (c) => {
    const deleted = await deleteBusinessAccount(c.var.deps.db, c.var.scope, c.req.param('businessAccountId'));
    return deleted ? c.json({ ok: true }) : c.json({ error: NOT_FOUND }, 404);
  });
