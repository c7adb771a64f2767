import path from 'node:path';
import { startAppServer } from './support/app-server';
import { startControlServer } from './support/control-server';
import { ADMIN_EMAIL, ENV } from './support/env';
import { startMailServer } from './support/mail-server';
import { startOidcServer } from './support/oidc-server';

/**
 * Starts, on 127.0.0.1 and free ports: an SMTP server that keeps every message, an OpenID Connect
 * provider standing in for Google, a small control endpoint for both, and the portal itself on a
 * fresh PGlite data directory. The returned function stops them all (Playwright's global teardown).
 * The web app must already be built (scripts/test-e2e.sh runs `vite build` first).
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const mail = await startMailServer();
  const oidc = await startOidcServer();
  const control = await startControlServer({ mail, oidc });
  const stopHelpers = async () => {
    await control.close();
    await oidc.close();
    await mail.close();
  };

  let app: Awaited<ReturnType<typeof startAppServer>>;
  try {
    app = await startAppServer({
      root,
      logFile: path.join(root, 'test-results', 'e2e-server.log'),
      // Migrations on a fresh database take seconds on a quiet machine and over a minute on a busy one.
      startTimeoutMs: 180_000,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        MAIL_FROM: 'Total Business Build-Out <no-reply@e2e.test>',
        ADMIN_EMAILS: ADMIN_EMAIL,
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
        SEED_DEMO: 'false',
        // The admin of the other specs works without two-factor; two-factor.spec.ts starts a portal of its own with it on.
        REQUIRE_ADMIN_2FA: 'false',
        // A brand-new client's starter tasks fall due within days: the sweep would put a reminder in
        // their bell whenever it ran, under the specs that check the bell is empty. The API tests cover reminders.
        REMINDER_INTERVAL_MINUTES: '0',
        LOG_LEVEL: 'warn',
        // push.spec.ts runs a push service stand-in on 127.0.0.1.
        PUSH_ALLOW_LOOPBACK: 'true',
      },
    });
  } catch (e) {
    await stopHelpers();
    throw e;
  }

  // Workers inherit the environment; PLAYWRIGHT_TEST_BASE_URL is Playwright's own default baseURL.
  process.env[ENV.baseUrl] = app.url;
  process.env.PLAYWRIGHT_TEST_BASE_URL = app.url;
  process.env[ENV.controlUrl] = control.url;

  return async () => {
    await app.stop();
    await stopHelpers();
  };
}
