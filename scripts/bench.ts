// npm run bench: the portal against the ceiling of its own stack, on this machine, in one run.
//
// On a throwaway PostgreSQL, then on PGlite, with 10,000 clients x 45 tasks and a few records of
// every kind: the built server (dist/server/main.js, as `npm start` runs it) under wrk (50
// connections, 10 s after a warm-up, best of two) for
//   (a) the ceiling: a bare Hono handler running the list's service (scripts/bench/ceiling.ts)
//   (a') the bare ceiling: the list's own statements (SQL text and parameters as the service sends
//        them) through bare node-postgres or PGlite, no ORM, no mapping, no session
//   (b) our authenticated compliance-task list, against (a) and against (a')
//   (c) the dashboard's calls, (d) the admin's clients list: page 1, page 100 and a search
//   (e) the top bar's search, sequential requests: p95 under 50 ms (scripts/bench/search.ts)
//   (g) the staff's "Needs attention" queue and its counts, sequential requests: p95 under 50 ms
//       (scripts/bench/attention.ts; the seeded clients wait for every kind of thing)
// then, on another throwaway PostgreSQL, (f) the admin's all-clients lists at 1,000 and 100,000
// clients, sequential requests: p95 under 50 ms and within 1.5x (scripts/bench/clients-scale.ts);
// plus the growth check (b at 10 clients vs 10,000), RSS after the load (at once, and once the
// server's idle collection has run), the start-up time on an existing database, and RSS after a
// first start on an empty data directory (npm start's defaults, the demo made). Exits 1 when a
// target is missed. About eight minutes; not part of npm test.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createAuth } from '../src/server/auth/auth';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db/client';
import { createVerifiedUser } from '../src/server/demo/create-user';
import { IDLE_MS, SETTLE_MS } from '../src/server/lib/idle-collector';
import { createLogger } from '../src/server/lib/logger';
import { createMailer } from '../src/server/mail/mailer';
import { serverNodeFlags } from './build-server.mjs';
import { formatSearch, measureSearch } from './bench/search';
import { measureAttention, seedAttention } from './bench/attention';
import { cursorOfPage, measureLists, seedScaleClients } from './bench/clients-scale';
import {
  cookieHeader,
  freePort,
  httpRequest,
  root,
  rssMb,
  spawnServer,
  startPostgres,
  stopGracefully,
  tempDir,
  waitHealthy,
  type ServerProcess,
} from './resilience/lib';

const CLIENTS = 10_000;
const TASKS = 45;
const PASSWORD = 'bench-pass-123';
const CLIENT_EMAIL = 'bench-client@example.test';
const ADMIN_EMAIL = 'bench-admin@example.test';
const TARGETS = {
  throughput: 0.8,
  bareThroughput: 0.7,
  p99: 1.5,
  growth: 1.5,
  rssPostgresMb: 200,
  rssPgliteMb: 300,
  startMs: 1500,
  searchP95Ms: 50,
  attentionP95Ms: 50,
  listP95Ms: 50,
  listGrowth: 1.5,
};

/** cpuMs: the server's CPU time per request (user + system), when its pid was given. */
type Result = { rps: number; p50: number; p99: number; requests: number; cpuMs?: number };
const results: string[] = [];
const misses: string[] = [];
const say = (line: string) => {
  console.log(`bench: ${line}`);
  results.push(line);
};
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'ok' : 'MISSED';
};

// ---- load generator ------------------------------------------------------------------------

function ensureWrk() {
  if (spawnSync('which', ['wrk']).status === 0) return;
  console.log('bench: installing wrk (apt-get install wrk)');
  const r = spawnSync(
    'bash',
    [
      '-c',
      'apt-get install -y -qq wrk >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq wrk >/dev/null)',
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('wrk is not installed and could not be installed');
}

const toMs = (v: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim());
  if (!m) throw new Error(`unreadable latency ${v}`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

const luaDir = tempDir('bench-lua-');
/** wrk over one or more paths (taken in turn), with the given headers. */
function wrk(base: string, paths: string[], headers: Record<string, string>, seconds: number): Result {
  const script = path.join(luaDir, `paths-${Math.random().toString(36).slice(2)}.lua`);
  fs.writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`,
  );
  const args = [
    '-t2',
    '-c50',
    `-d${seconds}s`,
    '--latency',
    '-s',
    script,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    base,
  ];
  const r = spawnSync('wrk', args, { encoding: 'utf8' });
  const out = r.stdout;
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr}`);
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`wrk saw errors on ${paths.join(', ')}:\n${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = toMs(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? 'x');
  const p99 = toMs(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? 'x');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  return { rps, p50, p99, requests };
}

type Target = { base: string; paths: string[]; headers?: Record<string, string>; pid?: number };

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** A process's CPU time so far (user + system), in ms, from /proc. */
const cpuTimeMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
};
const better = (x: Result, y: Result) => (x.rps >= y.rps ? x : y);

/** Warm-up, then the better of two 10 s runs (the machine is shared: one burst must not decide). */
function measure(base: string, paths: string[], headers: Record<string, string> = {}): Result {
  wrk(base, paths, headers, 3);
  return better(wrk(base, paths, headers, 10), wrk(base, paths, headers, 10));
}

/**
 * Two servers measured in turn (a, b, a, b after a warm-up of each), the better run of each: the
 * machine's state drifts over a minute (the ceiling alone measured 1,003 to 1,268 req/s in runs
 * minutes apart), and alternating gives both sides the same drift.
 */
function measurePair(a: Target, b: Target): [Result, Result] {
  // CPU per request is the figure a busy machine disturbs least: it says where the gap is even when req/s drift.
  const run = (t: Target, seconds: number): Result => {
    const before = t.pid ? cpuTimeMs(t.pid) : 0;
    const r = wrk(t.base, t.paths, t.headers ?? {}, seconds);
    return t.pid ? { ...r, cpuMs: (cpuTimeMs(t.pid) - before) / r.requests } : r;
  };
  run(a, 3);
  run(b, 3);
  const [a1, b1, a2, b2] = [run(a, 10), run(b, 10), run(a, 10), run(b, 10)];
  return [better(a1, a2), better(b1, b2)];
}
const fmt = (r: Result) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.cpuMs === undefined ? '' : `, server CPU ${r.cpuMs.toFixed(2)} ms/request`}`;

// ---- data ----------------------------------------------------------------------------------

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** The bench client and admin, created as the app creates users (hashed password, verified). */
async function createUsers(database: Database) {
  const { db } = database;
  const config = loadConfig({
    APP_URL: 'http://localhost',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDir('bench-cfg-'),
  });
  const log = createLogger('silent');
  const mailer = createMailer({ db, smtpUrl: undefined, from: config.mailFrom, log });
  // Creating users needs no cookie secret: the server started later makes and seals its own.
  const auth = createAuth({ config, db, mailer, secret: randomUUID(), log });
  await createVerifiedUser(auth, db, { email: CLIENT_EMAIL, name: 'Bench Client', password: PASSWORD, role: 'client' });
  await createVerifiedUser(auth, db, { email: ADMIN_EMAIL, name: 'Bench Admin', password: PASSWORD, role: 'admin' });
  await mailer.settle();
}

/**
 * Bench clients numbered from..to-1: 45 tasks, two activities, a payment, a bank account, a notification each.
 * The tasks fall due from a week on: with tasks due within 3 days, the reminder job's first pass
 * (30 s after start) mails all 10,000 clients during the measurements, which is not what they measure.
 */
async function seedClients(query: Query, from: number, to: number) {
  if (to <= from) return;
  const range = [from, to];
  const gen = 'from generate_series($1::int, $2::int - 1) g';
  await query('begin');
  await query(
    `insert into auth_users (id, name, email, email_verified, phone, role) select 'bench-' || g, 'Bench Client ' || g, 'bench-' || g || '@example.test', true, '(302) 555-' || lpad((g % 10000)::text, 4, '0'), 'client' ${gen}`,
    range,
  );
  await query(
    `insert into users (id, setup_at) select 'bench-' || g, now() - (g % 60) * interval '1 day' ${gen}`,
    range,
  );
  await query(
    `insert into business_compliance (user_id, task_name, task_description, task_due_date, task_priority, task_status, is_compliance)
     select 'bench-' || g, 'Bench task ' || t, 'Seeded for the benchmark.', now() + (t + 7) * interval '1 day',
            (array['High','Medium','Low'])[1 + t % 3], case when t % 4 = 0 then 'Completed' else 'Awaiting Completion' end, t % 5 = 0
     ${gen} cross join generate_series(1, ${TASKS}) t`,
    range,
  );
  await query(
    `insert into recent_activities (user_id, title, notes, status) select 'bench-' || g, 'Bench activity ' || a, '', 'In Progress' ${gen} cross join generate_series(1, 2) a`,
    range,
  );
  await query(
    `insert into payments (user_id, description, amount, date, status, included) select 'bench-' || g, 'signup user credit', 125, current_date, 'completed', true ${gen}`,
    range,
  );
  await query(
    `insert into business_bank_accounts (id, user_id, bank_name) select 'bench-bank-' || g, 'bench-' || g, 'Bench Bank' ${gen}`,
    range,
  );
  await query(
    `insert into notifications (user_id, client_id, kind, title, body, link) select 'bench-' || g, 'bench-' || g, 'task_assigned', 'New task', 'Seeded.', '/compliance' ${gen}`,
    range,
  );
  await seedAttention(query, from, to);
  await query('commit');
  await query('vacuum analyze');
  await query('checkpoint');
}

// ---- servers -------------------------------------------------------------------------------

// One data key for every server of the run: the ones on one PostgreSQL database share its sealed auth secret.
const DATA_KEY = `v1:${randomBytes(32).toString('base64')}`;

async function startApp(target: { databaseUrl?: string; dataDir: string }) {
  const server = spawnServer({
    port: await freePort(),
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    // No reminder or weekly digest passes: the first digest pass of a week (60 s after the start)
    // claims every seeded client's week and mails a few hundred, work the ceilings do not do.
    env: { ADMIN_EMAILS: ADMIN_EMAIL, SEED_DEMO: 'false', DATA_KEY, REMINDER_INTERVAL_MINUTES: '0' },
  });
  const startMs = await waitHealthy(server, 120_000);
  return { server, startMs };
}

/** Signs both users in (their own client addresses) and runs the client's first-login set-up. */
async function signIn(server: ServerProcess) {
  const as = async (email: string, localAddress: string) => {
    const res = await httpRequest(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: server.url },
      json: { email, password: PASSWORD },
      localAddress,
    });
    const cookie = cookieHeader(res);
    if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body}`);
    const session = JSON.parse(
      (await httpRequest(`${server.url}/api/auth/get-session`, { headers: { cookie } })).body,
    ) as { user: { id: string } };
    return { cookie, id: session.user.id };
  };
  const client = await as(CLIENT_EMAIL, '127.0.0.8');
  const admin = await as(ADMIN_EMAIL, '127.0.0.9');
  const setup = await httpRequest(`${server.url}/api/me/setup`, {
    method: 'POST',
    headers: { origin: server.url, cookie: client.cookie },
    json: {},
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${setup.body}`);
  return { client, admin };
}

/** The ceiling (a), or with `bareFor` (a client's id) the bare one (a') on that client's first page. */
function startCeiling(port: number, target: string, bareFor?: string): Promise<ChildProcess> {
  // The same Node flags as the portal (its young generation size among them): a like-for-like ceiling.
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags,
      '--import',
      'tsx',
      path.join(root, 'scripts/bench/ceiling.ts'),
      String(port),
      target,
      ...(bareFor ? ['bare', bareFor] : []),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve(child));
    child.once('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
  });
}
const stopChild = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM'))));

/**
 * The server's RSS at the end of the load, and once it has been quiet long enough for its idle
 * collection (src/server/lib/idle-collector.ts) to give memory back: the target is on the second,
 * what the server holds between bursts.
 */
async function rssAfterLoad(pid: number) {
  const atEnd = rssMb(pid);
  await new Promise((r) => setTimeout(r, IDLE_MS + SETTLE_MS + 1_000));
  return { atEnd, settled: rssMb(pid) };
}
const formatRss = (what: string, rss: { atEnd: number; settled: number }, target: number) =>
  `${what}: ${rss.atEnd.toFixed(0)} MB at once, ${rss.settled.toFixed(0)} MB after ${(IDLE_MS + SETTLE_MS + 1_000) / 1000} s without requests (target <= ${target}) ${check(rss.settled <= target, what)}`;

function compare(db: string, ceiling: Result, ours: Result) {
  const throughput = ours.rps / ceiling.rps;
  const p99 = ours.p99 / ceiling.p99;
  say(`${db} (a) ceiling: ${fmt(ceiling)}`);
  say(`${db} (b) compliance list: ${fmt(ours)}`);
  say(
    `${db} (b)/(a): throughput ${throughput.toFixed(2)}x (target >= ${TARGETS.throughput}) ${check(throughput >= TARGETS.throughput, `${db} throughput`)}, p99 ${p99.toFixed(2)}x (target <= ${TARGETS.p99}) ${check(p99 <= TARGETS.p99, `${db} p99`)}`,
  );
}

/** (b) against (a'): the list's own statements through the bare driver. */
function compareBare(db: string, bare: Result, ours: Result) {
  const throughput = ours.rps / bare.rps;
  say(`${db} (a') bare SQL: ${fmt(bare)}`);
  say(
    `${db} (b)/(a'): throughput ${throughput.toFixed(2)}x (target >= ${TARGETS.bareThroughput}) ${check(throughput >= TARGETS.bareThroughput, `${db} throughput against the bare SQL`)}`,
  );
}

/** (e) The top bar's search, one request at a time: p95 of each set against the target. */
async function searchTargets(db: string, base: string, users: Awaited<ReturnType<typeof signIn>>) {
  for (const r of await measureSearch(base, users, `bench-${CLIENTS / 2}`)) {
    say(
      `${db} (e) search, ${formatSearch(r)} (target p95 < ${TARGETS.searchP95Ms} ms) ${check(r.p95 < TARGETS.searchP95Ms, `${db} search p95 (${r.label})`)}`,
    );
  }
}

/** (g) Needs attention: an admin's queue over every client, and the sidebar's counts, one request at a time. */
async function attentionTargets(db: string, base: string, users: Awaited<ReturnType<typeof signIn>>) {
  for (const r of await measureAttention(base, users.admin.cookie)) {
    say(
      `${db} (g) ${r.label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms over ${r.requests} (target p95 < ${TARGETS.attentionP95Ms} ms) ${check(r.p95 < TARGETS.attentionP95Ms, `${db} attention p95 (${r.label})`)}`,
    );
  }
}

/** BENCH_ONLY=search: the 10,000 clients and the search measurement alone, on both databases (a minute or two, no wrk). */
async function searchOnly() {
  const cluster = await startPostgres();
  const database = await openPostgres(cluster.url);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await createUsers(database);
  await seedClients((text, params) => client.query(text, params as unknown[]), 1, CLIENTS);
  const pgApp = await startApp({ databaseUrl: cluster.url, dataDir: tempDir('bench-pg-') });
  await searchTargets('postgres', pgApp.server.url, await signIn(pgApp.server));
  await stopGracefully(pgApp.server);
  await client.end();
  await database.close();
  cluster.stop();

  const dataDir = tempDir('bench-pglite-');
  const embedded = await openPglite(dataDir);
  await createUsers(embedded);
  await seedClients((text, params) => embedded.client.query(text, params as unknown[]), 1, CLIENTS);
  await embedded.close();
  const liteApp = await startApp({ dataDir });
  await searchTargets('pglite', liteApp.server.url, await signIn(liteApp.server));
  await stopGracefully(liteApp.server);
}

/** A throwaway PostgreSQL, migrated, with the bench's admin and client, and a plain connection for seeding. */
async function benchPostgres() {
  const cluster = await startPostgres();
  const database = await openPostgres(cluster.url);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const query: Query = (text, params) => client.query(text, params as unknown[]);
  await createUsers(database);
  return { cluster, database, client, query };
}

/** (f) The admin's all-clients lists at 1,000 clients, then at 100,000 (seeded in SQL, not signed up). */
async function clientsAtScale() {
  const { cluster, database, client, query } = await benchPostgres();
  // 999 and the bench client: 1,000 clients; then 100,000.
  await seedScaleClients(query, 1, 1_000);
  const { server } = await startApp({ databaseUrl: cluster.url, dataDir: tempDir('bench-pg-') });
  const { admin } = await signIn(server);
  const small = await measureLists(server.url, admin.cookie);
  const t0 = Date.now();
  await seedScaleClients(query, 1_000, 100_000);
  say(`postgres (f): seeded 99,000 more clients (100,000) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const large = await measureLists(server.url, admin.cookie);
  for (const [i, at100k] of large.entries()) {
    const at1k = small[i];
    const growth = at100k.p95 / at1k.p95;
    say(
      `postgres (f) ${at100k.label}: p95 ${at1k.p95.toFixed(1)} ms at 1,000 clients, ${at100k.p95.toFixed(1)} ms at 100,000 (p50 ${at1k.p50.toFixed(1)} -> ${at100k.p50.toFixed(1)}), ${growth.toFixed(2)}x (targets < ${TARGETS.listP95Ms} ms, <= ${TARGETS.listGrowth}x) ${check(at100k.p95 < TARGETS.listP95Ms && growth <= TARGETS.listGrowth, `${at100k.label} at 100,000 clients`)}`,
    );
  }
  await stopGracefully(server);
  await client.end();
  await database.close();
  cluster.stop();
}

// ---- the run -------------------------------------------------------------------------------

async function onPostgres() {
  const { cluster, database, client, query } = await benchPostgres();
  await seedClients(query, 1, 10);
  const { server } = await startApp({ databaseUrl: cluster.url, dataDir: tempDir('bench-pg-') });
  const users = await signIn(server);
  const tasks = (id: string) => `/api/clients/${id}/compliance-tasks`;
  const clientHeaders = { cookie: users.client.cookie };
  const small = measure(server.url, [tasks(users.client.id)], clientHeaders);

  const t0 = Date.now();
  await seedClients(query, 10, CLIENTS);
  say(
    `postgres: seeded ${CLIENTS.toLocaleString('en-US')} clients x ${TASKS} tasks (and an activity pair, payment, bank account, notification each) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const ceilingPort = await freePort();
  const ceiling = await startCeiling(ceilingPort, cluster.url);
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
  const [a, b] = measurePair(
    { base: ceilingUrl, paths: [`/tasks/${users.client.id}`], pid: ceiling.pid },
    { base: server.url, paths: [tasks(users.client.id)], headers: clientHeaders, pid: server.pid },
  );
  await stopChild(ceiling);
  compare('postgres', a, b);
  const bare = await startCeiling(ceilingPort, cluster.url, users.client.id);
  const [bareResult, b2] = measurePair(
    { base: ceilingUrl, paths: ['/bare'], pid: bare.pid },
    { base: server.url, paths: [tasks(users.client.id)], headers: clientHeaders, pid: server.pid },
  );
  await stopChild(bare);
  compareBare('postgres', bareResult, b2);
  const growth = b.p50 / small.p50;
  say(
    `postgres growth 10 -> ${CLIENTS.toLocaleString('en-US')} clients: compliance p50 ${small.p50.toFixed(1)} -> ${b.p50.toFixed(1)} ms, ${growth.toFixed(2)}x (target <= ${TARGETS.growth}) ${check(growth <= TARGETS.growth, 'growth')}`,
  );

  const id = users.client.id;
  const dashboard = [
    `/api/clients/${id}/build-out`,
    `/api/clients/${id}/activities`,
    `/api/clients/${id}/payments`,
    '/api/me/notifications',
    `/api/clients/${id}/compliance-tasks`,
    `/api/clients/${id}/fundability`,
  ];
  say(
    `postgres (c) dashboard calls (${dashboard.length} in turn): ${fmt(measure(server.url, dashboard, clientHeaders))}`,
  );
  const adminHeaders = { cookie: users.admin.cookie };
  say(`postgres (d) clients list page 1: ${fmt(measure(server.url, ['/api/clients?pageSize=100'], adminHeaders))}`);
  // Page 100 of 100 by its cursor: the one after the first 9,900 clients (199 pages of 50).
  const page100 = `/api/clients?pageSize=100&cursor=${await cursorOfPage(server.url, users.admin.cookie, 199)}`;
  say(`postgres (d) clients list page 100: ${fmt(measure(server.url, [page100], adminHeaders))}`);
  say(
    `postgres (d) clients search: ${fmt(measure(server.url, ['/api/clients?q=Bench%20Client%205000'], adminHeaders))}`,
  );
  await searchTargets('postgres', server.url, users);
  await attentionTargets('postgres', server.url, users);
  say(formatRss('postgres RSS after the load', await rssAfterLoad(server.pid), TARGETS.rssPostgresMb));

  await stopGracefully(server);
  const restarted = await startApp({ databaseUrl: cluster.url, dataDir: tempDir('bench-pg-') });
  say(
    `postgres start on an existing database: ${restarted.startMs} ms (target < ${TARGETS.startMs}) ${check(restarted.startMs < TARGETS.startMs, 'postgres start')}`,
  );
  await stopGracefully(restarted.server);
  await client.end();
  await database.close();
  cluster.stop();
}

async function onPglite() {
  const dataDir = tempDir('bench-pglite-');
  const database = await openPglite(dataDir);
  await createUsers(database);
  const t0 = Date.now();
  await seedClients((text, params) => database.client.query(text, params as unknown[]), 1, CLIENTS);
  say(
    `pglite: seeded ${CLIENTS.toLocaleString('en-US')} clients x ${TASKS} tasks in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  await database.close();

  const { server, startMs } = await startApp({ dataDir });
  say(
    `pglite start on an existing data directory: ${startMs} ms (target < ${TARGETS.startMs}) ${check(startMs < TARGETS.startMs, 'pglite start')}`,
  );
  const users = await signIn(server);
  const b = measure(server.url, [`/api/clients/${users.client.id}/compliance-tasks`], { cookie: users.client.cookie });
  await searchTargets('pglite', server.url, users);
  await attentionTargets('pglite', server.url, users);
  const rss = await rssAfterLoad(server.pid);
  await stopGracefully(server);
  // One process at a time on an embedded database: the ceiling opens it after the portal stopped.
  const ceilingPort = await freePort();
  const ceiling = await startCeiling(ceilingPort, dataDir);
  const a = measure(`http://127.0.0.1:${ceilingPort}`, [`/tasks/${users.client.id}`]);
  await stopChild(ceiling);
  compare('pglite', a, b);
  const bare = await startCeiling(ceilingPort, dataDir, users.client.id);
  const bareResult = measure(`http://127.0.0.1:${ceilingPort}`, ['/bare']);
  await stopChild(bare);
  compareBare('pglite', bareResult, b);
  say(formatRss('pglite RSS after the load', rss, TARGETS.rssPgliteMb));
}

/** The first start on an empty data directory with npm start's defaults: the database made, the demo in it. */
async function firstStart() {
  const server = spawnServer({
    port: await freePort(),
    dataDir: tempDir('bench-first-'),
    env: { SEED_DEMO: 'true', DATA_KEY },
  });
  const startMs = await waitHealthy(server, 120_000);
  const rss = await rssAfterLoad(server.pid);
  await stopGracefully(server);
  say(`pglite first start on an empty data directory (the demo included): healthy after ${startMs} ms`);
  say(formatRss('pglite RSS after the first start', rss, TARGETS.rssPgliteMb));
}

async function main() {
  const started = Date.now();
  ensureWrk();
  if (!fs.existsSync(path.join(root, 'dist/server/main.js')) || process.env.BENCH_BUILD !== 'false') {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('server build failed');
  }
  // BENCH_ONLY=postgres or pglite runs one half, search only the search measurement, clients only
  // the lists at 100,000 clients (while working on them); the figures that count are a whole run.
  const only = process.env.BENCH_ONLY;
  if (only === 'search') await searchOnly();
  else if (only === 'clients') await clientsAtScale();
  else {
    if (only !== 'pglite') await onPostgres();
    if (only !== 'pglite') await clientsAtScale();
    if (only !== 'postgres') await onPglite();
    if (only !== 'postgres') await firstStart();
  }
  console.log(
    `\nbench: ${misses.length ? `MISSED ${misses.join(', ')}` : 'all targets met'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(misses.length ? 1 : 0);
}

main().catch((e) => {
  console.error(`bench: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
