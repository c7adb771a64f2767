import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, supportBreaches, supportResponses } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { parseCsv } from '../../../shared/csv';
import { DEFAULT_SUPPORT_TARGETS } from '../../../shared/support-targets-rules';
import { ADMINS_POOL, REPORT_CSV_HEADER, type SupportReport } from '../../../shared/support-report-rules';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let admin: Who;
let sam: Who;
let quiet: Who;
let assigned: Who;
let pooled: Who;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Far from UTC, so a week cut in UTC would put the rows near Monday midnight in the wrong week. */
const TZ = 'Pacific/Auckland';

/** This week's Monday 00:00 in the business time zone, and the ISO labels of this week and the two before. */
let monday: Date;
let labels: string[];

const make = async (role: 'client' | 'admin' | 'staff', name: string): Promise<Who> => {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, email: u.email, agent: u.agent };
};

async function report(weeks?: number, who = admin) {
  const res = await who.agent.get(`/api/support/report${weeks ? `?weeks=${weeks}` : ''}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SupportReport;
}
const rowsOf = (r: SupportReport, staffId: string | null) => r.rows.filter((x) => x.staffId === staffId);

async function respond(staffId: string, clientId: string, kind: 'first' | 'reply', answeredAt: Date, minutes: number) {
  await t.db.insert(supportResponses).values({
    clientId,
    staffId,
    kind,
    waitingSince: new Date(answeredAt.getTime() - minutes * MIN),
    answeredAt,
    businessMs: minutes * MIN,
    breached: false,
  });
}
const breach = (staffId: string | null, clientId: string, dueAt: Date) =>
  t.db.insert(supportBreaches).values({ clientId, staffId, kind: 'first', dueAt });

beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin', 'Ada Admin');
  sam = await make('staff', 'Sam Staff');
  quiet = await make('staff', 'Zed Quiet');
  assigned = await make('client', 'Assigned Client');
  pooled = await make('client', 'Pooled Client');
  await t.db.update(authUsers).set({ assignedStaffId: sam.id }).where(eq(authUsers.id, assigned.id));
  const put = await admin.agent.request('PUT', '/api/support/targets', {
    json: { ...DEFAULT_SUPPORT_TARGETS, timeZone: TZ },
  });
  expect(put.status, await put.clone().text()).toBe(200);
  const res = await t.db.execute<{ monday: string; w0: string; w1: string; w2: string }>(sql`
    select (date_trunc('week', now() at time zone ${TZ}) at time zone ${TZ})::text as monday,
      to_char(date_trunc('week', now() at time zone ${TZ}), 'IYYY-"W"IW') as w0,
      to_char(date_trunc('week', now() at time zone ${TZ}) - interval '1 week', 'IYYY-"W"IW') as w1,
      to_char(date_trunc('week', now() at time zone ${TZ}) - interval '2 weeks', 'IYYY-"W"IW') as w2`);
  const r = res.rows[0];
  monday = new Date(r.monday);
  labels = [r.w2, r.w1, r.w0];

  // This week: three first responses (10, 20, 40 minutes: median 20), the first a minute after
  // Monday midnight in Auckland; two replies.
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() + MIN), 10);
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() + 2 * HOUR), 40);
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() + 3 * HOUR), 20);
  await respond(sam.id, assigned.id, 'reply', new Date(monday.getTime() + 4 * HOUR), 5);
  await respond(sam.id, assigned.id, 'reply', new Date(monday.getTime() + 5 * HOUR), 7);
  // Last week: two first responses (10 and 25: median 17.5), the first a minute before Monday midnight.
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() - MIN), 10);
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() - 2 * DAY), 25);
  await respond(sam.id, assigned.id, 'reply', new Date(monday.getTime() - 3 * DAY), 3);
  // Two weeks back: only in a report of three weeks or more.
  await respond(sam.id, assigned.id, 'first', new Date(monday.getTime() - 8 * DAY), 90);
  // Breaches: Sam's client twice this week (one due a minute after midnight) and once a minute
  // before; the pool's client once this week.
  await breach(sam.id, assigned.id, new Date(monday.getTime() + MIN));
  await breach(sam.id, assigned.id, new Date(monday.getTime() + HOUR));
  await breach(sam.id, assigned.id, new Date(monday.getTime() - MIN));
  await breach(null, pooled.id, new Date(monday.getTime() + 2 * HOUR));
});
afterAll(() => t?.close());

describe('the support response report', () => {
  it('cuts ISO weeks at Monday midnight in the business time zone', async () => {
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    }).formatToParts(monday);
    const part = (type: string) => local.find((p) => p.type === type)?.value;
    expect([part('weekday'), part('hour'), part('minute')]).toEqual(['Mon', '00', '00']);

    const r = await report(2);
    expect(r.timeZone).toBe(TZ);
    expect(r.weeks).toBe(2);
    const mine = rowsOf(r, sam.id);
    expect(mine.map((x) => x.week)).toEqual(labels.slice(1));
    expect(mine[1].weekStart).toBe(`${part('year')}-${part('month')}-${part('day')}`);
    expect(mine[1]).toMatchObject({ firstResponses: 3, replies: 2, breaches: 2, medianFirstResponseMinutes: 20 });
    expect(mine[0]).toMatchObject({ firstResponses: 2, replies: 1, breaches: 1, medianFirstResponseMinutes: 17.5 });
  });

  it('names the staff member, counts their clients now, and reaches further back with more weeks', async () => {
    const r = await report(3);
    const mine = rowsOf(r, sam.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      name: 'Sam Staff',
      email: sam.email,
      week: labels[0],
      firstResponses: 1,
      medianFirstResponseMinutes: 90,
      clientsAssignedNow: 1,
    });
    expect(mine.every((x) => x.clientsAssignedNow === 1)).toBe(true);
    // The default is eight weeks.
    expect(rowsOf(await report(), sam.id)).toHaveLength(8);
  });

  it('shows a staff member with no activity as zeros, and the admins’ pool last with its breaches', async () => {
    const r = await report(2);
    expect(rowsOf(r, quiet.id)).toEqual(
      labels.slice(1).map((week) =>
        expect.objectContaining({
          name: 'Zed Quiet',
          week,
          firstResponses: 0,
          replies: 0,
          breaches: 0,
          clientsAssignedNow: 0,
          medianFirstResponseMinutes: null,
        }),
      ),
    );
    // The team by name: Ada, Sam, Zed, then the pool.
    const order = [...new Set(r.rows.map((x) => x.staffId))];
    expect(order).toEqual([admin.id, sam.id, quiet.id, null]);
    const pool = rowsOf(r, null);
    expect(pool.map((x) => [x.name, x.breaches, x.firstResponses])).toEqual([
      [ADMINS_POOL, 0, 0],
      [ADMINS_POOL, 1, 0],
    ]);
    expect(pool[1].clientsAssignedNow).toBe(1);
    expect(r.truncated).toBe(false);
  });

  it('counts an answer given through Support Chat for who answered', async () => {
    const client = await make('client', 'Chatty Client');
    const post = async (who: Who, body: string) => {
      const res = await who.agent.post(`/api/clients/${client.id}/support/messages`, { body });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    await post(client, 'Hello, a question');
    await post(admin, 'Hello, an answer');
    const week = rowsOf(await report(1), admin.id);
    expect(week).toEqual([expect.objectContaining({ week: labels[2], firstResponses: 1, replies: 0 })]);
    expect(week[0].medianFirstResponseMinutes).not.toBeNull();
    await t.db.delete(authUsers).where(eq(authUsers.id, client.id));
  });

  it('sends the same rows as CSV with a header line', async () => {
    const res = await admin.agent.get('/api/support/report.csv?weeks=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="support-report-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [head, ...rows] = parseCsv(await res.text());
    expect(head).toEqual([...REPORT_CSV_HEADER]);
    expect(rows).toContainEqual(['Sam Staff', sam.email, labels[2], expect.any(String), '20', '3', '2', '2', '1']);
    expect(rows).toContainEqual(['Sam Staff', sam.email, labels[1], expect.any(String), '17.5', '2', '1', '1', '1']);
    expect(rows).toContainEqual(['Zed Quiet', quiet.email, labels[2], expect.any(String), '', '0', '0', '0', '0']);
    expect(rows).toHaveLength((await report(2)).rows.length);
  });

  it('refuses staff members and clients (403) and a bad number of weeks (400)', async () => {
    for (const who of [sam, assigned])
      for (const path of ['/api/support/report', '/api/support/report.csv'])
        expect((await who.agent.get(path)).status, `${path} as ${who.email}`).toBe(403);
    for (const weeks of ['0', '27', 'abc', '2.5'])
      for (const path of ['/api/support/report', '/api/support/report.csv']) {
        const res = await admin.agent.get(`${path}?weeks=${weeks}`);
        expect(res.status, `${path}?weeks=${weeks}`).toBe(400);
        const body = (await res.json()) as { error: string; field?: string };
        expect(body.error).toMatch(/^Weeks must be/);
        expect(body.field).toBe('weeks');
      }
    expect((await admin.agent.get('/api/support/report?weeks=1&other=1')).status).toBe(400);
  });
});
