import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import { socialAccountInput, socialAccountUpdate } from '../../../shared/web-presence';
import {
  addSocialAccount,
  deleteSocialAccount,
  listSocialAccounts,
  revealSocialPassword,
  socialAccountExists,
  updateSocialAccount,
} from './social-accounts.service';

const NOT_FOUND = 'Social media account not found.';

// Runs before validation, so another client's account is a 404 whatever the body says.
const ownAccount = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('socialAccountId') ?? '';
  if (id.length > 64 || !(await socialAccountExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: NOT_FOUND }, 404);
  return next();
});

/** /api/clients/:clientId/social-accounts: list (never a password), add, edit, delete, and the audited password reveal (POST: nothing prefetches or caches it). */
export const socialAccountsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await listSocialAccounts(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', socialAccountInput), async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json({ account: await addSocialAccount(db, keyring, c.var.scope, c.req.valid('json')) }, 201);
  })
  .patch('/:socialAccountId', access('own'), ownAccount, validate('json', socialAccountUpdate), async (c) => {
    const { db, keyring } = c.var.deps;
    const account = await updateSocialAccount(
      db,
      keyring,
      c.var.scope,
      c.req.param('socialAccountId'),
      c.req.valid('json'),
    );
    return account ? c.json({ account }) : c.json({ error: NOT_FOUND }, 404);
  })
  .delete('/:socialAccountId', access('own'), ownAccount, async (c) => {
    const deleted = await deleteSocialAccount(c.var.deps.db, c.var.scope, c.req.param('socialAccountId'));
    return deleted ? c.json({ ok: true as const }) : c.json({ error: NOT_FOUND }, 404);
  })
  .post('/:socialAccountId/reveal/password', access('own'), ownAccount, async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealSocialPassword(db, keyring, c.var.scope, c.req.param('socialAccountId'));
    return value === null ? c.json({ error: 'No password is on file.' }, 404) : c.json({ value });
  });
