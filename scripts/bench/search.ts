// The top bar's search for `npm run bench`: sequential requests (one person typing, not a crowd),
// so the figure is the latency each keystroke's search adds, not throughput under load.
import { httpRequest } from '../resilience/lib';

/** Requests per measured set, after WARM_UP untimed ones. */
const REQUESTS = 200;
const WARM_UP = 20;

export type SearchLatency = { label: string; p50: number; p95: number; max: number; requests: number };

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `paths` in turn, one request at a time, `warmUp` untimed then `requests` timed: the sorted
 * durations (ms). Every answer must be a 200 that `check` accepts.
 */
export async function timedInTurn(
  base: string,
  paths: string[],
  cookie: string,
  {
    requests,
    warmUp,
    check = () => undefined,
  }: { requests: number; warmUp: number; check?: (path: string, body: string) => void },
): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < warmUp + requests; i++) {
    const path = paths[i % paths.length];
    const started = performance.now();
    const res = await httpRequest(`${base}${path}`, { headers: { cookie } });
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
    check(path, res.body);
    if (i >= warmUp) ms.push(took);
  }
  return ms.sort((a, b) => a - b);
}

/** Each path in turn, one request at a time; every answer must have at least one group when `expectHits`. */
async function sequential(
  base: string,
  label: string,
  paths: string[],
  cookie: string,
  expectHits: boolean,
): Promise<SearchLatency> {
  const ms = await timedInTurn(base, paths, cookie, {
    requests: REQUESTS,
    warmUp: WARM_UP,
    check: (path, body) => {
      if (expectHits && !(JSON.parse(body) as { groups: unknown[] }).groups.length)
        throw new Error(`search ${path} found nothing`);
    },
  });
  return { label, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1], requests: ms.length };
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

/**
 * An admin finding clients among the 10,000 (a name, an e-mail, a phone as shown and by its digits,
 * and 'bench', which every client matches), an admin searching a client's things, and a client
 * searching their own.
 */
export async function measureSearch(
  base: string,
  users: { client: { id: string; cookie: string }; admin: { cookie: string } },
  someClientId: string,
): Promise<SearchLatency[]> {
  const clients = ['Bench Client 5000', 'bench-1234@', '(302) 555-0142', '3025550777', 'bench client 42', 'bench'].map(
    (t) => `/api/clients/search?${q(t)}`,
  );
  const actingFor = ['bench task 1', 'task', 'bank', 'bench'].map((t) => `/api/clients/${someClientId}/search?${q(t)}`);
  const own = ['contact', 'support', 'co', 'c'].map((t) => `/api/clients/${users.client.id}/search?${q(t)}`);
  return [
    await sequential(base, 'admin finds clients', clients, users.admin.cookie, true),
    await sequential(base, "admin searches a client's things", actingFor, users.admin.cookie, true),
    await sequential(base, 'client searches their things', own, users.client.cookie, true),
  ];
}

export const formatSearch = (r: SearchLatency) =>
  `${r.label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.requests} sequential requests)`;
