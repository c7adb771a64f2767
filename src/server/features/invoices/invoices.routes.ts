import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import type { TradelineSource } from '../../../shared/credit-rules';
import { invoiceImportInput, invoiceInput, paydexPlanQuery, paydexTargetInput } from '../../../shared/invoices';
import { INVOICE_MESSAGES } from '../../../shared/invoices-rules';
import { ownTradeline } from '../tradelines/tradelines.routes';
import {
  addInvoice,
  deleteInvoice,
  importInvoices,
  listInvoices,
  paydexEstimateOf,
  paydexPlanOf,
  setOwnTarget,
  updateInvoice,
  type TradelineRef,
} from './invoices.service';

// ownTradeline has checked both parameters: a known source and the scope client's tradeline.
const refOf = (c: { req: { param: (name: 'source' | 'id') => string | undefined } }): TradelineRef => ({
  source: c.req.param('source') as TradelineSource,
  id: c.req.param('id') ?? '',
});

/**
 * /api/clients/:clientId/tradelines/:source/:id/invoices: a tradeline's invoices (the client, or
 * staff for them, audited), paged; /import adds a CSV file's invoices, all or nothing.
 */
export const invoicesRoutes = new Hono<AppEnv>()
  .get('/', access('own'), ownTradeline, validate('query', pageQuery), async (c) =>
    c.json(await listInvoices(c.var.deps.db, c.var.scope.clientId, refOf(c), c.req.valid('query'))),
  )
  .post('/', access('own'), ownTradeline, validate('json', invoiceInput), async (c) =>
    c.json({ invoice: await addInvoice(c.var.deps.db, c.var.scope, refOf(c), c.req.valid('json')) }, 201),
  )
  .post('/import', access('own'), ownTradeline, validate('json', invoiceImportInput), async (c) =>
    c.json(await importInvoices(c.var.deps.db, c.var.scope, refOf(c), c.req.valid('json').csv), 201),
  )
  .put('/:invoiceId', access('own'), ownTradeline, validate('json', invoiceInput), async (c) => {
    const invoice = await updateInvoice(
      c.var.deps.db,
      c.var.scope,
      refOf(c),
      c.req.param('invoiceId'),
      c.req.valid('json'),
    );
    return invoice ? c.json({ invoice }) : c.json({ error: INVOICE_MESSAGES.notFound }, 404);
  })
  .delete('/:invoiceId', access('own'), ownTradeline, async (c) =>
    (await deleteInvoice(c.var.deps.db, c.var.scope, refOf(c), c.req.param('invoiceId')))
      ? c.json({ ok: true as const })
      : c.json({ error: INVOICE_MESSAGES.notFound }, 404),
  );

/** /api/clients/:clientId/paydex-estimate: the estimated PAYDEX from the client's invoices, and its last 12 months. */
export const paydexEstimateRoutes = new Hono<AppEnv>().get('/', access('own'), async (c) =>
  c.json(await paydexEstimateOf(c.var.deps.db, c.var.scope.clientId)),
);

/**
 * /api/clients/:clientId/paydex-plan?target=90: the pay-early plan for a target (80, 90 or 100; the
 * client's own when left out); a payment is recorded with the invoice's PUT. PUT /target saves the
 * client's own target (the client only: staff get 403).
 */
export const paydexPlanRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', paydexPlanQuery), async (c) =>
    c.json({ plan: await paydexPlanOf(c.var.deps.db, c.var.scope.clientId, c.req.valid('query').target) }),
  )
  .put('/target', access('own'), validate('json', paydexTargetInput), async (c) =>
    c.json({ target: await setOwnTarget(c.var.deps.db, c.var.scope, c.req.valid('json').target) }),
  );
