import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authUsers, users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { CLIENTS_TABLE_HEADERS } from '../../../shared/clients';
import { CSV_PAGE } from './clients-csv';
import { parseCsv } from '../../../shared/csv';

const MANY = 10_000;
let t: TestApp;
let admin: { id: string; agent: TestAgent };
let client: TestAgent;
/** Page reads of the client list while `pages` is set. */
let pages: string[] | null = null;

beforeAll(async () => {
  const database = await openTestDatabase({
    logger: {
      logQuery(query) {
        if (/from "auth_users"/.test(query) && /order by/i.test(query) && /limit/i.test(query)) pages?.push(query);
      },
    },
  });
  t = await createTestApp({ REQUIRE_ADMIN_2FA: 'false' }, { database });
  const a = await t.createSignedInUser({ role: 'admin', name: 'Staff Admin' });
  admin = { id: a.user.id, agent: a.agent };
  client = (await t.createSignedInUser({ name: 'Plain Client' })).agent;
}, 60_000);
afterAll(() => t?.close());

async function download(query = '') {
  const res = await admin.agent.get(`/api/clients/export${query}`);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  // A byte order mark first, so spreadsheet programs read the file as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString('utf8'));
}

describe('Clients list as CSV', () => {
  it('is for admins only', async () => {
    expect((await client.get('/api/clients/export')).status).toBe(403);
    expect((await t.request('GET', '/api/clients/export')).status).toBe(401);
  });

  it('escapes formula cells and quotes commas and quotes; follows the search and the order; audited', async () => {
    const hostile = [
      { name: '=HYPERLINK("http://evil.test","Click")', email: 'csv-formula@example.test', phone: '+1 555 0100' },
      { name: '@SUM(A1:A9)', email: 'csv-at@example.test', phone: '-5550100' },
      { name: 'Smith, "Jo"', email: 'csv-comma@example.test', phone: '(555) 010-0101' },
    ];
    for (const u of hostile)
      await t.db.insert(authUsers).values({ id: crypto.randomUUID(), role: 'client', emailVerified: true, ...u });
    const rows = await download('?q=csv-&sort=email_asc');
    expect(rows[0]).toEqual([...CLIENTS_TABLE_HEADERS]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ["'@SUM(A1:A9)", 'csv-at@example.test', "'-5550100"],
      ['Smith, "Jo"', 'csv-comma@example.test', '(555) 010-0101'],
      [`'=HYPERLINK("http://evil.test","Click")`, 'csv-formula@example.test', "'+1 555 0100"],
    ]);
    expect([rows[1][2], rows[1][4], rows[1][5]]).toEqual(['-', 'oauth', 'No']);
    const desc = await download('?q=csv-&sort=email_desc');
    expect(desc.slice(1).map((r) => r[1])).toEqual([
      'csv-formula@example.test',
      'csv-comma@example.test',
      'csv-at@example.test',
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.entityType, 'client_list')));
    expect(audit).toEqual([
      expect.objectContaining({ clientId: admin.id, action: 'export' }),
      expect.objectContaining({ action: 'export' }),
    ]);
  });

  it("writes what the screen shows: its search, its order, the table's columns and headers, dates in the reader's zone", async () => {
    // 02:30 UTC on March 10 is still March 9 in New York.
    const base = Date.parse('2026-03-10T02:30:00Z');
    const shown = [
      {
        name: 'Zone Early',
        email: 'zone-b@example.test',
        phone: '',
        createdAt: new Date(base - 24 * 3600_000),
        isPaid: false,
      },
      { name: '', email: 'zone-a@example.test', phone: '(302) 555-0111', createdAt: new Date(base), isPaid: true },
    ];
    for (const u of shown) {
      const { isPaid, ...user } = u;
      const id = crypto.randomUUID();
      await t.db.insert(authUsers).values({ id, role: 'client', emailVerified: true, ...user });
      if (isPaid) await t.db.insert(users).values({ id, isPaid: true });
    }
    await t.db.insert(authUsers).values({
      id: crypto.randomUUID(),
      role: 'client',
      emailVerified: true,
      name: 'Not Shown',
      email: 'other-zone@example.test',
    });

    const rows = await download('?q=zone-&sort=newest&tz=America%2FNew_York');
    expect(rows).toEqual([
      [...CLIENTS_TABLE_HEADERS],
      ['-', 'zone-a@example.test', '-', '(302) 555-0111', 'oauth', 'Member', 'Mar 9, 2026', '-'],
      ['Zone Early', 'zone-b@example.test', '-', '-', 'oauth', 'No', 'Mar 8, 2026', '-'],
    ]);
    expect(CLIENTS_TABLE_HEADERS).toEqual([
      'Name',
      'Email',
      'Password',
      'Phone',
      'Provider',
      'Membership',
      'Created',
      'Assigned to',
    ]);
    // The same moments in Tokyo, and in UTC when no zone is sent.
    expect((await download('?q=zone-&sort=oldest&tz=Asia%2FTokyo')).slice(1).map((r) => [r[1], r[6]])).toEqual([
      ['zone-b@example.test', 'Mar 9, 2026'],
      ['zone-a@example.test', 'Mar 10, 2026'],
    ]);
    expect((await download('?q=zone-&sort=email_asc')).slice(1).map((r) => r[6])).toEqual([
      'Mar 10, 2026',
      'Mar 9, 2026',
    ]);
  });

  it('refuses a time zone the runtime does not know, with a 400 sentence', async () => {
    for (const tz of ['Mars/Olympus', 'x'.repeat(80), '../etc']) {
      const res = await admin.agent.get(`/api/clients/export?tz=${encodeURIComponent(tz)}`);
      expect(res.status, tz).toBe(400);
      expect((await res.json()).error).toMatch(/Time zone/);
    }
  });

  it('refuses an unknown sort or field with a 400 sentence', async () => {
    const bad = await admin.agent.get('/api/clients/export?sort=password');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Sort must be one of/);
    expect((await admin.agent.get('/api/clients/export?page=2')).status).toBe(400);
  });

  it(`streams ${MANY.toLocaleString('en-US')} clients a page at a time: the first bytes leave before the rest is read`, async () => {
    const batch = 1_000;
    for (let i = 0; i < MANY; i += batch) {
      await t.db.insert(authUsers).values(
        Array.from({ length: batch }, (_, j) => ({
          id: crypto.randomUUID(),
          role: 'client' as const,
          emailVerified: true,
          name: `Bulk ${i + j}`,
          email: `bulk-${String(i + j).padStart(5, '0')}@example.test`,
        })),
      );
    }
    pages = [];
    const res = await admin.agent.get('/api/clients/export?q=bulk-&sort=email_asc');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Only the first pages are read yet: the database is read as the response is consumed.
    expect(pages.length).toBeLessThan(5);
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let text = decoder.decode(first.value, { stream: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      text += decoder.decode(chunk.value, { stream: true });
    const rows = parseCsv(text.slice(1));
    expect(rows.length).toBe(MANY + 1);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(MANY);
    expect(rows[1][1]).toBe('bulk-00000@example.test');
    expect(rows[MANY][1]).toBe(`bulk-${String(MANY - 1).padStart(5, '0')}@example.test`);
    // Each read asks for one row more than a page, so the last full page knows it is the last.
    expect(pages.length).toBe(Math.ceil(MANY / CSV_PAGE));
    console.log(`clients CSV: ${MANY} clients in ${pages.length} page reads of ${CSV_PAGE}, ${text.length} characters`);
    pages = null;
  }, 120_000);
});
