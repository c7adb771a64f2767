import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { LOAN_MESSAGES, loanInput } from '../../../shared/loans';
import { pageQuery } from '../../../shared/paging';
import { addLoan, deleteLoan, listLoans, loanAccess, updateLoan, type Asker, type LoanAccess } from './loans.service';

type LoanEnv = AppEnv & { Variables: { loan: Extract<LoanAccess, { status: 'ok' }> } };

const askerOf = (c: { var: { user: AppEnv['Variables']['user'] } }): Asker => ({ id: c.var.user!.id, isAdmin: c.var.user!.role === 'admin' });

// Runs before validation: an unknown offer is a 404 and someone else's a 403, whatever the body says.
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
  .get('/', access('shared-read'), validate('query', pageQuery), async (c) => c.json(await listLoans(c.var.deps.db, askerOf(c), c.req.valid('query'))))
  .post('/', access('user'), validate('json', loanInput), async (c) => c.json({ loan: await addLoan(c.var.deps.db, askerOf(c), c.req.valid('json')) }, 201))
  .patch('/:loanId', access('user'), editableLoan, validate('json', loanInput), async (c) => {
    const { loan, author } = c.var.loan;
    const updated = await updateLoan(c.var.deps.db, askerOf(c), loan, author, c.req.valid('json'));
    return updated ? c.json({ loan: updated }) : c.json({ error: LOAN_MESSAGES.notFound }, 404);
  })
  .delete('/:loanId', access('user'), editableLoan, async (c) => {
    const { loan, author } = c.var.loan;
    const deleted = await deleteLoan(c.var.deps.db, askerOf(c), loan, author);
    return deleted ? c.json({ ok: true }) : c.json({ error: LOAN_MESSAGES.notFound }, 404);
  });
