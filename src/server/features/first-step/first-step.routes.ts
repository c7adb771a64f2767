import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { firstStepAccountInput, firstStepOpenInput } from '../../../shared/credit';
import { FIRST_STEP_MESSAGES, MEMBERS_ONLY_ERROR } from '../../../shared/first-step';
import { pageQuery } from '../../../shared/paging';
import { callerHasMemberAccess } from '../membership/membership.service';
import {
  createFirstStepAccount,
  deleteFirstStepAccount,
  firstStepAccountExists,
  listFirstStepAccounts,
  listForClient,
  openFirstStepAccount,
  undoFirstStepOpening,
  updateFirstStepAccount,
} from './first-step.service';

const { notFound, notOpened } = FIRST_STEP_MESSAGES;

/** The one membership rule: members and admins pass; anyone else is told where to join (403). */
const membersOnly = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user || !(await callerHasMemberAccess(c.var.deps.db, user))) return c.json({ error: MEMBERS_ONLY_ERROR }, 403);
  return next();
});

// Before validation: an unknown account is a 404 whatever the body says.
const knownAccount = createMiddleware<AppEnv>(async (c, next) => {
  const id = c.req.param('firstStepId') ?? '';
  if (id.length > 64 || !(await firstStepAccountExists(c.var.deps.db, id))) return c.json({ error: notFound }, 404);
  return next();
});

/** /api/first-step-accounts: the catalog. Members and admins read it; admins maintain it. */
export const firstStepAccountsRoutes = new Hono<AppEnv>()
  .get('/', access('user'), membersOnly, validate('query', pageQuery), async (c) =>
    c.json(await listFirstStepAccounts(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/', access('admin'), validate('json', firstStepAccountInput), async (c) =>
    c.json({ account: await createFirstStepAccount(c.var.deps.db, c.req.valid('json')) }, 201),
  )
  .put('/:firstStepId', access('admin'), knownAccount, validate('json', firstStepAccountInput), async (c) => {
    const account = await updateFirstStepAccount(c.var.deps.db, c.req.param('firstStepId'), c.req.valid('json'));
    return account ? c.json({ account }) : c.json({ error: notFound }, 404);
  })
  .delete('/:firstStepId', access('admin'), knownAccount, async (c) => {
    const deleted = await deleteFirstStepAccount(c.var.deps.db, c.req.param('firstStepId'));
    return deleted ? c.json({ ok: true }) : c.json({ error: notFound }, 404);
  });

/**
 * /api/clients/:clientId/first-step-accounts: the catalog with the client's openings; a member
 * marks an account opened (with the date) or undoes it; an admin does so for a client, audited.
 */
export const clientFirstStepRoutes = new Hono<AppEnv>()
  .get('/', access('own'), membersOnly, validate('query', pageQuery), async (c) =>
    c.json(await listForClient(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post(
    '/:firstStepId/opening',
    access('own'),
    membersOnly,
    knownAccount,
    validate('json', firstStepOpenInput),
    async (c) => {
      const opening = await openFirstStepAccount(
        c.var.deps.db,
        c.var.scope,
        c.req.param('firstStepId'),
        c.req.valid('json').dateOpened,
      );
      return opening ? c.json({ opening }, 201) : c.json({ error: notFound }, 404);
    },
  )
  .delete('/:firstStepId/opening', access('own'), membersOnly, knownAccount, async (c) => {
    const undone = await undoFirstStepOpening(c.var.deps.db, c.var.scope, c.req.param('firstStepId'));
    return undone ? c.json({ ok: true }) : c.json({ error: notOpened }, 404);
  });
