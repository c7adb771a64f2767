import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { clientIp } from '../../middleware/client-ip';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import {
  agreementQuery,
  agreementTemplateInput,
  agreementTemplateQuery,
  checkoutInput,
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
