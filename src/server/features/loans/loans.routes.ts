import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { staffNoticeRefusal } from '../../middleware/staff-notice-limit';
import { validate } from '../../middleware/validate';
import { LOAN_MESSAGES, loanInput, loanListQuery, loanReviewInput } from '../../../shared/loans';
import {
  addLoan,
  deleteLoan,
  listLoans,
  loanAccess,
  resubmits,
  reviewLoan,
  updateLoan,
  type Asker,
  type LoanAccess,
} from './loans.service';

type LoanEnv = AppEnv & { Variables: { loan: Extract<LoanAccess, { status: 'ok' }> } };

const askerOf = (c: { var: { user: AppEnv['Variables']['user'] } }): Asker => ({
  id: c.var.user!.id,
  isAdmin: c.var.user!.role === 'admin',
});

// Runs before validation: an unknown offer (or another client's not yet approved) is a 404 and
// someone else's a 403, whatever the body says.
const editableLoan = createMiddleware<LoanEnv>(async (c, next) => {
  const id = c.req.param('loanId') ?? '';
  const found = id.length > 64 ? ({ status: 'not-found' } as const) : await loanAccess(c.var.deps.db, askerOf(c), id);
  if (found.status === 'not-found') return c.json({ error: LOAN_MESSAGES.notFound }, 404);
  if (found.status === 'not-yours') return c.json({ error: LOAN_MESSAGES.notYours }, 403);
  c.set('loan', found);
  return next();
});

/** /api/loans: the shared Credit & Loans Directory. */
export const loansRoutes = new Hono<LoanEnv>()
  .get('/', access('shared-read'), validate('query', loanListQuery), async (c) =>
    c.json(await listLoans(c.var.deps.db, askerOf(c), c.req.valid('query'))),
  )
  // A client's offer goes to staff for review: one of the client's staff-notifying actions this hour.
  .post('/', access('user'), validate('json', loanInput), async (c) => {
    const asker = askerOf(c);
    const refusal = asker.isAdmin ? null : await staffNoticeRefusal(c, asker.id);
    return refusal ?? c.json({ loan: await addLoan(c.var.deps, asker, c.req.valid('json')) }, 201);
  })
  .patch('/:loanId', access('user'), editableLoan, validate('json', loanInput), async (c) => {
    const { loan, author } = c.var.loan;
    const asker = askerOf(c);
    const input = c.req.valid('json');
    // Only a change that sends the offer back to review notifies staff, so only it is counted.
    const refusal = resubmits(asker, loan, input) ? await staffNoticeRefusal(c, asker.id) : null;
    if (refusal) return refusal;
    const updated = await updateLoan(c.var.deps, asker, loan, author, input);
    return updated ? c.json({ loan: updated }) : c.json({ error: LOAN_MESSAGES.notFound }, 404);
  })
  .delete('/:loanId', access('user'), editableLoan, async (c) => {
    const { loan, author } = c.var.loan;
    const deleted = await deleteLoan(c.var.deps.db, askerOf(c), loan, author);
    return deleted ? c.json({ ok: true }) : c.json({ error: LOAN_MESSAGES.notFound }, 404);
  })
  // Staff approve or reject an offer (409 when it already stands so).
  .post('/:loanId/review', access('admin'), validate('json', loanReviewInput), async (c) => {
    const id = c.req.param('loanId');
    const result =
      id.length > 64
        ? ({ status: 'not-found' } as const)
        : await reviewLoan(c.var.deps.db, askerOf(c), id, c.req.valid('json'));
    if (result.status === 'not-found') return c.json({ error: LOAN_MESSAGES.notFound }, 404);
    if (result.status === 'same') return c.json({ error: LOAN_MESSAGES.alreadyReviewed(result.state) }, 409);
    return c.json({ loan: result.loan });
  });
