// Two app instances on one PostgreSQL database behave as one portal: they start together on an
// empty database, a session made on one works on the other, and the sign-in rate limit counts
// across both. Plus the embedded mode's guard: a second server on a live PGlite directory refuses.
//
//   node --import tsx scripts/resilience/two-instances.ts
import pg from 'pg';
import { generateKey } from '../../src/server/security/keyring';
import { openPostgres } from '../../src/server/db/client';
import {
  cookieHeader,
  formatMs,
  freePort,
  httpRequest,
  lastLines,
  sleep,
  spawnServer,
  startPostgres,
  stopGracefully,
  tempDir,
  waitHealthy,
  type ServerProcess,
} from './lib';
import { checkSupportLive } from './support-live';

// Both limits on wrong passwords from one address to one account say 10, and both count in the
// database: auth-handler.ts refuses the 11th after 10 failures per account and address (15 min),
// better-auth (auth.ts) the 11th request per address in 60 s. Ours answers first.
const SIGN_IN_LIMIT = 10;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;
const PASSWORD = 'secret123';

let failed = 0;
function report(check: string, ok: boolean, detail: string) {
  if (!ok) failed++;
  console.log(`two-instances: ${check} ${ok ? 'ok' : 'FAILED'} (${detail})`);
}

// The portal keys its rate limits on the socket's address: each check is its own visitor.
const CLIENT = { session: '127.0.0.2', limit: '127.0.0.3', burst: '127.0.0.4', setup: '127.0.0.5' };

const signIn = (server: ServerProcess, email: string, password: string, localAddress: string) =>
  httpRequest(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url },
    json: { email, password },
    localAddress,
  });

const getSession = (server: ServerProcess, cookie: string, localAddress: string) =>
  httpRequest(`${server.url}/api/auth/get-session`, { headers: { cookie }, localAddress });

async function createVerifiedUser(server: ServerProcess, db: pg.Client, email: string) {
  const res = await httpRequest(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { origin: server.url },
    json: { name: 'Resilience Tester', email, phone: '555-123-4567', password: PASSWORD },
    localAddress: CLIENT.setup,
  });
  if (res.status !== 200) throw new Error(`signup answered ${res.status}: ${res.body}`);
  const updated = await db.query('update auth_users set email_verified = true where email = $1', [email]);
  if (updated.rowCount !== 1) throw new Error(`user ${email} not found after sign-up`);
}

async function checkSharedSession(a: ServerProcess, b: ServerProcess, email: string) {
  const signedIn = await signIn(a, email, PASSWORD, CLIENT.session);
  const cookie = cookieHeader(signedIn);
  if (signedIn.status !== 200 || !cookie)
    return report(
      'session across instances',
      false,
      `sign-in on A answered ${signedIn.status}: ${signedIn.body.slice(0, 200)}`,
    );
  const onB = await getSession(b, cookie, CLIENT.session);
  const userOnB =
    onB.status === 200
      ? (JSON.parse(onB.body || 'null') as { user?: { email?: string } } | null)?.user?.email
      : undefined;
  if (userOnB !== email)
    return report(
      'session across instances',
      false,
      `get-session on B answered ${onB.status}: ${onB.body.slice(0, 200)}`,
    );
  // And the way back: signing out on B ends the session on A too.
  const out = await httpRequest(`${b.url}/api/auth/sign-out`, {
    method: 'POST',
    headers: { origin: b.url, cookie },
    json: {},
    localAddress: CLIENT.session,
  });
  const onA = await getSession(a, cookie, CLIENT.session);
  const stillThere = onA.status === 200 && (JSON.parse(onA.body || 'null') as { user?: unknown } | null)?.user;
  report(
    'session across instances',
    out.status === 200 && !stillThere,
    `signed in on A, get-session on B returned ${userOnB}; sign-out on B answered ${out.status}, then A returned ${stillThere ? 'the user still' : 'no session'}`,
  );
}

/**
 * A's session cache: A serves the signed-in user's requests from memory; a sign-out on B must be
 * refused by A within 2 seconds (B's delete is announced by PostgreSQL's NOTIFY).
 */
async function checkCachedSessionRevoked(a: ServerProcess, b: ServerProcess, email: string) {
  const check = 'cached session ended on the other instance';
  const signedIn = await signIn(a, email, PASSWORD, CLIENT.session);
  const cookie = cookieHeader(signedIn);
  if (signedIn.status !== 200 || !cookie) return report(check, false, `sign-in on A answered ${signedIn.status}`);
  const notifications = `${a.url}/api/me/notifications`;
  const onA = () =>
    httpRequest(notifications, { headers: { cookie }, localAddress: CLIENT.session }).then((r) => r.status);
  // Warm A's cache: several reads in a row.
  const warm = [await onA(), await onA(), await onA()];
  if (warm.some((s) => s !== 200)) return report(check, false, `reads on A answered ${warm.join(', ')}`);
  const out = await httpRequest(`${b.url}/api/auth/sign-out`, {
    method: 'POST',
    headers: { origin: b.url, cookie },
    json: {},
    localAddress: CLIENT.session,
  });
  const start = Date.now();
  let status = await onA();
  while (status === 200 && Date.now() - start < 2000) {
    await sleep(20);
    status = await onA();
  }
  const ms = Date.now() - start;
  report(
    check,
    out.status === 200 && status === 401,
    `${email} read from A's cache; sign-out on B answered ${out.status}; A answered ${status} after ${ms} ms (limit 2000 ms)`,
  );
}

async function checkRateLimitAlternating(a: ServerProcess, b: ServerProcess, email: string) {
  const seen = { A: 0, B: 0 };
  const unexpected: string[] = [];
  for (let attempt = 1; attempt <= SIGN_IN_LIMIT * 2 + 2; attempt++) {
    const name = attempt % 2 === 1 ? 'A' : 'B';
    const res = await signIn(name === 'A' ? a : b, email, 'wrong-password', CLIENT.limit);
    if (res.status === 429) {
      const retryAfter = Number(res.headers['retry-after']);
      const other = name === 'A' ? b : a;
      const otherRes = await signIn(other, email, 'wrong-password', CLIENT.limit);
      const ok =
        attempt === SIGN_IN_LIMIT + 1 &&
        seen.A < SIGN_IN_LIMIT &&
        seen.B < SIGN_IN_LIMIT &&
        retryAfter > 0 &&
        retryAfter <= SIGN_IN_WINDOW_SECONDS &&
        otherRes.status === 429 &&
        unexpected.length === 0;
      return report(
        'rate limit across instances',
        ok,
        `first 429 at attempt ${attempt} on instance ${name} after A saw ${seen.A} and B saw ${seen.B} failed sign-ins; ` +
          `Retry-After: ${res.headers['retry-after'] ?? 'missing'}; the other instance then answered ${otherRes.status}` +
          (unexpected.length ? `; unexpected answers: ${unexpected.join(', ')}` : ''),
      );
    }
    if (res.status !== 401) unexpected.push(`${name}#${attempt}=${res.status}`);
    seen[name]++;
  }
  report(
    'rate limit across instances',
    false,
    `no 429 after ${SIGN_IN_LIMIT * 2 + 2} failed sign-ins (A saw ${seen.A}, B saw ${seen.B})`,
  );
}

async function checkRateLimitBurst(a: ServerProcess, b: ServerProcess, email: string) {
  // 30 wrong sign-ins at once, half on each instance: the counter is updated atomically in the
  // database, so no more than the limit get through, whatever the interleaving.
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      signIn(i % 2 ? b : a, email, 'wrong-password', CLIENT.burst).then(
        (r) => r.status,
        (e: Error) => e.message,
      ),
    ),
  );
  const passed = results.filter((s) => s === 401).length;
  const limited = results.filter((s) => s === 429).length;
  const other = results.filter((s) => s !== 401 && s !== 429);
  report(
    'rate limit burst across instances',
    passed <= SIGN_IN_LIMIT && passed > 0 && other.length === 0,
    `30 concurrent failed sign-ins on A and B: ${passed} answered 401, ${limited} answered 429${other.length ? `, other: ${other.join(', ')}` : ''}`,
  );
}

async function checkConcurrentMigrations(clusterUrl: string, admin: pg.Client) {
  // The deterministic form of the start-up race: four openPostgres() at once on an empty
  // database, three times. Without the migration lock most of them fail on "duplicate key".
  const errors: string[] = [];
  for (let round = 0; round < 3; round++) {
    const name = `migrate_race_${round}`;
    await admin.query(`create database ${name}`);
    const url = clusterUrl.replace(/\/postgres$/, `/${name}`);
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openPostgres(url)));
    for (const o of opened) {
      if (o.status === 'fulfilled') await o.value.close();
      else {
        const e = o.reason as Error & { cause?: Error };
        errors.push(`${e.message} ${e.cause?.message ?? ''}`.replace(/\s+/g, ' ').slice(0, 160));
      }
    }
  }
  report(
    'concurrent migrations',
    errors.length === 0,
    errors.length
      ? `${errors.length} of 12 failed, first: ${errors[0]}`
      : '3 rounds of 4 concurrent opens on an empty database: all migrated',
  );
}

async function checkDataDirLock() {
  const dataDir = tempDir('resilience-lock-');
  const first = spawnServer({ port: await freePort(), dataDir });
  try {
    await waitHealthy(first);
    const started = Date.now();
    const second = spawnServer({ port: await freePort(), dataDir });
    const exit = await Promise.race([second.exit, sleep(30_000).then(() => null)]);
    const ms = Date.now() - started;
    if (!exit) {
      second.child.kill('SIGKILL');
      return report('pglite data-dir lock', false, `the second server on ${dataDir} was still running after 30 s`);
    }
    const message = second.output();
    const firstStillUp =
      (await httpRequest(`${first.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      )) === 200;
    const ok =
      exit.code !== 0 && exit.code !== null && message.includes('in use by process') && firstStillUp && ms < 30_000;
    report(
      'pglite data-dir lock',
      ok,
      `second server exited with code ${exit.code} after ${formatMs(ms)}: "${lastLines(message, 1).slice(0, 90)}..."; first server ${firstStillUp ? 'still healthy' : 'NOT healthy'}`,
    );
  } finally {
    await stopGracefully(first);
  }
}

async function main() {
  const started = Date.now();
  const cluster = await startPostgres();
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const servers: ServerProcess[] = [];
  try {
    // Both at once on the empty database: migrations and the shared auth secret race here.
    // AUTH_SECRET unset on both: the secret comes from app_settings, created by whichever is first,
    // sealed with the data key every instance on one database shares (DATA_KEY, as the README says).
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { DATA_KEY: generateKey(1) };
    const a = spawnServer({ port: portA, dataDir: tempDir('resilience-a-'), databaseUrl: cluster.url, env });
    const b = spawnServer({ port: portB, dataDir: tempDir('resilience-b-'), databaseUrl: cluster.url, env });
    servers.push(a, b);
    const starts = await Promise.allSettled([waitHealthy(a), waitHealthy(b)]);
    const startErrors = starts.flatMap((s, i) =>
      s.status === 'rejected' ? [`${'AB'[i]}: ${(s.reason as Error).message}`] : [],
    );
    const secrets = (await db.query("select count(*)::int as n from app_settings where key = 'auth_secret'")).rows[0]
      ?.n;
    report(
      'concurrent start on one database',
      startErrors.length === 0 && secrets === 1,
      startErrors.length
        ? startErrors.join('\n')
        : `A healthy on :${portA}, B on :${portB}; ${secrets} shared auth secret in app_settings`,
    );

    if (startErrors.length === 0) {
      // Separate accounts and client addresses, so no check eats into another's rate-limit bucket.
      const sessionUser = `session-${Date.now()}@two-instances.test`;
      const limitedUser = `limited-${Date.now()}@two-instances.test`;
      const chatUser = `chat-${Date.now()}@two-instances.test`;
      await createVerifiedUser(a, db, sessionUser);
      await createVerifiedUser(b, db, limitedUser);
      await checkSharedSession(a, b, sessionUser);
      await checkCachedSessionRevoked(a, b, sessionUser);
      await checkRateLimitAlternating(a, b, limitedUser);
      await checkRateLimitBurst(a, b, limitedUser);
      await createVerifiedUser(a, db, chatUser);
      await checkSupportLive(a, b, db, chatUser, PASSWORD, report);
    }
    await checkConcurrentMigrations(cluster.url, db);
    for (const server of servers.filter((s) => s.running())) {
      const { code } = await stopGracefully(server);
      if (code !== 0)
        report('graceful stop', false, `server on :${server.port} exited with ${code}:\n${lastLines(server.output())}`);
    }
  } finally {
    for (const server of servers) if (server.running()) server.child.kill('SIGKILL');
    await db.end();
    cluster.stop();
  }

  await checkDataDirLock();
  console.log(`  two-instances took ${formatMs(Date.now() - started)}`);
}

try {
  await main();
} catch (e) {
  report('run', false, (e as Error).stack ?? String(e));
}
process.exit(failed ? 1 : 0);
