import { getRequestListener, type ServerType } from '@hono/node-server';
import { createServer } from 'node:http';
import { withSecurityHeaders } from './middleware/security';
import { createApp } from './app';
import type { Config } from './config';
import { openCoreDeps } from './core-deps';
import { openDatabase } from './db/open';
import { createLogger } from './lib/logger';
import { seedDemo } from './demo/seed-demo';
import { applyAdminEmails } from './auth/roles';
import { loadKeyring } from './security/keyring';
import { scheduleReminders } from './features/reminders/reminder-job';
import { scheduleWeeklyDigest } from './features/digest/digest-job';
import { scheduleStaleTradelines } from './features/tradelines/stale-job';
import { scheduleSupportReplyMail } from './features/support/reply-mail-job';
import { scheduleSupportTargets } from './features/support/target-job';
import { scheduleStorageSweep } from './storage/sweep';
import { startSessionCache } from './auth/session-cache';
import { startRealtime } from './lib/realtime';
import { startInstance } from './lib/instance';
import { startIdleCollector } from './lib/idle-collector';
import { serverFiles } from './lib/paths';
import { serveWebApp } from './static';
import { ensureSetUp } from './features/setup/ensure-set-up';
import { startNotificationDelivery } from './features/notifications/notification-delivery';
import { startPushDelivery } from './features/push/push-delivery';

const webRoot = serverFiles.webRoot;

/** How long one request (a large upload) may take in all. */
const UPLOAD_REQUEST_TIMEOUT_MS = 2 * 60 * 60 * 1000;
// On a stop, requests still running get this long to finish before their connections are cut.
export const STOP_GRACE_MS = 10_000;

/**
 * Stops accepting connections and resolves once every open one has ended: idle keep-alive
 * connections are closed at once, and whatever is still open after the grace period (a stalled
 * upload may otherwise hold the stop for its whole 2-hour request timeout) is cut.
 */
function closeServer(server: ServerType) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    if (!('closeAllConnections' in server)) return;
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
  });
}

export async function startServer(config: Config) {
  const log = createLogger(config.logLevel, config.logFormat);
  const keyring = loadKeyring(config);
  if (config.databaseUrl && !config.dataKey) {
    log.warn(
      `DATA_KEY is not set: encrypted fields use the key in ${config.dataDir}/data-key. Every instance on this database must share that key; set DATA_KEY when running more than one.`,
    );
  }
  const database = await openDatabase(config, { demo: config.seedDemo });
  const { db } = database;
  const { mailer, auth, storage } = await openCoreDeps({ config, log, keyring, db });
  await applyAdminEmails(db, config.adminEmails);
  // On the embedded database this process is the only one (the data-directory lock).
  const stopInstance = await startInstance(db, log, { onlyProcess: database.kind === 'pglite' });
  const sessions = await startSessionCache(auth, database.listen, log);
  const realtime = await startRealtime(database.listen, log);
  if (config.seedDemo && database.kind === 'pglite')
    // Made here when the database existed without users; a new one got it from openDatabase.
    await seedDemo({ config, db, auth, mailer, log, keyring, storage, realtime });
  const app = createApp({ config, db, auth, mailer, log, keyring, storage, sessions, realtime });
  // A signed-in page carries its session; a client's first-login set-up starts with it (not awaited:
  // the page's first API requests wait for the same run, see ensure-set-up.ts).
  const pageSession = async (headers: Headers) => {
    const session = await sessions.get(headers);
    if (!session) return null;
    if (config.setupOnFirstRequest) void ensureSetUp({ db, mailer, config, log }, session.user);
    return session.user;
  };
  if (!serveWebApp(app, webRoot, pageSession))
    log.warn('No built web app in dist/web: only the API is served (run `npm run build`).');

  const stopRetries = mailer.startRetryLoop();
  const stopNotificationDelivery = startNotificationDelivery({ config, realtime, mailer, log });
  const stopPushDelivery = startPushDelivery({ db, keyring, config, realtime, log });
  const stopReminders =
    config.reminderIntervalMinutes > 0
      ? scheduleReminders({ db, mailer, config, log }, { intervalMs: config.reminderIntervalMinutes * 60_000 })
      : async () => {};
  const stopWeeklyDigest =
    config.reminderIntervalMinutes > 0
      ? scheduleWeeklyDigest(
          { db, mailer, config, keyring, log },
          { intervalMs: config.reminderIntervalMinutes * 60_000 },
        )
      : async () => {};
  const stopStaleTradelines = scheduleStaleTradelines({ db, mailer, config, log });
  const stopSupportReplyMail = scheduleSupportReplyMail({ db, mailer, config, log });
  const stopSupportTargets = scheduleSupportTargets(
    { db, log },
    {
      intervalMs: config.supportTargetsIntervalSeconds * 1000,
      firstDelayMs: config.supportTargetsIntervalSeconds * 1000,
    },
  );
  const stopStorageSweep = scheduleStorageSweep({ db, storage, log }, { firstDelayMs: 5000 });
  const idleCollector = startIdleCollector(log);
  const server: ServerType = await new Promise((resolve) => {
    // Node ends a request after 5 minutes by default: too short for a training video of up to
    // VIDEO_MAX_BYTES (2 GB) on an ordinary connection. Headers still have to arrive within a minute.
    const s = createServer(
      { requestTimeout: UPLOAD_REQUEST_TIMEOUT_MS },
      idleCollector.track(withSecurityHeaders(getRequestListener(app.fetch))),
    );
    s.listen(config.port, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `Portal listening on http://localhost:${port} (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopRetries();
      await stopReminders();
      await stopWeeklyDigest();
      await stopStaleTradelines();
      await stopNotificationDelivery();
      await stopPushDelivery();
      await stopSupportReplyMail();
      await stopSupportTargets();
      await stopStorageSweep();
      idleCollector.stop();
      // Open live streams end first, or closing the server would wait for them.
      await realtime.close();
      await closeServer(server);
      await stopInstance();
      await mailer.settle();
      await sessions.close();
      await database.close();
      database.release();
    })());
  return { port, stop, db, auth, mailer, log };
}
