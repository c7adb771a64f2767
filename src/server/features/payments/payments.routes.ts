import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import { ONLY_ADMINS_ADD, ONLY_ADMINS_EDIT, paymentInput, paymentUpdate } from '../../../shared/payments';
import { addPayment, listPayments, parsePaymentId, paymentExists, updatePayment } from './payments.service';

const NOT_FOUND = 'Payment not found.';

// Runs before validation, so a payment of another client is a 404 whatever the body says.
const ownPayment = createMiddleware<AppEnv>(async (c, next) => {
  const id = parsePaymentId(c.req.param('paymentId'));
  if (id === null || !(await paymentExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: NOT_FOUND }, 404);
  return next();
});

// Clients read their own payments; adding and editing is for administrators (checked after
// validation, so a client's malformed request is told what is wrong with it first).
export const paymentsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await listPayments(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', paymentInput), async (c) => {
    if (!c.var.scope.isAdmin) return c.json({ error: ONLY_ADMINS_ADD }, 403);
    return c.json({ payment: await addPayment(c.var.deps.db, c.var.scope, c.req.valid('json')) }, 201);
  })
  .patch('/:paymentId', access('own'), ownPayment, validate('json', paymentUpdate), async (c) => {
    if (!c.var.scope.isAdmin) return c.json({ error: ONLY_ADMINS_EDIT }, 403);
    const payment = await updatePayment(
      c.var.deps.db,
      c.var.scope,
      Number(c.req.param('paymentId')),
      c.req.valid('json'),
    );
    return payment ? c.json({ payment }) : c.json({ error: NOT_FOUND }, 404);
  });
