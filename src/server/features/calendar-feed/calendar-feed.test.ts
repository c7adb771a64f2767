import ICAL from 'ical.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { businessCompliance, calendarFeeds, storeCreditCards } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import type { CalendarFeedCreated, CalendarFeedState } from '../../../shared/calendar-feed';
import { FEED_MISSES_PER_IP, FEED_READS_PER_TOKEN } from './calendar-feed.routes';
import { feedTokenHash } from './calendar-feed.service';

let t: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.createSignedInUser({ role: 'admin' })).agent;
});
afterAll(() => t?.close());

/** A client with a feed turned on: its address, and the path the app answers it at. */
async function clientWithFeed() {
  const c = await t.createSignedInUser({ role: 'client' });
  const res = await c.agent.post('/api/me/calendar-feed');
  expect(res.status).toBe(201);
  const created = (await res.json()) as CalendarFeedCreated;
  return { ...c, created, path: new URL(created.url).pathname };
}

async function addTask(clientId: string, body: Record<string, unknown>) {
  const res = await admin.request('POST', `/api/clients/${clientId}/compliance-tasks`, { json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { task: { id: number } }).task.id;
}

async function addDocumentRequest(clientId: string, body: Record<string, unknown>) {
  const res = await admin.request('POST', `/api/clients/${clientId}/compliance-tasks/document-requests`, {
    json: { documentType: 'Standard_Corporate', ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { task: { id: number } }).task.id;
}

type Parsed = { uid: string; summary: string; start: string; allDay: boolean; lastModified: string; stamp: string };

/** The feed read by a real iCalendar parser (ical.js): it throws on text that is not iCalendar. */
function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      allDay: e.startDate.isDate,
      lastModified: String(v.getFirstPropertyValue('last-modified')),
      stamp: String(v.getFirstPropertyValue('dtstamp')),
    };
  });
}

const read = (path: string, ip?: string) => t.request('GET', path, { origin: null, ip });

describe('calendar feed', () => {
  it('lists open tasks and document requests with a due date as all-day events; completed and undated ones are left out', async () => {
    const c = await clientWithFeed();
    const open = await addTask(c.user.id, { name: 'File the annual report', dueDate: '2030-03-15' });
    const request = await addDocumentRequest(c.user.id, {
      requestedDocument: 'Articles of Organization',
      dueDate: '2030-04-01',
    });
    const done = await addTask(c.user.id, { name: 'Already done', dueDate: '2030-02-01' });
    expect((await admin.request('POST', `/api/clients/${c.user.id}/compliance-tasks/${done}/complete`)).status).toBe(
      200,
    );
    await addTask(c.user.id, { name: 'No due date' });
    // Text that needs escaping and folding: commas, semicolons, a backslash and a long name.
    const long = `Renew, review; check \\ ${'x'.repeat(150)}`;
    await addTask(c.user.id, { name: long, dueDate: '2030-05-01' });

    const res = await read(c.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const text = await res.text();
    // RFC 5545: CRLF line ends, no line longer than 75 octets.
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = parse(text);
    const host = new URL(c.created.url).hostname;
    expect(events.map((e) => [e.uid, e.summary, e.start, e.allDay])).toEqual([
      [`task-${open}@${host}`, 'Task due: File the annual report', '2030-03-15', true],
      [`document-request-${request}@${host}`, 'Document due: Articles of Organization', '2030-04-01', true],
      [expect.stringMatching(/^task-\d+@/), `Task due: ${long}`, '2030-05-01', true],
    ]);
  });

  it("lists an open invoice on its pay-by date for the client's target (90 until chosen); the invoice's payment takes it out", async () => {
    const c = await clientWithFeed();
    const card = randomUUID();
    await t.db.insert(storeCreditCards).values({ id: card, userId: c.user.id, issuer: 'Uline' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const invoice = { number: 'U-77', invoiceDate: day(-5), termsDays: 60, amount: 1250.5 };
    const base = `/api/clients/${c.user.id}/tradelines/store/${card}/invoices`;
    const added = await c.agent.post(base, invoice);
    expect(added.status, await added.clone().text()).toBe(201);
    const { id } = ((await added.json()) as { invoice: { id: string } }).invoice;
    await c.agent.post(base, { ...invoice, number: 'U-78', paidDate: day(-1), paidAmount: 1250.5 });

    const text = await (await read(c.path)).text();
    const host = new URL(c.created.url).hostname;
    // Due 55 days from now; 20 days before that earns a 90.
    expect(parse(text).map((e) => [e.uid, e.summary, e.start, e.allDay])).toEqual([
      [`invoice-${id}@${host}`, 'Pay Uline invoice U-77 ($1,250.50)', day(35), true],
    ]);
    expect(await (await read(c.path)).text()).toBe(text);
    // The client aims at 100: 30 days before the due date, the same event.
    const aim = await c.agent.request('PUT', `/api/clients/${c.user.id}/paydex-plan/target`, { json: { target: 100 } });
    expect(aim.status).toBe(200);
    expect(parse(await (await read(c.path)).text()).map((e) => [e.uid, e.start])).toEqual([
      [`invoice-${id}@${host}`, day(25)],
    ]);

    const paid = await c.agent.request('PUT', `${base}/${id}`, {
      json: { ...invoice, paidDate: day(0), paidAmount: 1250.5 },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(parse(await (await read(c.path)).text())).toEqual([]);
  });

  it('keeps each UID across reads and after a due date changes, with a new start and a later LAST-MODIFIED', async () => {
    const c = await clientWithFeed();
    const id = await addTask(c.user.id, { name: 'Quarterly taxes', dueDate: '2030-06-15' });
    // Set the row's last change in the past, so a change now is visibly later.
    await t.db
      .update(businessCompliance)
      .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(businessCompliance.id, id));
    const first = await (await read(c.path)).text();
    const second = await (await read(c.path)).text();
    // An unchanged feed reads the same, byte for byte (DTSTAMP is the row's last change, not now).
    expect(second).toBe(first);
    const [before] = parse(first);
    expect(before.lastModified).toBe('2026-01-01T00:00:00Z');

    const patched = await admin.request('PATCH', `/api/clients/${c.user.id}/compliance-tasks/${id}`, {
      json: { dueDate: '2030-07-01' },
    });
    expect(patched.status).toBe(200);
    const [after] = parse(await (await read(c.path)).text());
    expect(after.uid).toBe(before.uid);
    expect(after.start).toBe('2030-07-01');
    expect(after.lastModified > before.lastModified).toBe(true);
    expect(after.stamp > before.stamp).toBe(true);
  });

  it('stores only the SHA-256 of a 32-byte token; regenerating makes the old address answer 404', async () => {
    const c = await clientWithFeed();
    const token = c.path
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, c.user.id));
    expect(row.tokenHash).toBe(feedTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The state says it is on, never the address.
    const state = await c.agent.get('/api/me/calendar-feed');
    const body = (await state.json()) as CalendarFeedState;
    expect(body).toEqual({ enabled: true, createdAt: c.created.createdAt });

    const again = await c.agent.post('/api/me/calendar-feed');
    expect(again.status).toBe(201);
    const renewed = (await again.json()) as CalendarFeedCreated;
    expect(renewed.url).not.toBe(c.created.url);
    expect((await read(c.path)).status).toBe(404);
    expect((await read(new URL(renewed.url).pathname)).status).toBe(200);
  });

  it('turned off, the address answers 404 and the state says off', async () => {
    const c = await clientWithFeed();
    const off = await c.agent.request('DELETE', '/api/me/calendar-feed');
    expect(off.status).toBe(200);
    expect((await read(c.path)).status).toBe(404);
    expect(await (await c.agent.get('/api/me/calendar-feed')).json()).toEqual({ enabled: false, createdAt: null });
    // Turning it off twice is no error.
    expect((await c.agent.request('DELETE', '/api/me/calendar-feed')).status).toBe(200);
  });

  it('a wrong, malformed, revoked or regenerated token answers exactly what an unknown API path does', async () => {
    const c = await clientWithFeed();
    const unknown = await t.request('GET', '/api/no-such-route');
    const expected = [unknown.status, await unknown.text()];
    const revoked = await clientWithFeed();
    await revoked.agent.request('DELETE', '/api/me/calendar-feed');
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      c.path.replace('.ics', ''),
      c.path.replace('.ics', '.ICS'),
      revoked.path,
    ]) {
      const res = await read(path);
      expect([res.status, await res.text()], path).toEqual(expected);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('hostile last segments answer 404 (or 400 for a NUL), never a 500', async () => {
    for (const file of [
      'x'.repeat(5000) + '.ics',
      '%F0%9F%98%80.ics',
      '..%2F..%2Fetc%2Fpasswd',
      `${'A'.repeat(43)}.ics.ics`,
      "'%20or%201=1--.ics",
      '%E2%80%AE.ics',
      '.ics',
    ]) {
      const res = await read(`/api/calendar/${file}`);
      expect(res.status, file).toBe(404);
    }
    expect((await read('/api/calendar/a%00b.ics')).status).toBe(400);
  });

  it('a feed is read at most FEED_READS_PER_TOKEN times per window: then 429 with Retry-After', async () => {
    const c = await clientWithFeed();
    for (let i = 0; i < FEED_READS_PER_TOKEN.max; i++) expect((await read(c.path)).status).toBe(200);
    const refused = await read(c.path);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FEED_READS_PER_TOKEN.windowSeconds);
    expect(((await refused.json()) as { error: string }).error).toMatch(/too often/);
    // Another client's feed is not held back by it.
    expect((await read((await clientWithFeed()).path)).status).toBe(200);
  });

  it('an address that keeps naming no feed is refused (429) for the window; live feeds read from elsewhere are not', async () => {
    const c = await clientWithFeed();
    const guesser = '203.0.113.77';
    for (let i = 0; i < FEED_MISSES_PER_IP.max; i++) {
      const wrong = `/api/calendar/${i.toString().padStart(43, 'B')}.ics`;
      expect((await read(wrong, guesser)).status).toBe(404);
    }
    const refused = await read(c.path, guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads of live feeds never count against an address (one service reads many people's feeds).
    const service = '198.51.100.200';
    for (let i = 0; i < 3; i++) expect((await read((await clientWithFeed()).path, service)).status).toBe(200);
    expect((await read(c.path, '198.51.100.201')).status).toBe(200);
  });

  it('is for clients only: staff are refused their own, and an admin cannot reach a client feed through the management routes', async () => {
    const staff = await t.createSignedInUser({ role: 'staff' });
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await staff.agent.request(method, '/api/me/calendar-feed')).status).toBe(403);
      expect((await admin.request(method, '/api/me/calendar-feed')).status).toBe(403);
    }
    expect((await t.request('GET', '/api/me/calendar-feed')).status).toBe(401);
    // A client who becomes staff keeps no feed that answers.
    const c = await clientWithFeed();
    await t.db.execute(sql`update auth_users set role = 'staff' where id = ${c.user.id}`);
    expect((await read(c.path)).status).toBe(404);
  });
});

describe('calendar feed statements', () => {
  it('reads a feed of 50 more events in as many statements as a feed of a few', async () => {
    let recorded: string[] | null = null;
    const database = await openTestDatabase({ logger: { logQuery: (q) => void recorded?.push(q) } });
    const s = await createTestApp({}, { database });
    try {
      const c = await s.createSignedInUser({ role: 'client' });
      const { url } = (await (await c.agent.post('/api/me/calendar-feed')).json()) as CalendarFeedCreated;
      const path = new URL(url).pathname;
      const count = async () => {
        recorded = [];
        const res = await s.request('GET', path, { origin: null });
        const events = parse(await res.text()).length;
        const n = recorded.length;
        recorded = null;
        return { events, statements: n };
      };
      const few = await count();
      await s.db.insert(businessCompliance).values(
        Array.from({ length: 50 }, (_, i) => ({
          userId: c.user.id,
          taskName: `Seeded ${i}`,
          taskDueDate: new Date(Date.UTC(2031, 0, 1 + i, 23, 59, 59, 999)),
        })),
      );
      const many = await count();
      expect(many.events).toBe(few.events + 50);
      expect(many.statements).toBe(few.statements);
      // The rate limits' counters (the address's and the token's) and the feed's lookup and events.
      expect(few.statements).toBeLessThanOrEqual(5);
    } finally {
      await s.close();
    }
  });
});
