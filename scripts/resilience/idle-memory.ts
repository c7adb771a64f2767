// The built server gives memory back once nobody is using it: after a burst of requests and half a
// minute without any, its idle collection (src/server/lib/idle-collector.ts, which needs the
// --expose-gc of serverNodeFlags) runs once, and the RSS shrinks.
//
//   node --import tsx scripts/resilience/idle-memory.ts
import { IDLE_MS, SETTLE_MS } from '../../src/server/lib/idle-collector';
import {
  cookieHeader,
  freePort,
  httpRequest,
  lastLines,
  rssMb,
  sleep,
  spawnServer,
  stopGracefully,
  tempDir,
  waitHealthy,
} from './lib';

const REQUESTS = 2000;
const CONCURRENCY = 50;
const COLLECTED = /Idle: collected garbage, heap \d+ -> \d+ MB/;

let failed = 0;
function report(check: string, ok: boolean, detail: string) {
  if (!ok) failed++;
  console.log(`idle-memory: ${check} ${ok ? 'ok' : 'FAILED'} (${detail})`);
}

const server = spawnServer({
  port: await freePort(),
  dataDir: tempDir('portal-idle-'),
  env: { LOG_LEVEL: 'debug', SEED_DEMO: 'true' },
});
try {
  await waitHealthy(server, 120_000);
  const [, email, password] = /client: (\S+) {2}password: (\S+)/.exec(server.output()) ?? [];
  const signIn = await httpRequest(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url },
    json: { email, password },
  });
  const cookie = cookieHeader(signIn);
  const { user } = JSON.parse(
    (await httpRequest(`${server.url}/api/auth/get-session`, { headers: { cookie } })).body,
  ) as { user: { id: string } };
  // A burst on the demo client's task list: enough requests in flight at each scavenge for V8 to
  // grow the young generation, as a busy spell does.
  let next = 0;
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const res = await httpRequest(`${server.url}/api/clients/${user.id}/compliance-tasks`, { headers: { cookie } });
        statuses.add(res.status);
      }
    }),
  );
  report('the burst is served', statuses.size === 1 && statuses.has(200), `answers: ${[...statuses].join(', ')}`);
  const lastRequestAt = Date.now();
  const before = rssMb(server.pid);
  const logFrom = server.output().length;
  let line: RegExpExecArray | null = null;
  while (
    !(line = COLLECTED.exec(server.output().slice(logFrom))) &&
    Date.now() - lastRequestAt < IDLE_MS + SETTLE_MS + 20_000
  )
    await sleep(250);
  const after = Date.now() - lastRequestAt;
  // V8 hands the freed pages back to the system in the background, just after the collection.
  await sleep(1000);
  const rss = rssMb(server.pid);
  report(
    'collects once the server has been quiet, not before',
    line !== null && after >= IDLE_MS + SETTLE_MS - 1000,
    line
      ? `${line[0]}, ${(after / 1000).toFixed(1)} s after the last of ${REQUESTS} requests`
      : `no collection logged:\n${lastLines(server.output())}`,
  );
  report(
    'the RSS shrinks',
    line !== null && rss < before,
    `RSS ${before.toFixed(0)} MB after the burst, ${rss.toFixed(0)} MB after the collection`,
  );
  await stopGracefully(server);
} catch (e) {
  report('runs', false, `${String(e)}\n${lastLines(server.output())}`);
}
process.exit(failed ? 1 : 0);
