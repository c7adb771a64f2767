// Durability under kill -9: the real server takes concurrent sign-ups over HTTP and is killed
// mid-load, CYCLES times on the same data directory (PGlite) or database (PostgreSQL). Every
// sign-up that was answered 2xx must be in the database afterwards, and every restart on the
// killed server's data directory must come up (the lock file it left names a dead pid).
//
//   node --import tsx scripts/resilience/durability.ts [pglite|postgres ...]
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../src/server/db/client';
import { sql } from 'drizzle-orm';
import {
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

const CYCLES = 5;
const WRITERS = 20;
const RESTART_LIMIT_MS = 60_000;
const FIRST_ACK_LIMIT_MS = 30_000;

type Kind = 'pglite' | 'postgres';
type Row = { email: string; has_password: boolean };

async function load(server: ServerProcess, cycle: number, acked: Map<string, number>, problems: string[]) {
  let stop = false;
  let sent = 0;
  let inFlight = 0;
  let firstAck: () => void = () => {};
  const firstAcked = new Promise<void>((resolve) => (firstAck = resolve));
  const before = acked.size;
  const writer = async (w: number) => {
    await sleep(w * 40); // staggered, so that answers keep arriving rather than in one batch
    for (let n = 0; !stop; n++) {
      const email = `c${cycle}-w${w}-n${n}-${Date.now().toString(36)}@durability.test`;
      sent++;
      inFlight++;
      try {
        const res = await httpRequest(`${server.url}/api/signup`, {
          method: 'POST',
          headers: { origin: server.url },
          json: { name: `Writer ${w}`, email, phone: '555-123-4567', password: 'secret123' },
          // One loopback address per writer and cycle keeps each under the per-address sign-up limit.
          localAddress: `127.${10 + cycle}.${w + 1}.1`,
          timeoutMs: 60_000,
        });
        if (res.status >= 200 && res.status < 300) {
          acked.set(email, cycle);
          firstAck();
        } else problems.push(`cycle ${cycle}: signup answered ${res.status}: ${res.body.slice(0, 200)}`);
      } catch {
        // In flight when the process died, or refused afterwards: not acknowledged.
        if (!stop) await sleep(20);
      } finally {
        inFlight--;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // A sign-up costs a scrypt hash and several queries: on a busy machine the first answers take
  // seconds. The kill comes 1-3 s into steady load, i.e. after the first acknowledged write.
  const warm = await Promise.race([firstAcked.then(() => true), sleep(FIRST_ACK_LIMIT_MS).then(() => false)]);
  if (!warm) problems.push(`cycle ${cycle}: no sign-up answered within ${FIRST_ACK_LIMIT_MS / 1000} s`);
  await sleep(1000 + Math.random() * 2000);
  const inFlightAtKill = inFlight;
  if (inFlightAtKill === 0) problems.push(`cycle ${cycle}: nothing in flight at the kill`);
  server.child.kill('SIGKILL');
  await server.exit;
  stop = true;
  await Promise.all(writers);
  return { sent, acked: acked.size - before, inFlightAtKill };
}

async function readBack(kind: Kind, dataDir: string, databaseUrl: string | undefined): Promise<Row[]> {
  // A user row alone is half a sign-up: the credential account holds the password.
  const query = `select u.email, exists (select 1 from auth_accounts a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as has_password from auth_users u`;
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<Row>(query)).rows;
    } finally {
      await client.end();
    }
  }
  const database = await openPglite(dataDir);
  try {
    const result = await database.db.execute(sql.raw(query));
    return (result as unknown as { rows: Row[] }).rows;
  } finally {
    await database.close();
  }
}

async function run(kind: Kind): Promise<boolean> {
  const started = Date.now();
  const dataDir = tempDir(`resilience-durability-${kind}-`);
  const cluster = kind === 'postgres' ? await startPostgres() : undefined;
  const acked = new Map<string, number>();
  const problems: string[] = [];
  const failures: string[] = [];
  const port = await freePort();
  let cycles = 0;
  let lastKilledPid: number | undefined;

  try {
    for (let cycle = 1; cycle <= CYCLES + 1; cycle++) {
      // The last start is only the restart after the last kill, followed by a clean stop.
      if (kind === 'pglite' && lastKilledPid !== undefined) {
        const lock = path.join(dataDir, 'portal.lock');
        const holder = fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8').trim() : '(none)';
        if (holder !== String(lastKilledPid))
          failures.push(`before restart ${cycle}: lock file names ${holder}, expected the killed pid ${lastKilledPid}`);
      }
      const server = spawnServer({ port, dataDir, databaseUrl: cluster?.url });
      let startMs: number;
      try {
        startMs = await waitHealthy(server, RESTART_LIMIT_MS);
      } catch (e) {
        failures.push(`${cycle === 1 ? 'first start' : `restart ${cycle - 1}`} failed: ${(e as Error).message}`);
        server.child.kill('SIGKILL');
        break;
      }
      if (cycle > CYCLES) {
        const { code, signal } = await stopGracefully(server);
        if (code !== 0)
          failures.push(`graceful stop exited with code ${code} signal ${signal}:\n${lastLines(server.output())}`);
        console.log(
          `  restart ${cycle - 1}: healthy after ${formatMs(startMs)}, then stopped with SIGTERM (exit ${code})`,
        );
        break;
      }
      const r = await load(server, cycle, acked, problems);
      lastKilledPid = server.pid;
      cycles++;
      console.log(
        `  cycle ${cycle}: ${cycle === 1 ? 'started' : 'restarted'} in ${formatMs(startMs)}, ${r.sent} sign-ups sent, ${r.acked} acknowledged, ` +
          `${r.inFlightAtKill} in flight at kill -9 of pid ${server.pid}`,
      );
    }

    let lost = 0;
    let halfDone = 0;
    if (!failures.some((f) => f.includes('failed:'))) {
      const rows = await readBack(kind, dataDir, cluster?.url);
      const present = new Map(rows.map((r) => [r.email, r.has_password]));
      const lostByCycle = new Map<number, string[]>();
      for (const [email, cycle] of acked) {
        if (present.get(email) !== true) {
          lost++;
          lostByCycle.set(cycle, [
            ...(lostByCycle.get(cycle) ?? []),
            `${email}${present.has(email) ? ' (user without password)' : ''}`,
          ]);
        }
      }
      for (const [cycle, emails] of lostByCycle)
        failures.push(`cycle ${cycle} lost ${emails.length}: ${emails.slice(0, 5).join(', ')}`);
      // Sign-ups cut off between the user row and the account row (never acknowledged): informative.
      halfDone = rows.filter((r) => !r.has_password && !acked.has(r.email)).length;
      console.log(
        `  ${rows.length} users in the database, ${halfDone} of them unacknowledged sign-ups left without a password`,
      );
    }
    if (problems.length) failures.push(`${problems.length} unexpected answers, first: ${problems[0]}`);
    if (acked.size === 0) failures.push('no write was acknowledged: the load did not work');

    const summary = `durability ${kind}: ${cycles} cycles, ${acked.size} acknowledged writes, ${lost} lost`;
    console.log(`${summary} (${formatMs(Date.now() - started)})${failures.length ? ' FAILED' : ''}`);
    for (const f of failures) console.log(`  FAILED: ${f}`);
    return failures.length === 0;
  } finally {
    cluster?.stop();
  }
}

const kinds = (process.argv.slice(2).length ? process.argv.slice(2) : ['pglite', 'postgres']) as Kind[];
let ok = true;
for (const kind of kinds) {
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`unknown database ${kind}`);
  try {
    ok = (await run(kind)) && ok;
  } catch (e) {
    console.log(`durability ${kind}: FAILED (${(e as Error).stack ?? e})`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);
