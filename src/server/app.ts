import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from './lib/domain-errors';
import type { AppEnv, Deps } from './app-env';
import { betterAuthHandler, DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './auth/auth-handler';
import { healthRoutes } from './features/health/health.routes';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { digestRoutes } from './features/digest/digest.routes';
import { signupRoutes } from './features/signup/signup.routes';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { preferencesRoutes, securityRoutes } from './features/preferences/preferences.routes';
import { setupRoutes } from './features/setup/setup.routes';
import { ensureSetUp } from './features/setup/ensure-set-up';
import { clientsRoutes } from './features/clients/clients.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { programRequestRoutes } from './features/programs/programs.routes';
import {
  agreementTemplatesRoutes,
  clientAgreementRoutes,
  clientAgreementsRoutes,
  clientCheckoutRoutes,
  clientInstalmentsRoutes,
  billingRevenueRoutes,
  instalmentAdminRoutes,
  stripeWebhookRoutes,
} from './features/billing/billing.routes';
import { complianceRoutes, documentRequestsRoutes } from './features/compliance/compliance.routes';
import { attentionRoutes } from './features/attention/attention.routes';
import { activitiesRoutes } from './features/activities/activities.routes';
import { allBankAccountsRoutes, bankAccountsRoutes } from './features/bank-accounts/bank-accounts.routes';
import { businessAccountsRoutes } from './features/business-accounts/business-accounts.routes';
import { buildOutRoutes, contactSupportRoutes, freeGuideRoutes } from './features/dashboard/dashboard.routes';
import { meEventsRoutes, notificationsRoutes } from './features/notifications/notifications.routes';
import { allDocumentsRoutes, documentsRoutes } from './features/documents/documents.routes';
import { packetLinksRoutes, packetShareRoutes, packetsRoutes } from './features/packets/packets.routes';
import { membershipRoutes } from './features/membership/membership.routes';
import { clientSessionsRoutes, mySessionsRoutes } from './features/sessions/sessions.routes';
import { dataExportRoutes } from './features/data-export/data-export.routes';
import { booksRoutes } from './features/books/books.routes';
import { loansRoutes } from './features/loans/loans.routes';
import { scoresRoutes } from './features/scores/scores.routes';
import {
  allRevolvingCreditsRoutes,
  allStoreCardsRoutes,
  revolvingCreditsRoutes,
  storeCardsRoutes,
} from './features/cards/cards.routes';
import {
  allPurchaseOrdersRoutes,
  allReceivablesRoutes,
  purchaseOrdersRoutes,
  receivablesRoutes,
} from './features/records/records.routes';
import { tradelinesRoutes } from './features/tradelines/tradelines.routes';
import { invoicesRoutes, paydexEstimateRoutes, paydexPlanRoutes } from './features/invoices/invoices.routes';
import { clientFirstStepRoutes, firstStepAccountsRoutes } from './features/first-step/first-step.routes';
import { websiteTemplateRoutes } from './features/website-template/website-template.routes';
import { socialAccountsRoutes } from './features/social-accounts/social-accounts.routes';
import { noStore, sameOriginOnly } from './middleware/security';
import { access } from './middleware/access';
import { adminTwoFactorGate } from './auth/two-factor-gate';
import { rateLimit } from './middleware/rate-limit';
import { clientIp } from './middleware/client-ip';
import { refuseNul } from './middleware/no-nul';
import { takesMultipart } from './uploads/upload';
import { loggedPath, requestId } from './middleware/request-id';
import { clientTrainingProgressRoutes, trainingRoutes } from './features/training/training.routes';
import {
  allAutomationRequestsRoutes,
  automationsRoutes,
  clientAutomationRequestsRoutes,
} from './features/automations/automations.routes';
import { clientSearchRoutes, clientsSearchRoutes } from './features/search/search.routes';
import { clientNotesRoutes } from './features/client-notes/client-notes.routes';
import { clientSupportRoutes, supportRoutes } from './features/support/support.routes';
import { backupRoutes } from './features/backup/backup.routes';
import { calendarFeedRoutes, myCalendarFeedRoutes } from './features/calendar-feed/calendar-feed.routes';
import { myPushRoutes } from './features/push/push.routes';
import { fundabilityRoutes } from './features/fundability/fundability.routes';
import {
  bulkAssignmentRoutes,
  clientAssignmentRoutes,
  staffRoutes,
  userRoleRoutes,
} from './features/staff/staff.routes';
import {
  asUnavailable,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  outageLog,
  unavailableReason,
} from './db/unavailable';
import { recomputeAfterChanges } from './features/fundability/fundability.effects';
import { withChanges } from './lib/changes';

const jsonBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => c.json({ error: 'The request is too large.' }, 413),
});

export function createApp(deps: Deps, opts: { signInLimits?: Partial<SignInLimits> } = {}) {
  const signInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...opts.signInLimits };
  const api = new Hono<AppEnv>()
    .use('*', noStore())
    // JSON bodies are small; the routes marked as reading a multipart form (multipartRoute) bound
    // their own requests. Decided by the route the router matched (method and path pattern): a
    // PATCH to some other path that merely ends in /upload is held to 1 MB like any body.
    // GET and HEAD carry no body, and asking for one (bodyLimit reads c.req.raw.body) makes
    // @hono/node-server build a full Request with its AbortSignal for every read: about 3% of the
    // benchmark's CPU and more garbage.
    .use('*', (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD' || takesMultipart(c) ? next() : jsonBodyLimit(c, next),
    )
    .use('*', refuseNul())
    // The digest's one-click unsubscribe is POSTed by mail providers (RFC 8058), from no page at all:
    // its signed token is the authority, no cookie is read. Stripe's webhook likewise: its signature is.
    .use('*', sameOriginOnly(deps.config.appUrl, new Set(['/api/digest/unsubscribe', '/api/stripe/webhook'])))
    .use('*', async (c, next) => {
      c.set('deps', deps);
      const headers = c.req.raw.headers;
      // A lookup that fails is not "no user": answered as a guest, every signed-in request of a
      // database outage read "You need to sign in first" (onError makes it a 503 that says why).
      const session = await (deps.sessions ? deps.sessions.get(headers) : deps.auth.api.getSession({ headers })).catch(
        async (e: unknown) => {
          throw await asUnavailable(deps.db, e);
        },
      );
      c.set('user', session?.user ?? null);
      c.set('sessionId', session?.session.id ?? null);
      if (session?.user && deps.config.setupOnFirstRequest) await ensureSetUp(deps, session.user);
      return next();
    })
    .use('*', adminTwoFactorGate())
    .use(
      '/signup',
      rateLimit(() => deps.db, {
        name: 'sign-up',
        windowSeconds: 60 * 60,
        max: 20,
        keyOf: (c) => clientIp(c) ?? 'unknown',
      }),
    )
    .use(
      '/password-reset/*',
      rateLimit(() => deps.db, {
        name: 'reset-email',
        windowSeconds: 15 * 60,
        max: 10,
        keyOf: (c) => clientIp(c) ?? 'unknown',
      }),
    )
    // Only the better-auth endpoints the portal uses, JSON only, failed sign-ins limited per account.
    .on(['GET', 'POST'], '/auth/*', access('public'), betterAuthHandler(deps, signInLimits))
    // Before the routes, so it wraps them: what their services announce they changed is followed up once the handler is done.
    .use('*', (c, next) => withChanges(next, (changes) => recomputeAfterChanges(deps, changes)))
    .route('/health', healthRoutes)
    .route('/public-config', publicConfigRoutes)
    .route('/signup', signupRoutes)
    .route('/password-reset', passwordResetRoutes)
    .route('/digest', digestRoutes)
    .route('/me/setup', setupRoutes)
    .route('/me/notifications', notificationsRoutes)
    .route('/me/events', meEventsRoutes)
    .route('/clients/search', clientsSearchRoutes)
    .route('/clients/assignments', bulkAssignmentRoutes)
    .route('/clients', clientsRoutes)
    .route('/clients/:clientId/assignment', clientAssignmentRoutes)
    .route('/staff', staffRoutes)
    .route('/users/:userId/role', userRoleRoutes)
    .route('/clients/:clientId/search', clientSearchRoutes)
    .route('/clients/:clientId/audit', auditRoutes)
    .route('/clients/:clientId/notes', clientNotesRoutes)
    .route('/clients/:clientId/profile', profileRoutes)
    .route('/clients/:clientId/preferences', preferencesRoutes)
    .route('/clients/:clientId/security', securityRoutes)
    .route('/clients/:clientId/payments', paymentsRoutes)
    .route('/clients/:clientId/program-requests', programRequestRoutes)
    .route('/agreement-templates', agreementTemplatesRoutes)
    .route('/clients/:clientId/agreement', clientAgreementRoutes)
    .route('/clients/:clientId/agreements', clientAgreementsRoutes)
    .route('/clients/:clientId/instalments/:instalmentId', instalmentAdminRoutes)
    .route('/clients/:clientId/instalments', clientInstalmentsRoutes)
    .route('/billing', billingRevenueRoutes)
    .route('/clients/:clientId/checkout', clientCheckoutRoutes)
    .route('/stripe', stripeWebhookRoutes)
    .route('/documents', allDocumentsRoutes)
    .route('/clients/:clientId/documents', documentsRoutes)
    .route('/clients/:clientId/packets', packetsRoutes)
    .route('/clients/:clientId/packet-links', packetLinksRoutes)
    .route('/packet-share', packetShareRoutes)
    .route('/training-videos', trainingRoutes)
    .route('/clients/:clientId/training-progress', clientTrainingProgressRoutes)
    .route('/clients/:clientId/compliance-tasks', complianceRoutes)
    .route('/document-requests', documentRequestsRoutes)
    .route('/attention', attentionRoutes)
    .route('/clients/:clientId/activities', activitiesRoutes)
    .route('/clients/:clientId/build-out', buildOutRoutes)
    .route('/clients/:clientId/contact-support', contactSupportRoutes)
    .route('/clients/:clientId/free-guide', freeGuideRoutes)
    .route('/bank-accounts', allBankAccountsRoutes)
    .route('/clients/:clientId/bank-accounts', bankAccountsRoutes)
    .route('/clients/:clientId/business-accounts', businessAccountsRoutes)
    .route('/clients/:clientId/membership', membershipRoutes)
    .route('/me/sessions', mySessionsRoutes)
    .route('/me/calendar-feed', myCalendarFeedRoutes)
    .route('/me/push', myPushRoutes)
    .route('/calendar', calendarFeedRoutes)
    .route('/clients/:clientId/sessions', clientSessionsRoutes)
    .route('/clients/:clientId/export', dataExportRoutes)
    .route('/clients/:clientId/scores', scoresRoutes)
    .route('/clients/:clientId/fundability', fundabilityRoutes)
    .route('/store-cards', allStoreCardsRoutes)
    .route('/clients/:clientId/store-cards', storeCardsRoutes)
    .route('/revolving-credits', allRevolvingCreditsRoutes)
    .route('/clients/:clientId/revolving-credits', revolvingCreditsRoutes)
    .route('/receivables', allReceivablesRoutes)
    .route('/clients/:clientId/receivables', receivablesRoutes)
    .route('/purchase-orders', allPurchaseOrdersRoutes)
    .route('/clients/:clientId/purchase-orders', purchaseOrdersRoutes)
    .route('/clients/:clientId/tradelines/:source/:id/invoices', invoicesRoutes)
    .route('/clients/:clientId/tradelines', tradelinesRoutes)
    .route('/clients/:clientId/paydex-estimate', paydexEstimateRoutes)
    .route('/clients/:clientId/paydex-plan', paydexPlanRoutes)
    .route('/first-step-accounts', firstStepAccountsRoutes)
    .route('/clients/:clientId/first-step-accounts', clientFirstStepRoutes)
    .route('/clients/:clientId/website-template', websiteTemplateRoutes)
    .route('/clients/:clientId/social-accounts', socialAccountsRoutes)
    .route('/books', booksRoutes)
    .route('/automations', automationsRoutes)
    .route('/automation-requests', allAutomationRequestsRoutes)
    .route('/clients/:clientId/automation-requests', clientAutomationRequestsRoutes)
    .route('/loans', loansRoutes)
    .route('/support', supportRoutes)
    .route('/clients/:clientId/support', clientSupportRoutes)
    .route('/admin/backup', backupRoutes);

  const app = new Hono<AppEnv>()
    .use('*', requestId({ trustProxy: deps.config.trustProxy, logFormat: deps.config.logFormat, log: deps.log }))
    .route('/api', api)
    .all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  const outage = outageLog(deps.db, deps.log);
  app.onError((err, c) => {
    // A service's refusal: its status and sentence, mapped here once.
    if (err instanceof DomainError) {
      if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
      return c.json({ error: err.message }, err.status);
    }
    // Hono's own refusals (a malformed body it could not parse).
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || 'Bad request' }, err.status);
    }
    // The database is down: the request was fine, so no ERROR with its query; the outage is logged once.
    const unavailable = unavailableReason(err);
    if (unavailable) {
      outage.failed(unavailable);
      return c.json({ error: DATABASE_UNAVAILABLE }, 503, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    deps.log.error(`unhandled ${c.req.method} ${loggedPath(c.req.path)}: ${describeError(err)}`);
    // The id lets a user who quotes it be matched to this line of the log.
    const id = c.get('requestId');
    return c.json(
      {
        error: `Something went wrong on our side. Please try again, and quote request id ${id} if you contact support.`,
        requestId: id,
      },
      500,
    );
  });
  return app;
}

/**
 * What the log says of an unexpected error: its stack; but for a failed query only the SQL and the
 * database's error code and the names it gives: drizzle's message holds the query's parameters,
 * and the database's own message and detail can echo a value (e-mails, names, tokens).
 */
function describeError(err: unknown) {
  if (err instanceof DrizzleQueryError) {
    const cause = (err.cause ?? {}) as Record<string, unknown>;
    const names = ['code', 'severity', 'table', 'column', 'constraint', 'routine']
      .filter((k) => typeof cause[k] === 'string' && cause[k])
      .map((k) => `${k} ${String(cause[k])}`);
    const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    return `Failed query: ${err.query}\ncause: ${names.join(', ') || 'unknown'}\n${frames.join('\n')}`;
  }
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
