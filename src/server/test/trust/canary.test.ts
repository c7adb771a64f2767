import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestAgent, type TestApp } from '../test-app';
import { registeredEndpoints } from './registered-routes';
import { readZip } from '../zip';

/** A zip answer (the data export) as the text of its entries: compressed, a leak would not show. */
async function unzipped(res: Response): Promise<Response> {
  if (res.headers.get('content-type') !== 'application/zip') return res;
  const text = [...readZip(Buffer.from(await res.arrayBuffer()))]
    .map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`)
    .join('\n');
  return new Response(text, { status: res.status });
}

// Unique values that must never leave the database in clear, except through their reveal route.
const SSN = '987-65-4329';
const DOB = 'Canary Day 1975';
const EIN = '97-5318642';
const ACCOUNT_NUMBER = '8675-3090-0123-4567';
const ROUTING_NUMBER = '314159265';
const CARD_NUMBER = '6035-1111-2222-8642';
const CARD_USERNAME = 'canary-card-login';
const CARD_PASSWORD = 'canary-card-P4ss';
const SOCIAL_PASSWORD = 'canary-social-P4ss';
const canaries = [
  SSN,
  SSN.replace(/-/g, ''),
  DOB,
  EIN,
  EIN.replace(/-/g, ''),
  ACCOUNT_NUMBER,
  ACCOUNT_NUMBER.replace(/-/g, ''),
  ROUTING_NUMBER,
  CARD_NUMBER,
  CARD_NUMBER.replace(/-/g, ''),
  CARD_USERNAME,
  CARD_PASSWORD,
  SOCIAL_PASSWORD,
];
const revealPaths = [
  '/profile/reveal/ssn',
  '/profile/reveal/dob',
  '/profile/reveal/ein',
  '/reveal/account-number',
  '/reveal/routing-number',
  '/reveal/username',
  '/reveal/password',
];

let t: TestApp;
let client: { id: string; email: string; password: string; agent: TestAgent };
let admin: TestAgent;
let bankAccountId = '';
let storeCardId = '';
let socialAccountId = '';
const logged: string[] = [];

beforeAll(async () => {
  // Everything any part of the app prints goes through console or stdout/stderr: keep it all.
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
  t = await createTestApp({ LOG_LEVEL: 'debug' });
  const c = await t.createSignedInUser({ role: 'client' });
  client = { id: c.user.id, email: c.email, password: c.password, agent: c.agent };
  admin = (await t.createSignedInUser({ role: 'admin' })).agent;
  const res = await client.agent.request('PUT', `/api/clients/${client.id}/profile`, {
    json: { businessName: 'Canary Co', ownerSsn: SSN, ownerDob: DOB, ein: EIN, agreement: 'i agree' },
  });
  expect(res.status).toBe(200);
  const bank = await client.agent.request('POST', `/api/clients/${client.id}/bank-accounts`, {
    json: { bankName: 'Canary Bank', accountNumber: ACCOUNT_NUMBER, routingNumber: ROUTING_NUMBER },
  });
  expect(bank.status).toBe(201);
  bankAccountId = (await bank.json()).account.id;
  const card = await client.agent.request('POST', `/api/clients/${client.id}/store-cards`, {
    json: { issuer: 'Canary Store', accountNumber: CARD_NUMBER, username: CARD_USERNAME, password: CARD_PASSWORD },
  });
  expect(card.status).toBe(201);
  storeCardId = (await card.json()).card.id;
  const social = await client.agent.request('POST', `/api/clients/${client.id}/social-accounts`, {
    json: {
      platform: 'Instagram',
      username: 'canary.social',
      password: SOCIAL_PASSWORD,
      profileUrl: 'https://social.example.test/canary',
    },
  });
  expect(social.status).toBe(201);
  socialAccountId = (await social.json()).account.id;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

/** The body, or what a never-ending live stream (server-sent events) sends in its first moments. */
async function bodyOf(res: Response) {
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return res.text();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stop = setTimeout(() => void reader.cancel(), 300);
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += decoder.decode(r.value, { stream: true });
  } catch {
    // cancelled
  } finally {
    clearTimeout(stop);
  }
  return text;
}

describe('canary secrets', () => {
  it('appear only in their reveal responses: not in other responses, logs or the stored tables', async () => {
    const responses: { where: string; body: string }[] = [];
    for (const e of registeredEndpoints(t.app)) {
      let path = (e.path === '/api/auth/*' ? '/api/auth/get-session' : e.path).replace(':clientId', client.id);
      // The canary account's own routes (all but DELETE, which would remove it before its reveals run).
      if (e.method !== 'DELETE')
        path = path
          .replace(':accountId', bankAccountId)
          .replace(':cardId', storeCardId)
          .replace(':socialAccountId', socialAccountId);
      for (const [who, agent] of [
        ['client', client.agent],
        ['admin', admin],
      ] as const) {
        const res = await unzipped(await agent.request(e.method, path, e.method === 'GET' ? {} : { json: {} }));
        // The admin just signed the client out everywhere: the client signs in again.
        if (who === 'admin' && e.path === '/api/clients/:clientId/sessions/revoke')
          client.agent = await t.signIn(client.email, client.password);
        responses.push({ where: `${e.method} ${path} as ${who}`, body: await bodyOf(res) });
      }
    }
    // The top bar's search, asked for the canaries themselves and for the names beside them.
    for (const q of ['canary', ...canaries]) {
      for (const [who, agent, path] of [
        ['client', client.agent, `/api/clients/${client.id}/search`],
        ['admin', admin, `/api/clients/${client.id}/search`],
        ['admin', admin, '/api/clients/search'],
      ] as const) {
        const res = await agent.get(`${path}?${new URLSearchParams({ q })}`);
        expect(res.status, `${path} as ${who}`).toBe(200);
        responses.push({ where: `GET ${path}?q=${q} as ${who}`, body: await res.text() });
      }
    }
    // 'All my data' with the password confirmed again is the one download that carries them.
    const full = await (
      await unzipped(await client.agent.post(`/api/clients/${client.id}/export`, { password: client.password }))
    ).text();
    expect(
      [DOB, EIN, ROUTING_NUMBER, CARD_USERNAME, CARD_PASSWORD, SOCIAL_PASSWORD].filter((c) => !full.includes(c)),
    ).toEqual([]);
    expect(full.includes(SSN) || full.includes(SSN.replace(/-/g, ''))).toBe(true);
    const leaks = responses.filter(
      (r) => !revealPaths.some((p) => r.where.includes(p)) && canaries.some((c) => r.body.includes(c)),
    );
    const reveals = responses.filter((r) => revealPaths.some((p) => r.where.includes(p)));
    const revealed = reveals.filter((r) => canaries.some((c) => r.body.includes(c)));

    const tables = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = await t.db.execute(sql`select * from ${sql.identifier(table_name)}`);
      dump += JSON.stringify(rows.rows);
    }
    const inDump = canaries.filter((c) => dump.includes(c));
    const inLogs = logged.filter((line) => canaries.some((c) => line.includes(c)));

    // console is captured above; the summary goes straight to stdout.
    process.stdout.write(
      `canary: ${responses.length} responses checked, ${leaks.length} leaks; revealed by ${revealed.length}/${reveals.length} reveal calls; ` +
        `${inLogs.length} of ${logged.length} log lines; ${inDump.length} in a ${dump.length}-character table dump\n`,
    );
    expect(leaks.map((l) => l.where)).toEqual([]);
    expect(revealed.length).toBe(reveals.length);
    expect(inLogs).toEqual([]);
    expect(inDump).toEqual([]);
    expect(dump).toContain('enc:v1:');
  });

  it("the calendar feed's token: in the answer that makes it only, never in another answer, a log line or a table", async () => {
    const made = await client.agent.post('/api/me/calendar-feed');
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const token = new URL(url).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const feed = await t.request('GET', new URL(url).pathname, { origin: null });
    expect(feed.status).toBe(200);
    const seen: string[] = [await feed.text()];
    // Every GET the client and an admin can make (a POST here would make a new token).
    for (const e of registeredEndpoints(t.app).filter((e) => e.method === 'GET' && !e.path.includes(':'))) {
      for (const agent of [client.agent, admin]) seen.push(await bodyOf(await agent.request('GET', e.path)));
    }
    for (const path of [`/api/clients/${client.id}/profile`, `/api/clients/${client.id}/audit`]) {
      for (const agent of [client.agent, admin]) seen.push(await bodyOf(await agent.request('GET', path)));
    }
    seen.push(
      await (
        await unzipped(await client.agent.post(`/api/clients/${client.id}/export`, { password: client.password }))
      ).text(),
    );
    const tables = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { table_name } of tables.rows)
      dump += JSON.stringify((await t.db.execute(sql`select * from ${sql.identifier(table_name)}`)).rows);
    expect(seen.filter((b) => b.includes(token))).toEqual([]);
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
    expect(dump).not.toContain(token);
    // The request log names the feed's path without its token.
    expect(logged.some((line) => line.includes('/api/calendar/[token]'))).toBe(true);
  });
});
