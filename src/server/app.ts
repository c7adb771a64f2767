import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from './app-env';
import { CLIENT_IP_HEADER } from './auth/auth';
import { healthRoutes } from './features/health/health.routes';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { signupRoutes } from './features/signup/signup.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { preferencesRoutes, securityRoutes } from './features/preferences/preferences.routes';
import { setupRoutes } from './features/setup/setup.routes';
import { clientsRoutes } from './features/clients/clients.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { programRequestRoutes } from './features/programs/programs.routes';
import { complianceRoutes } from './features/compliance/compliance.routes';
import { activitiesRoutes } from './features/activities/activities.routes';
import { allBankAccountsRoutes, bankAccountsRoutes } from './features/bank-accounts/bank-accounts.routes';
import { businessAccountsRoutes } from './features/business-accounts/business-accounts.routes';
import { buildOutRoutes, contactSupportRoutes, freeGuideRoutes } from './features/dashboard/dashboard.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { allDocumentsRoutes, documentsRoutes } from './features/documents/documents.routes';
import { noStore, sameOriginOnly, securityHeaders } from './middleware/security';
import { access } from './middleware/access';
import { rateLimit } from './middleware/rate-limit';
import { refuseNul } from './middleware/no-nul';

type RemoteInfo = { incoming?: { socket?: { remoteAddress?: string } } };
/** The socket's address; headers a client could forge are never trusted for it. */
const clientIp = (c: Context) => (c.env as RemoteInfo | undefined)?.incoming?.socket?.remoteAddress ?? null;

const jsonBodyLimit = bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ error: 'The request is too large.' }, 413) });

export function createApp(deps: Deps) {
  const api = new Hono<AppEnv>()
    .use('*', noStore())
    // JSON bodies are small; upload routes (paths ending in /upload) set their own, larger limit.
    .use('*', (c, next) => (c.req.path.endsWith('/upload') ? next() : jsonBodyLimit(c, next)))
    .use('*', refuseNul())
    .use('*', sameOriginOnly(deps.config.appUrl))
    .use('*', async (c, next) => {
      c.set('deps', deps);
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
      c.set('user', session?.user ?? null);
      c.set('sessionId', session?.session.id ?? null);
      return next();
    })
    // Per account, whatever the address: spreading password guesses over many addresses does not help.
    .use(
      '/auth/sign-in/email',
      rateLimit(() => deps.db, {
        name: 'sign-in-account',
        windowSeconds: 15 * 60,
        max: 20,
        keyOf: async (c) => {
          const body = (await c.req.raw.clone().json().catch(() => null)) as { email?: unknown } | null;
          return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : null;
        },
      }),
    )
    .use('/signup', rateLimit(() => deps.db, { name: 'sign-up', windowSeconds: 60 * 60, max: 20, keyOf: (c) => clientIp(c) ?? 'unknown' }))
    .on(['GET', 'POST'], '/auth/*', access('public'), async (c) => {
      // better-auth rate-limits by client address: give it the socket's, never a client-sent header.
      const headers = new Headers(c.req.raw.headers);
      headers.delete(CLIENT_IP_HEADER);
      const ip = clientIp(c);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
      const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers, body: c.req.raw.body, duplex: 'half' };
      const res = await deps.auth.handler(new Request(c.req.raw.url, init));
      // better-auth says when to retry in X-Retry-After only; clients and proxies read Retry-After.
      const retryAfter = res.status === 429 ? res.headers.get('x-retry-after') : null;
      if (retryAfter && !res.headers.has('retry-after')) res.headers.set('Retry-After', retryAfter);
      return res;
    })
    .route('/health', healthRoutes)
    .route('/public-config', publicConfigRoutes)
    .route('/signup', signupRoutes)
    .route('/me/setup', setupRoutes)
    .route('/me/notifications', notificationsRoutes)
    .route('/clients', clientsRoutes)
    .route('/clients/:clientId/audit', auditRoutes)
    .route('/clients/:clientId/profile', profileRoutes)
    .route('/clients/:clientId/preferences', preferencesRoutes)
    .route('/clients/:clientId/security', securityRoutes)
    .route('/clients/:clientId/payments', paymentsRoutes)
    .route('/clients/:clientId/program-requests', programRequestRoutes)
    .route('/documents', allDocumentsRoutes)
    .route('/clients/:clientId/documents', documentsRoutes)
    .route('/clients/:clientId/compliance-tasks', complianceRoutes)
    .route('/clients/:clientId/activities', activitiesRoutes)
    .route('/clients/:clientId/build-out', buildOutRoutes)
    .route('/clients/:clientId/contact-support', contactSupportRoutes)
    .route('/clients/:clientId/free-guide', freeGuideRoutes)
    .route('/bank-accounts', allBankAccountsRoutes)
    .route('/clients/:clientId/bank-accounts', bankAccountsRoutes)
    .route('/clients/:clientId/business-accounts', businessAccountsRoutes);

  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      // Method, path and status only: query strings and bodies can hold tokens and personal data.
      const start = performance.now();
      await next();
      deps.log.debug(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - start)}ms`);
    })
    .use('*', securityHeaders())
    .route('/api', api)
    .all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || 'Bad request' }, err.status);
    }
    deps.log.error(`unhandled ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
