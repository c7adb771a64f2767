import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, workedClients } from '../../middleware/access';
import { sendArchive } from '../../uploads/serve';
import { csvRow } from '../../../shared/csv';
import {
  instalmentExists,
  parseInstalmentId,
  refundInstalment,
  requestInstalment,
  revenue,
  settleInstalment,
} from './billing.admin';
import { clientIp } from '../../middleware/client-ip';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import {
  agreementQuery,
  agreementTemplateInput,
  agreementTemplateQuery,
  checkoutInput,
  INSTALMENT_NOT_FOUND,
  settleInstalmentInput,
  type RevenueRow,
  ONLY_CLIENT_PAYS,
  ONLY_CLIENT_SIGNS,
  signAgreementInput,
} from '../../../shared/billing';
import { programById, type ProgramId } from '../../../shared/programs';
import {
  addTemplate,
  listSignedAgreements,
  listTemplates,
  programAgreement,
  signAgreement,
} from './agreements.service';
import { createCheckout, handleWebhook, listInstalments } from './checkout.service';

// The schemas admit only known program ids.
const program = (id: ProgramId) => programById(id)!;

/** /api/agreement-templates: administrators keep each program's agreement; an edit is a new version. */
export const agreementTemplatesRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), validate('query', agreementTemplateQuery), async (c) => {
    const { programId, ...q } = c.req.valid('query');
    return c.json(await listTemplates(c.var.deps.db, programId, q));
  })
  .post('/', access('admin'), validate('json', agreementTemplateInput), async (c) =>
    c.json({ template: await addTemplate(c.var.deps.db, c.var.user!.id, c.req.valid('json')) }, 201),
  );

/** /api/clients/:clientId/agreement: the agreement a client is about to sign, filled in for them. */
export const clientAgreementRoutes = new Hono<AppEnv>().get(
  '/',
  access('own'),
  validate('query', agreementQuery),
  async (c) =>
    c.json(await programAgreement(c.var.deps, c.var.scope.clientId, program(c.req.valid('query').programId))),
);

/**
 * /api/clients/:clientId/agreements: the client's signed agreements (staff see them on the client's
 * page); POST signs one. Only the client signs: staff are refused after validation, so a malformed
 * request is told what is wrong with it first.
 */
export const clientAgreementsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await listSignedAgreements(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', signAgreementInput), async (c) => {
    if (c.var.scope.isAdmin) return c.json({ error: ONLY_CLIENT_SIGNS }, 403);
    const input = c.req.valid('json');
    const agreement = await signAgreement(c.var.deps, c.var.scope, program(input.programId), input, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent') ?? '',
    });
    return c.json({ agreement }, 201);
  });

/** /api/clients/:clientId/instalments: the instalments of the client's signed programs. */
export const clientInstalmentsRoutes = new Hono<AppEnv>().get(
  '/',
  access('own'),
  validate('query', pageQuery),
  async (c) => c.json(await listInstalments(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
);

/** /api/clients/:clientId/checkout: a Stripe Checkout Session for the program's next instalment. */
export const clientCheckoutRoutes = new Hono<AppEnv>().post(
  '/',
  access('own'),
  validate('json', checkoutInput),
  async (c) => {
    if (c.var.scope.isAdmin) return c.json({ error: ONLY_CLIENT_PAYS }, 403);
    return c.json(await createCheckout(c.var.deps, c.var.scope, program(c.req.valid('json').programId)), 201);
  },
);

/**
 * /api/stripe/webhook: Stripe's events. The one unauthenticated write: its authority is the
 * signature over the raw body, checked by the library (exempt from the same-origin check).
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/webhook', access('public'), async (c) => {
  const result = await handleWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature'));
  return c.json(result.body, result.status);
});

const ownInstalment = createMiddleware<AppEnv>(async (c, next) => {
  const id = parseInstalmentId(c.req.param('instalmentId'));
  if (id === null || !(await instalmentExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: INSTALMENT_NOT_FOUND }, 404);
  return next();
});

/**
 * /api/clients/:clientId/instalments/:instalmentId/...: staff ask the client to pay an instalment;
 * administrators mark one waived or paid outside Stripe, or refund one paid through Stripe; each
 * audited and told to the client.
 */
export const instalmentAdminRoutes = new Hono<AppEnv>()
  .post('/settle', access('admin'), ownInstalment, validate('json', settleInstalmentInput), async (c) => {
    const instalment = await settleInstalment(
      c.var.deps.db,
      c.var.scope,
      Number(c.req.param('instalmentId')),
      c.req.valid('json'),
    );
    return c.json({ instalment });
  })
  // Staff who work the client ask them to pay it now (bell and e-mail with the link to pay).
  .post('/request', access('staff'), ownInstalment, async (c) =>
    c.json({ instalment: await requestInstalment(c.var.deps, c.var.scope, Number(c.req.param('instalmentId'))) }),
  )
  .post('/refund', access('admin'), ownInstalment, async (c) =>
    c.json({ instalment: await refundInstalment(c.var.deps, c.var.scope, Number(c.req.param('instalmentId'))) }),
  );

const revenueCsv = (rows: RevenueRow[]) =>
  Readable.from([
    Buffer.from(csvRow(['Program', 'Paid', 'Due', 'Failed'])),
    ...rows.map((r) => Buffer.from(csvRow([r.programName, r.paid.toFixed(2), r.due.toFixed(2), r.failed.toFixed(2)]))),
  ]);

/** /api/billing/revenue (administrators): per program, what was paid, what is due and what failed; and as CSV. */
export const billingRevenueRoutes = new Hono<AppEnv>()
  .get('/revenue', access('admin'), async (c) =>
    c.json({ items: await revenue(c.var.deps.db, workedClients(c.var.user!)) }),
  )
  .get('/revenue.csv', access('admin'), async (c) => {
    const rows = await revenue(c.var.deps.db, workedClients(c.var.user!));
    const day = new Date().toISOString().slice(0, 10);
    return sendArchive(c, revenueCsv(rows), `program-revenue-${day}.csv`, 'text/csv; charset=utf-8');
  });
