import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authUsers } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { ClientPage, ClientSummary } from '../../../shared/clients';

let t: TestApp;
let admin: TestAgent;
let client: TestAgent;
const tag = randomBytes(3).toString('hex');
// Created in this order, a second apart, so "newest" and "email" orders differ.
const people = [
  { email: `mid-${tag}@example.test`, name: 'Mia Middle', phone: '(555) 000-0001' },
  { email: `alpha-${tag}@example.test`, name: 'Alan Alpha', phone: '' },
  { email: `zulu-${tag}@example.test`, name: 'Zoe Zulu', phone: '' },
];
let oauthId: string;

async function list(query: Record<string, string | number> = {}, as = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await as.get(`/api/clients${qs ? `?${qs}` : ''}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ClientPage;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.createSignedInUser({ role: 'admin', email: `boss-${tag}@example.test`, name: 'Boss Admin' })).agent;
  client = (await t.createSignedInUser({ role: 'client', email: `self-${tag}@example.test` })).agent;
  let at = Date.parse('2030-01-01T00:00:00Z');
  for (const p of people) {
    const u = await t.createSignedInUser({ email: p.email, name: p.name });
    await t.db
      .update(authUsers)
      .set({ phone: p.phone, createdAt: new Date((at += 1000)) })
      .where(eq(authUsers.id, u.user.id));
  }
  // A Google-only user: an auth_users row with only an oauth account.
  oauthId = `oauth-${tag}`;
  await t.db.insert(authUsers).values({
    id: oauthId,
    email: `google-${tag}@example.test`,
    name: 'Gia Google',
    emailVerified: true,
    createdAt: new Date('2029-06-01T00:00:00Z'),
  });
  await t.db
    .insert(authAccounts)
    .values({ id: `acc-${tag}`, userId: oauthId, accountId: 'google-sub-1', providerId: 'google' });
});
afterAll(() => t?.close());

describe('admin clients list', () => {
  it('lists clients newest first by default, without admins or any password hash', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 5 });
    expect(page.rows.slice(0, 3).map((r) => r.email)).toEqual([people[2].email, people[1].email, people[0].email]);
    expect(page.rows.map((r) => r.email)).not.toContain(`boss-${tag}@example.test`);
    const body = JSON.stringify(page);
    const hashes = (await t.db.select({ password: authAccounts.password }).from(authAccounts))
      .map((a) => a.password)
      .filter(Boolean);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(body).not.toContain(hash!.slice(-24));
    expect(Object.keys(page.rows[0]).sort()).toEqual([
      'createdAt',
      'email',
      'hasPassword',
      'id',
      'isPaid',
      'name',
      'phone',
      'provider',
    ]);
    expect(page.rows[0]).toEqual({
      id: expect.any(String),
      name: 'Zoe Zulu',
      email: people[2].email,
      phone: '',
      hasPassword: true,
      isPaid: false,
      provider: 'email',
      createdAt: '2030-01-01T00:00:03.000Z',
    });
  });

  it('sorts oldest first and by e-mail both ways', async () => {
    expect((await list({ sort: 'oldest' })).rows.map((r) => r.email).slice(-3)).toEqual(people.map((p) => p.email));
    const asc = (await list({ sort: 'email_asc' })).rows.map((r) => r.email);
    expect(asc).toEqual([...asc].sort());
    expect(asc[0]).toBe(`alpha-${tag}@example.test`);
    const desc = (await list({ sort: 'email_desc' })).rows.map((r) => r.email);
    expect(desc).toEqual([...asc].reverse());
  });

  it('pages with the total of all matching clients', async () => {
    const first = await list({ sort: 'email_asc', pageSize: 2, page: 1 });
    const third = await list({ sort: 'email_asc', pageSize: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(third.rows).toHaveLength(1);
    expect((await list({ pageSize: 2, page: 9 })).rows).toEqual([]);
  });

  it('searches name and e-mail, case-insensitively and literally', async () => {
    expect((await list({ q: 'ZULU' })).rows.map((r) => r.name)).toEqual(['Zoe Zulu']);
    expect((await list({ q: `alpha-${tag}` })).total).toBe(1);
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: 'boss' })).total).toBe(0);
  });

  it('searches the phone too, as typed or by its digits alone', async () => {
    expect((await list({ q: '(555) 000-0001' })).rows.map((r) => r.email)).toEqual([people[0].email]);
    expect((await list({ q: '5550000001' })).rows.map((r) => r.email)).toEqual([people[0].email]);
    expect((await list({ q: '000-0001' })).rows.map((r) => r.email)).toEqual([people[0].email]);
    expect((await list({ q: '9999999' })).total).toBe(0);
  });

  it('sorts by name (the e-mail when there is none) for the client selector', async () => {
    const rows = (await list({ sort: 'name_asc' })).rows.map((r) => r.name || r.email);
    expect(rows).toEqual([...rows].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(rows.slice(0, 2)).toEqual(['Alan Alpha', 'Gia Google']);
  });

  it("names one client by id for admins only (the selector's chosen client)", async () => {
    const page = await list({ q: 'zulu' });
    const id = page.rows[0].id;
    const res = await admin.get(`/api/clients/${id}/summary`);
    expect(res.status).toBe(200);
    expect((await res.json()) as ClientSummary).toEqual({ id, name: 'Zoe Zulu', email: people[2].email, phone: '' });
    expect((await admin.get('/api/clients/no-such-client/summary')).status).toBe(404);
    expect((await client.get(`/api/clients/${id}/summary`)).status).toBe(403);
    expect((await t.request('GET', `/api/clients/${id}/summary`)).status).toBe(401);
  });

  it('tells a password user (email) from a Google-only user (oauth)', async () => {
    const rows = (await list({ q: tag })).rows;
    expect(rows.find((r) => r.id === oauthId)).toMatchObject({
      hasPassword: false,
      provider: 'oauth',
      name: 'Gia Google',
    });
    expect(rows.find((r) => r.email === people[0].email)).toMatchObject({
      hasPassword: true,
      provider: 'email',
      phone: '(555) 000-0001',
    });
  });

  it('refuses clients and guests, and bad queries with a clear 400', async () => {
    expect((await client.get('/api/clients')).status).toBe(403);
    expect((await t.request('GET', '/api/clients')).status).toBe(401);
    const bad = await admin.get('/api/clients?sort=name');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Sort must be/);
    expect((await admin.get('/api/clients?pageSize=101')).status).toBe(400);
    expect((await admin.get(`/api/clients?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('stays fast with 10,000 clients', async () => {
    await t.db.execute(sql`
      insert into auth_users (id, email, name, phone, created_at)
      select 'bulk-' || g, 'bulk-' || lpad(g::text, 5, '0') || '@example.test', 'Bulk ' || g,
        '(212) ' || substr(lpad(g::text, 7, '0'), 1, 3) || '-' || substr(lpad(g::text, 7, '0'), 4, 4), now() - (g || ' minutes')::interval
      from generate_series(1, 10000) g`);
    for (const sort of ['newest', 'oldest', 'email_asc', 'email_desc']) {
      const started = performance.now();
      const page = await list({ sort, page: 100, pageSize: 50 });
      const ms = performance.now() - started;
      expect(page.total).toBe(10_005);
      expect(page.rows).toHaveLength(50);
      expect(ms, `${sort} took ${ms} ms`).toBeLessThan(1500);
    }
  });

  it('finds one client among 10,000 by name, e-mail or phone, quickly (the client selector)', async () => {
    const searches: [string, string][] = [
      ['bulk 4321', 'bulk-4321'], // name, any letter case
      ['BULK-07777@', 'bulk-7777'], // e-mail
      ['(212) 000-1234', 'bulk-1234'], // phone as shown
      ['2120009876', 'bulk-9876'], // phone digits only
    ];
    for (const [q, id] of searches) {
      const started = performance.now();
      const page = await list({ q, sort: 'name_asc', pageSize: 25 });
      const ms = performance.now() - started;
      expect(
        page.rows.map((r) => r.id),
        q,
      ).toEqual([id]);
      expect(page.total, q).toBe(1);
      expect(ms, `'${q}' took ${ms} ms`).toBeLessThan(500);
    }
    // A broad search: one page of 25 by name, and the total that tells the selector to ask for more.
    const started = performance.now();
    const broad = await list({ q: 'bulk', sort: 'name_asc', pageSize: 25 });
    const ms = performance.now() - started;
    expect(broad.total).toBe(10_000);
    expect(broad.rows.map((r) => r.name)).toEqual([
      'Bulk 1',
      'Bulk 10',
      'Bulk 100',
      'Bulk 1000',
      'Bulk 10000',
      'Bulk 1001',
      ...broad.rows.slice(6).map((r) => r.name),
    ]);
    expect(ms, `'bulk' took ${ms} ms`).toBeLessThan(500);
  });
});
