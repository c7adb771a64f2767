import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { bankAccountInput, type BankNumberField } from '../../../shared/bank-accounts';
import { adminListQuery, pageQuery } from '../../../shared/paging';
import {
  addBankAccount,
  bankAccountExists,
  deleteBankAccount,
  listAllBankAccounts,
  listBankAccounts,
  revealBankNumber,
  updateBankAccount,
} from './bank-accounts.service';

const NOT_FOUND = 'Bank account not found.';
const NO_NUMBER: Record<BankNumberField, string> = {
  'account-number': 'No account number is on file.',
  'routing-number': 'No routing number is on file.',
};

// Runs before validation, so another client's account is a 404 whatever the body says.
const ownAccount = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('accountId') ?? '';
  if (id.length > 64 || !(await bankAccountExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: NOT_FOUND }, 404);
  return next();
});

/** /api/clients/:clientId/bank-accounts: the client's own accounts (admins: any client's, audited). */
export const bankAccountsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json(await listBankAccounts(db, keyring, c.var.scope.clientId, c.req.valid('query')));
  })
  .post('/', access('own'), validate('json', bankAccountInput), async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json({ account: await addBankAccount(db, keyring, c.var.scope, c.req.valid('json')) }, 201);
  })
  .patch('/:accountId', access('own'), ownAccount, validate('json', bankAccountInput), async (c) => {
    const { db, keyring } = c.var.deps;
    const account = await updateBankAccount(db, keyring, c.var.scope, c.req.param('accountId'), c.req.valid('json'));
    return account ? c.json({ account }) : c.json({ error: NOT_FOUND }, 404);
  })
  .delete('/:accountId', access('own'), ownAccount, async (c) => {
    const deleted = await deleteBankAccount(c.var.deps.db, c.var.scope, c.req.param('accountId'));
    return deleted ? c.json({ ok: true }) : c.json({ error: NOT_FOUND }, 404);
  })
  // One reveal route per number; POST so nothing prefetches or caches it (API responses are no-store).
  .post('/:accountId/reveal/account-number', access('own'), ownAccount, async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealBankNumber(db, keyring, c.var.scope, c.req.param('accountId'), 'account-number');
    return value === null ? c.json({ error: NO_NUMBER['account-number'] }, 404) : c.json({ value });
  })
  .post('/:accountId/reveal/routing-number', access('own'), ownAccount, async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealBankNumber(db, keyring, c.var.scope, c.req.param('accountId'), 'routing-number');
    return value === null ? c.json({ error: NO_NUMBER['routing-number'] }, 404) : c.json({ value });
  });

/** /api/bank-accounts: admins see every client's accounts (numbers masked), a page at a time, each with the client's name. */
export const allBankAccountsRoutes = new Hono<AppEnv>().get(
  '/',
  access('staff'),
  validate('query', adminListQuery),
  clientQuery,
  async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json(await listAllBankAccounts(db, keyring, c.var.user!, c.req.valid('query')));
  },
);
