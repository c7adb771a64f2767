import { randomBytes } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authUsers } from '../../db/schema';
import { listClientRows } from './clients.service';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import {
  BAD_CURSOR,
  CURSOR_OTHER_SORT,
  encodeClientCursor,
  type ClientPage,
  type ClientSort,
  type ClientSummary,
} from '../../../shared/clients';

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
    expect(page).toMatchObject({ pageSize: 50, total: 5, prevCursor: null, nextCursor: null });
    expect(page.rows.slice(0, 3).map((r) => r.email)).toEqual([people[2].email, people[1].email, people[0].email]);
    expect(page.rows.map((r) => r.email)).not.toContain(`boss-${tag}@example.test`);
    const body = JSON.stringify(page);
    const hashes = (await t.db.select({ password: authAccounts.password }).from(authAccounts))
      .map((a) => a.password)
      .filter(Boolean);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(body).not.toContain(hash!.slice(-24));
    expect(Object.keys(page.rows[0]).sort()).toEqual([
      'assignedStaff',
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
      assignedStaff: null,
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

  it('pages by cursor with the total of all matching clients', async () => {
    const first = await list({ sort: 'email_asc', pageSize: 2 });
    expect(first).toMatchObject({ total: 5, pageSize: 2, prevCursor: null });
    expect(first.rows).toHaveLength(2);
    const second = await list({ sort: 'email_asc', pageSize: 2, cursor: first.nextCursor! });
    const third = await list({ sort: 'email_asc', pageSize: 2, cursor: second.nextCursor! });
    expect(third.rows).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    expect(third.total).toBe(5);
    const all = [...first.rows, ...second.rows, ...third.rows].map((r) => r.email);
    expect(all).toEqual((await list({ sort: 'email_asc' })).rows.map((r) => r.email));
    // Previous from the third page is the second again.
    expect((await list({ sort: 'email_asc', pageSize: 2, cursor: third.prevCursor! })).rows).toEqual(second.rows);
  });

  it('searches name and e-mail, case-insensitively and literally', async () => {
    expect((await list({ q: 'ZULU' })).rows.map((r) => r.name)).toEqual(['Zoe Zulu']);
    expect((await list({ q: `alpha-${tag}` })).total).toBe(1);
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: 'boss' })).total).toBe(0);
  });

  it("searches text with an '@' in e-mails (by the end of the local part) and in names that have one", async () => {
    const emails = async (q: string) => (await list({ q })).rows.map((r) => r.email);
    expect(await emails(`ALPHA-${tag}@Example`)).toEqual([`alpha-${tag}@example.test`]);
    expect(await emails(`pha-${tag}@ex`)).toEqual([`alpha-${tag}@example.test`]);
    expect((await list({ q: `${tag}@example.test` })).total).toBe(5);
    expect((await list({ q: `-${tag}@example.tes` })).total).toBe(5);
    expect((await list({ q: `alpha-${tag}@example.org` })).total).toBe(0);
    // Literal: '%' and '_' are not wildcards on either side of the '@'.
    expect((await list({ q: `%${tag}@example` })).total).toBe(0);
    expect((await list({ q: `alpha_${tag}@example` })).total).toBe(0);
    const named = `named-at-${tag}`;
    await t.db
      .insert(authUsers)
      .values({ id: named, email: `${named}@example.test`, name: `Write to kim@${tag}.test` });
    try {
      expect(await emails(`kim@${tag}`)).toEqual([`${named}@example.test`]);
    } finally {
      await t.db.delete(authUsers).where(eq(authUsers.id, named));
    }
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
    expect((await res.json()) as ClientSummary).toEqual({
      id,
      name: 'Zoe Zulu',
      email: people[2].email,
      phone: '',
      assignedStaff: null,
    });
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

  it('keeps the total exact as clients arrive, change role and leave (the count the database keeps)', async () => {
    const counted = async () =>
      Number(
        (await t.db.execute<{ n: string }>(sql`select count(*) as n from auth_users where role = 'client'`)).rows[0].n,
      );
    const ids = [1, 2, 3].map((i) => `count-${tag}-${i}`);
    const before = (await list()).total;
    expect(before).toBe(await counted());
    await t.db.insert(authUsers).values(ids.map((id) => ({ id, email: `${id}@example.test` })));
    expect((await list()).total).toBe(before + 3);
    await t.db.update(authUsers).set({ role: 'admin' }).where(eq(authUsers.id, ids[0]));
    await t.db.update(authUsers).set({ name: 'Renamed' }).where(eq(authUsers.id, ids[1]));
    expect((await list()).total).toBe(before + 2);
    await t.db.update(authUsers).set({ role: 'client' }).where(eq(authUsers.id, ids[0]));
    await t.db.delete(authUsers).where(inArray(authUsers.id, ids));
    expect((await list()).total).toBe(before);
    expect(await counted()).toBe(before);
  });

  it('refuses a tampered or foreign page cursor with a 400 sentence, never a 500', async () => {
    const page = await list({ sort: 'newest', pageSize: 2 });
    const good = page.nextCursor!;
    const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const [, , key, id] = JSON.parse(Buffer.from(good, 'base64url').toString()) as string[];
    const bad = [
      `${good.slice(0, -3)}`,
      `${good}x`,
      'not a cursor',
      '%00',
      'x'.repeat(4000),
      encode({ sort: 'newest' }),
      encode(['newest', 'next', key]),
      encode(['newest', 'sideways', key, id]),
      encode(['password', 'next', key, id]),
      encode(['newest', 'next', '2026-02-30T00:00:00.000000', id]),
      encode(['newest', 'next', '0000-01-01T00:00:00.000000', id]),
      encode(['newest', 'next', "1' or 1=1 --", id]),
      encode(['newest', 'next', key, '']),
      encode(['email_asc', 'next', 'a\u0000b', id]),
      Buffer.from('["newest","next","\ud800x","a"]').toString('base64url'),
      Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'),
    ];
    for (const cursor of bad) {
      const res = await admin.get(`/api/clients?sort=newest&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect((await res.json()).error, cursor).toBe(BAD_CURSOR);
    }
    // Made for another order: it points into a list this one is not.
    const other = await admin.get(`/api/clients?sort=oldest&cursor=${good}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: CURSOR_OTHER_SORT, field: 'cursor' });
    // A key that no client has is still a place in the order: the rows after it.
    const after = await list({
      sort: 'email_asc',
      cursor: encode(['email_asc', 'next', "'; drop table auth_users; --", 'x']),
    });
    expect(after.rows.length).toBeGreaterThan(0);
    expect((await admin.get('/api/clients?page=2')).status).toBe(400);
  });

  it('walks every page of a few hundred clients in each order, both ways: each client once, in order (ties, empty names)', async () => {
    // 300 clients of one tag: creation times shared by groups of seven (to the microsecond), every
    // fifth without a name (shown, and sorted, by e-mail), names repeated and in mixed case.
    const walk = `walk${randomBytes(3).toString('hex')}`;
    await t.db.execute(sql`
      insert into auth_users (id, email, name, created_at)
      select ${walk} || '-' || g, ${walk} || '-' || lpad(((g * 37) % 300)::text, 3, '0') || '@example.test',
        case when g % 5 = 0 then '' when g % 3 = 0 then 'Same Name' else (case when g % 2 = 0 then 'a' else 'B' end) || ' Walker ' || (g % 11) end,
        timestamptz '2031-01-01 00:00:00.123456+00' + ((g / 7) || ' seconds')::interval + ((g / 7) || ' microseconds')::interval
      from generate_series(1, 300) g`);
    const orders: Record<ClientSort, SQL> = {
      newest: sql`created_at desc, id desc`,
      oldest: sql`created_at asc, id asc`,
      email_asc: sql`email asc, id asc`,
      email_desc: sql`email desc, id desc`,
      name_asc: sql`lower(coalesce(nullif(name, ''), email)) asc, id asc`,
    };
    for (const [sort, order] of Object.entries(orders) as [ClientSort, SQL][]) {
      const expected = (
        await t.db.execute<{ id: string }>(
          sql`select id from auth_users where role = 'client' and id like ${`${walk}-%`} order by ${order}`,
        )
      ).rows.map((r) => r.id);
      expect(expected).toHaveLength(300);
      const query = { sort, q: walk, pageSize: 13 };
      // Forwards with Next to the end, then back to the start with Previous.
      const pages: ClientPage[] = [await list(query)];
      while (pages.at(-1)!.nextCursor) pages.push(await list({ ...query, cursor: pages.at(-1)!.nextCursor! }));
      expect(pages.map((p) => p.rows.map((r) => r.id)).flat(), sort).toEqual(expected);
      expect(pages.every((p) => p.total === 300 && p.rows.length > 0)).toBe(true);
      expect(pages[0].prevCursor).toBeNull();
      const back: ClientPage[] = [pages.at(-1)!];
      while (back.at(-1)!.prevCursor) back.push(await list({ ...query, cursor: back.at(-1)!.prevCursor! }));
      expect(back.length).toBe(pages.length);
      expect(back.map((p) => p.rows.map((r) => r.id)).reverse(), sort).toEqual(
        pages.map((p) => p.rows.map((r) => r.id)),
      );
      // Reached by Previous, the first page still offers Next.
      expect(back.at(-1)!.nextCursor).not.toBeNull();
    }
  });

  it('stays fast with 10,000 clients', async () => {
    await t.db.execute(sql`
      insert into auth_users (id, email, name, phone, created_at)
      select 'bulk-' || g, 'bulk-' || lpad(g::text, 5, '0') || '@example.test', 'Bulk ' || g,
        '(212) ' || substr(lpad(g::text, 7, '0'), 1, 3) || '-' || substr(lpad(g::text, 7, '0'), 4, 4), now() - (g || ' minutes')::interval
      from generate_series(1, 10000) g`);
    for (const sort of ['newest', 'oldest', 'email_asc', 'email_desc', 'name_asc'] as const) {
      // Page 100 of 50: the cursor after 4,950 clients (read by the service in one go, as a jump).
      const { next } = await listClientRows(t.db, { id: 'any admin', role: 'admin' }, { sort, pageSize: 4950 });
      const cursor = encodeClientCursor(next!);
      const started = performance.now();
      const page = await list({ sort, pageSize: 50, cursor });
      const ms = performance.now() - started;
      expect(page.total).toBe(10_305); // and the 300 of the walk above
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
