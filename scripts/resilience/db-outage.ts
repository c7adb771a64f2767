// A PostgreSQL outage as the users meet it: the database stops for a while under signed-in traffic
// and comes back. Every request the portal cannot serve is a 503 that says the database cannot be
// reached, with Retry-After (never a 401 that reads as a sign-out, never a 500); the log says so
// once for the outage, not a line per request; and the same session works again once it is back.
//
//   node --import tsx scripts/resilience/db-outage.ts
import pg from 'pg';
import {
  cookieHeader,
  freePort,
  httpRequest,
  lastLines,
  sleep,
  spawnServer,
  startPostgres,
  stopGracefully,
  tempDir,
  waitHealthy,
  type HttpResult,
} from './lib';

const OUTAGE_MS = 8000;
const MESSAGE = 'The portal cannot reach its database; try again in a minute.';
const PASSWORD = 'secret123';
const EMAIL = 'outage@resilience.test';

let failed = 0;
function report(check: string, ok: boolean, detail: string) {
  if (!ok) failed++;
  console.log(`db-outage: ${check} ${ok ? 'ok' : 'FAILED'} (${detail})`);
}

const cluster = await startPostgres();
const server = spawnServer({
  port: await freePort(),
  dataDir: tempDir('portal-outage-'),
  databaseUrl: cluster.url,
  env: { DATA_KEY: `v1:${Buffer.alloc(32, 3).toString('base64')}` },
});
try {
  await waitHealthy(server, 300_000);
  const signup = await httpRequest(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { origin: server.url },
    json: { name: 'Outage Tester', email: EMAIL, phone: '555-123-4567', password: PASSWORD },
  });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}: ${signup.body}`);
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db.query('update auth_users set email_verified = true where email = $1', [EMAIL]);
  await db.end();
  const signIn = () =>
    httpRequest(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: server.url },
      json: { email: EMAIL, password: PASSWORD },
    });
  const signedIn = await signIn();
  const cookie = cookieHeader(signedIn);
  if (signedIn.status !== 200 || !cookie) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.body}`);
  const notifications = () => httpRequest(`${server.url}/api/me/notifications`, { headers: { cookie } });
  const session = () => httpRequest(`${server.url}/api/auth/get-session`, { headers: { cookie } });
  for (let i = 0; i < 5; i++)
    if ((await notifications()).status !== 200) throw new Error('a signed-in read failed before the outage');

  const logBefore = server.output().length;
  cluster.pause();
  const answers: { what: string; res: HttpResult | Error }[] = [];
  const until = Date.now() + OUTAGE_MS;
  const worker = async (what: string, call: () => Promise<HttpResult>) => {
    while (Date.now() < until) answers.push({ what, res: await call().catch((e: Error) => e) });
  };
  await Promise.all([
    ...Array.from({ length: 6 }, () => worker('GET /api/me/notifications', notifications)),
    worker('GET /api/auth/get-session', session),
    worker('POST /api/auth/sign-in/email', async () => (await sleep(200), signIn())),
  ]);
  const outageLog = server.output().slice(logBefore);
  cluster.resume();

  const byRoute = new Map<string, Map<string, number>>();
  const wrong: string[] = [];
  for (const { what, res } of answers) {
    const key = res instanceof Error ? res.message : String(res.status);
    if (!byRoute.has(what)) byRoute.set(what, new Map());
    byRoute.get(what)!.set(key, (byRoute.get(what)!.get(key) ?? 0) + 1);
    if (res instanceof Error) wrong.push(`${what}: ${res.message}`);
    else if (res.status !== 503) wrong.push(`${what}: ${res.status} ${res.body.slice(0, 100)}`);
    else if (
      (JSON.parse(res.body) as { error?: string }).error !== MESSAGE ||
      !(Number(res.headers['retry-after']) > 0)
    ) {
      wrong.push(`${what}: 503 ${res.body.slice(0, 100)} Retry-After ${res.headers['retry-after'] ?? 'missing'}`);
    }
  }
  const summary = [...byRoute]
    .map(([what, counts]) => `${what}: ${[...counts].map(([k, n]) => `${n}x ${k}`).join(', ')}`)
    .join('; ');
  report(
    'every request during the outage is a 503 that says so',
    answers.length >= 20 && wrong.length === 0,
    `${answers.length} requests in ${OUTAGE_MS / 1000} s; ${summary}${wrong.length ? `; first wrong: ${wrong.slice(0, 3).join(' | ')}` : ''}`,
  );

  const lines = outageLog.split('\n').filter((l) => l.trim());
  const concurrent = lines.filter((l) => l.includes('already executing a query'));
  const queries = lines.filter((l) => l.includes('Failed query'));
  report(
    'the log says it once',
    lines.filter((l) => /database cannot be reached/.test(l)).length === 1 &&
      lines.length <= 5 &&
      concurrent.length === 0 &&
      queries.length === 0,
    `${lines.length} log lines during the outage (${queries.length} with a failed query's SQL, ${concurrent.length} pg warnings of concurrent queries on one client):\n${lastLines(outageLog, 8)}`,
  );

  const back = Date.now();
  let status = 0;
  while (Date.now() - back < 30_000 && (status = (await notifications()).status) !== 200) await sleep(250);
  // The portal asks the database every 2 s during an outage and says when it answers again.
  const said = Date.now();
  while (Date.now() - said < 5000 && !/reachable again/.test(server.output().slice(logBefore + outageLog.length)))
    await sleep(100);
  const recovered = server.output().slice(logBefore + outageLog.length);
  report(
    'the same session works once the database is back',
    status === 200 && /database is reachable again/.test(recovered),
    `GET /api/me/notifications answered ${status} ${Date.now() - back} ms after PostgreSQL started again; the log then said: ${lastLines(recovered, 3) || 'nothing'}`,
  );
  await stopGracefully(server);
} catch (e) {
  report('runs', false, `${String(e)}\n${lastLines(server.output())}`);
} finally {
  cluster.stop();
}
process.exit(failed ? 1 : 0);
