// Support Chat live across two server processes on one PostgreSQL: a stream opened on B receives
// a message posted on A (PostgreSQL NOTIFY from A's insert, B's LISTEN feeding B's open stream),
// each within a second, in order, once; and the reverse direction. Prints the measured latencies.
import http from 'node:http';
import type pg from 'pg';
import { cookieHeader, httpRequest, type ServerProcess } from './lib';

const CLIENT_ADDRESS = '127.0.0.6';
const MESSAGES = 10;
const LIMIT_MS = 1000;

type Report = (check: string, ok: boolean, detail: string) => void;
type Received = { id: number; body: string; at: number };

/** An SSE stream on `server` that records each 'message' event with the time it arrived. */
function openStream(server: ServerProcess, path: string, cookie: string) {
  const received: Received[] = [];
  let ready!: (status: number) => void;
  const opened = new Promise<number>((r) => (ready = r));
  const req = http.get(
    {
      host: '127.0.0.1',
      port: server.port,
      path,
      agent: false,
      localAddress: CLIENT_ADDRESS,
      headers: { cookie, accept: 'text/event-stream' },
    },
    (res) => {
      ready(res.statusCode ?? 0);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!/^event: message$/m.test(block)) continue;
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          const m = JSON.parse(data) as { id: number; body: string };
          received.push({ id: m.id, body: m.body, at: performance.now() });
        }
      });
      res.on('error', () => undefined);
    },
  );
  req.on('error', () => ready(0));
  return { opened, received, close: () => req.destroy() };
}

async function waitFor(received: Received[], body: string, ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const hit = received.find((r) => r.body === body);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 2));
  }
  return null;
}

export async function checkSupportLive(
  a: ServerProcess,
  b: ServerProcess,
  db: pg.Client,
  email: string,
  password: string,
  report: Report,
) {
  const check = 'support chat live across instances';
  const signedIn = await httpRequest(`${a.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: a.url },
    json: { email, password },
    localAddress: CLIENT_ADDRESS,
  });
  const cookie = cookieHeader(signedIn);
  if (signedIn.status !== 200 || !cookie) return report(check, false, `sign-in on A answered ${signedIn.status}`);
  const { rows } = await db.query<{ id: string }>('select id from auth_users where email = $1', [email]);
  const clientId = rows[0]?.id;
  const path = `/api/clients/${clientId}/support`;
  const post = (server: ServerProcess, body: string) =>
    httpRequest(`${server.url}${path}/messages`, {
      method: 'POST',
      headers: { origin: server.url, cookie },
      json: { body },
      localAddress: CLIENT_ADDRESS,
    });

  const directions: [string, ServerProcess, ServerProcess][] = [
    ['A to B', a, b],
    ['B to A', b, a],
  ];
  const details: string[] = [];
  let ok = true;
  for (const [name, writer, reader] of directions) {
    const stream = openStream(reader, `${path}/stream`, cookie);
    const status = await stream.opened;
    if (status !== 200) {
      stream.close();
      return report(check, false, `stream on the reading instance answered ${status}`);
    }
    // The stream subscribes before it reads its starting point: give it that moment.
    await new Promise((r) => setTimeout(r, 200));
    const latencies: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const body = `${name} message ${i} ${Date.now()}`;
      const start = performance.now();
      const res = await post(writer, body);
      if (res.status !== 201) {
        ok = false;
        details.push(`${name}: post ${i} answered ${res.status}`);
        break;
      }
      const hit = await waitFor(stream.received, body, LIMIT_MS + 500);
      if (!hit) {
        ok = false;
        details.push(`${name}: message ${i} did not arrive within ${LIMIT_MS + 500} ms`);
        break;
      }
      latencies.push(hit.at - start);
    }
    stream.close();
    const ids = stream.received.map((r) => r.id);
    const inOrder = ids.every((id, i) => i === 0 || id > ids[i - 1]);
    const once = new Set(ids).size === ids.length;
    const max = Math.max(...latencies);
    const sorted = [...latencies].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    if (!(inOrder && once && max < LIMIT_MS && latencies.length === MESSAGES)) ok = false;
    details.push(
      `${name}: ${latencies.length}/${MESSAGES} posted on one instance arrived on the other's stream, post sent to event received median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms (limit ${LIMIT_MS} ms)${inOrder && once ? ', in order, each once' : ', OUT OF ORDER OR REPEATED'}`,
    );
  }
  report(check, ok, details.join('; '));
}
