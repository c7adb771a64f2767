import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { asc, eq } from 'drizzle-orm';
import { createApp } from '../app';
import { withSecurityHeaders } from '../middleware/security';
import { createAuth } from '../auth/auth';
import { applyAdminEmails } from '../auth/roles';
import { loadConfig } from '../config';
import { sharedSecret } from '../db/open';
import { authUsers, mailOutbox } from '../db/schema';
import { createVerifiedUser } from '../demo/create-user';
import { createLogger } from '../lib/logger';
import { createMailer, type DeliveredMail } from '../mail/mailer';
import type { SignInLimits } from '../auth/auth-handler';
import { generateKey, parseKeyring } from '../security/keyring';
import { createLocalStorage, type Storage } from '../storage';
import { startSessionCache } from '../auth/session-cache';
import { startRealtime } from '../lib/realtime';
import { openTestDatabase, type TestDatabase } from './test-db';
import { fastPasswordHasher } from './fast-password-hash';
import { CookieJar } from './cookie-jar';
import { setNotificationAppUrl } from '../features/notifications/notifications.service';
import type { Role } from '../../shared/roles';

const processDataKey = generateKey(1);

export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_PHONE = '(555) 010-2030';

export type RequestOptions = {
  /** Sent as a JSON body with content-type application/json. */
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  /** Origin header; defaults to the app's origin, `null` sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** The client's socket address as the app sees it; defaults to a new address for every call. */
  ip?: string;
};

let ipCounter = 0;
/**
 * A distinct client address, so tests never share a rate-limit bucket by accident: in 100.64.0.0/10,
 * apart from the fixed 10.x, 172.16.x and 192.168.x addresses tests name themselves (a worker whose
 * pid made this 10.77.0.1 once spent an attempt of rate-limit.test's own address).
 */
export const nextIp = () => {
  ipCounter++;
  return `100.${64 + (process.pid & 63)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

export type SignupBody = { name?: string; email: string; password: string; phone?: string; [k: string]: unknown };

/**
 * The real app, built as server.ts builds it (mailer, auth, admin e-mails, routes), on a fresh
 * database. `overrides` are environment variables for loadConfig (ADMIN_EMAILS, SMTP_URL, ...).
 */
export async function createTestApp(
  overrides: Record<string, string | undefined> = {},
  opts: {
    database?: TestDatabase;
    signInLimits?: Partial<SignInLimits>;
    /** Another storage driver (an S3 one on s3rver); the local disk by default. */ storage?: Storage;
  } = {},
) {
  const config = loadConfig({
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Tests make a client's rows themselves; ensure-set-up.test.ts turns it on.
    SETUP_ON_FIRST_REQUEST: 'false',
    // Admins need two-factor only in the tests about it (two-factor.test.ts turns it on).
    REQUIRE_ADMIN_2FA: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'portal-test-unused'),
    ...overrides,
  });
  const database = opts.database ?? (await openTestDatabase());
  const { db } = database;
  const log = createLogger(config.logLevel, config.logFormat);
  // Each message as delivered, by outbox id: the outbox drops the body of a delivered sign-in link.
  const delivered = new Map<number, DeliveredMail>();
  // Files on the local driver in a directory of this test app's own.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-files-'));
  const storage = opts.storage ?? createLocalStorage(filesDir);
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    storage,
    onDelivered: (m) => delivered.set(m.id, m),
  });
  // One key per test process, never written to disk: test apps sharing a database share it, as instances do.
  const keyring = parseKeyring(config.dataKey ?? processDataKey);
  const secret = config.authSecret ?? (await sharedSecret(db, 'auth_secret', keyring));
  const auth = createAuth({ config, db, mailer, secret, log, passwordHasher: fastPasswordHasher });
  await applyAdminEmails(db, config.adminEmails);
  // The session cache as production runs it, listening on this test's database.
  const sessions = await startSessionCache(auth, database.listen, log);
  const realtime = await startRealtime(database.listen, log);
  const app = createApp(
    { config, db, auth, mailer, log, keyring, storage, sessions, realtime },
    { signInLimits: opts.signInLimits },
  );
  // As server.ts does through startNotificationDelivery (whose wake-ups tests do not need: they read the outbox).
  setNotificationAppUrl(config.appUrl);

  async function request(method: string, urlOrPath: string, o: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(o.headers);
    const origin = o.origin === undefined ? config.appUrl : o.origin;
    if (origin !== null) headers.set('origin', origin);
    if (o.cookie) headers.set('cookie', o.cookie);
    let body = o.body;
    if (o.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(o.json);
    }
    const url = /^https?:\/\//.test(urlOrPath) ? urlOrPath : `${config.appUrl}${urlOrPath}`;
    // app.ts reads the client address from the Node socket (c.env.incoming); app.request has none.
    const env = { incoming: { socket: { remoteAddress: o.ip ?? nextIp() } } };
    return app.request(url, { method, headers, body, redirect: 'manual' }, env);
  }

  /** One browser: its own cookie jar and client address. */
  function agent(ip = nextIp()) {
    const jar = new CookieJar();
    const send = async (method: string, urlOrPath: string, o: RequestOptions = {}) => {
      const res = await request(method, urlOrPath, { ...o, ip: o.ip ?? ip, cookie: o.cookie ?? jar.header });
      jar.store(res);
      return res;
    };
    return {
      ip,
      jar,
      get cookie() {
        return jar.header;
      },
      request: send,
      get: (p: string, o?: RequestOptions) => send('GET', p, o),
      post: (p: string, json?: unknown, o?: RequestOptions) => send('POST', p, { ...o, json }),
      /** The session as better-auth sees it (null when signed out). */
      session: async () => {
        const res = await send('GET', '/api/auth/get-session');
        if (res.status !== 200) throw new Error(`get-session answered ${res.status}`);
        return (await res.json()) as {
          user: { id: string; email: string; role: string };
          session: { id: string };
        } | null;
      },
    };
  }
  type Agent = ReturnType<typeof agent>;

  /**
   * Outbox rows, each with the body its recipient got (a delivered sign-in link is no longer in
   * the database: read mail_outbox through `db` to see what it keeps).
   */
  async function outbox(to?: string) {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(asc(mailOutbox.id));
    return rows.map((r) => {
      const got = delivered.get(r.id);
      return got ? { ...r, html: got.html, text: got.text } : r;
    });
  }

  /** The newest message to `to` whose subject contains `subject`. */
  async function lastMail(to: string, subject = '') {
    const rows = (await outbox(to)).filter((r) => r.subject.includes(subject));
    if (!rows.length) throw new Error(`No mail to ${to} with subject containing "${subject}"`);
    return rows[rows.length - 1];
  }

  /** The link a message asks the reader to open (the text part holds the URL). */
  function linkIn(mail: { text: string }) {
    const url = mail.text.match(/https?:\/\/[^\s]+/)?.[0];
    if (!url) throw new Error(`No link in mail: ${mail.text}`);
    return url;
  }

  function signUp(body: SignupBody, o: RequestOptions = {}) {
    return request('POST', '/api/signup', { ...o, json: { name: 'Test User', phone: TEST_PHONE, ...body } });
  }

  /** Opens the verification link of the newest verification mail, without following the redirect. */
  async function verify(email: string) {
    const res = await request('GET', linkIn(await lastMail(email, 'Verify your email')));
    if (res.status !== 302) throw new Error(`verification link answered ${res.status}: ${await res.text()}`);
    return res;
  }

  async function signIn(email: string, password: string, ip?: string): Promise<Agent> {
    const a = agent(ip);
    const res = await a.post('/api/auth/sign-in/email', { email, password });
    if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
    if (!a.cookie) throw new Error(`sign-in of ${email} set no cookie`);
    return a;
  }

  /** A verified user with a password (no e-mail round trip), signed in. */
  async function createSignedInUser(u: { email?: string; name?: string; password?: string; role?: Role } = {}) {
    const email = u.email ?? uniqueEmail(u.role ?? 'client');
    const password = u.password ?? `pw-${randomBytes(6).toString('hex')}`;
    const user = await createVerifiedUser(auth, db, { email, name: u.name ?? 'Test User', password, role: u.role });
    return { user, email, password, agent: await signIn(email, password) };
  }

  /**
   * The cast most API tests need: two clients to keep apart and an admin, each signed in; named
   * where a test looks for the names ('Test User' otherwise).
   */
  async function clientsAndAdmin(names: { a?: string; b?: string; admin?: string } = {}) {
    const make = async (role: 'client' | 'admin', name?: string) => {
      const u = await createSignedInUser({ role, name });
      return { id: u.user.id, email: u.email, password: u.password, agent: u.agent };
    };
    return {
      a: await make('client', names.a),
      b: await make('client', names.b),
      admin: await make('admin', names.admin),
    };
  }

  /**
   * The app behind a real HTTP server on a free port, as server.ts runs it (the security headers
   * are set on Node's response, outside the app): `request` as above, over the network.
   */
  async function overHttp() {
    const server = createServer(withSecurityHeaders(getRequestListener(app.fetch)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      request: (method: string, path: string, o: RequestOptions = {}) => {
        const headers = new Headers(o.headers);
        const origin = o.origin === undefined ? config.appUrl : o.origin;
        if (origin !== null) headers.set('origin', origin);
        if (o.cookie) headers.set('cookie', o.cookie);
        if (o.json !== undefined) headers.set('content-type', 'application/json');
        const body = o.json !== undefined ? JSON.stringify(o.json) : o.body;
        return fetch(base + path, { method, headers, body, redirect: 'manual' });
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  async function userByEmail(email: string) {
    const [row] = await db.select().from(authUsers).where(eq(authUsers.email, email.toLowerCase()));
    return row;
  }

  let closed: Promise<void> | undefined;
  return {
    app,
    config,
    database,
    db,
    auth,
    mailer,
    log,
    keyring,
    storage,
    sessions,
    realtime,
    filesDir,
    request,
    overHttp,
    agent,
    outbox,
    lastMail,
    linkIn,
    signUp,
    verify,
    signIn,
    createSignedInUser,
    clientsAndAdmin,
    userByEmail,
    close: () =>
      (closed ??= (async () => {
        await mailer.settle();
        await realtime.close();
        await sessions.close();
        await database.close();
        fs.rmSync(filesDir, { recursive: true, force: true });
      })()),
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Stops a second instance made on another test app's database: only that other app's close() closes the database. */
export async function closeSecondInstance(app: TestApp) {
  await app.mailer.settle();
  await app.realtime.close();
  await app.sessions.close();
}
export type TestAgent = ReturnType<TestApp['agent']>;
