import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and } from 'drizzle-orm';
import {
  authUsers,
  mailOutbox,
  notifications,
  supportBreaches,
  supportConversations,
  supportResponses,
} from '../../db/schema';
import { runSupportTargets } from './target-job';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { SupportConversationItem } from '../../../shared/support';
import {
  DEFAULT_SUPPORT_TARGETS,
  formatBusinessDuration,
  type SupportTargetSettings,
} from '../../../shared/support-targets-rules';
import { deadlinesOf, readTargetSettings } from './support.targets';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let admin: Who;
let staff: Who;
const MIN = 60_000;
/** Every minute counts: the tests read figures without waiting for a weekday. */
const allDay: SupportTargetSettings = {
  ...DEFAULT_SUPPORT_TARGETS,
  businessDays: [1, 2, 3, 4, 5, 6, 7],
  opensAt: '00:00',
  closesAt: '24:00',
  firstResponseMinutes: 60,
  replyMinutes: 60,
};

const make = async (role: 'client' | 'admin' | 'staff', name = 'Target Person'): Promise<Who> => {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, email: u.email, agent: u.agent };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin', 'Ada Admin');
  staff = await make('staff', 'Sam Staff');
});
afterAll(() => t?.close());

async function send(who: Who, clientId: string, body: string) {
  const res = await who.agent.post(`/api/clients/${clientId}/support/messages`, { body });
  expect(res.status, await res.clone().text()).toBe(201);
}
const putTargets = (who: Who, body: unknown) => who.agent.request('PUT', '/api/support/targets', { json: body });
async function inbox(who: Who = admin) {
  const res = await who.agent.get('/api/support/conversations?pageSize=100');
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { items: SupportConversationItem[]; total: number };
}
/** Moves a client's running wait `minutes` into the past, its deadlines worked out again as the server would. */
async function backdate(clientId: string, minutes: number) {
  const [conv] = await t.db.select().from(supportConversations).where(eq(supportConversations.clientId, clientId));
  const since = new Date(Date.now() - minutes * MIN);
  const d = deadlinesOf(since, conv.waitingKind!, await readTargetSettings(t.db));
  await t.db
    .update(supportConversations)
    .set({ waitingSince: since, ...d })
    .where(eq(supportConversations.clientId, clientId));
}

describe('response target settings', () => {
  it('answers the defaults, lets an admin change them, and refuses staff members and bad values', async () => {
    const first = await admin.agent.get('/api/support/targets');
    expect(await first.json()).toEqual(DEFAULT_SUPPORT_TARGETS);
    expect((await staff.agent.get('/api/support/targets')).status).toBe(403);
    expect((await putTargets(staff, allDay)).status).toBe(403);

    for (const [bad, field] of [
      [{ ...allDay, businessDays: [] }, 'businessDays'],
      [{ ...allDay, opensAt: '17:00', closesAt: '09:00' }, 'closesAt'],
      [{ ...allDay, closesAt: '24:30' }, 'closesAt'],
      [{ ...allDay, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...allDay, replyMinutes: 0 }, 'replyMinutes'],
      [{ ...allDay, firstResponseMinutes: 100_000 }, 'firstResponseMinutes'],
    ] as const) {
      const res = await putTargets(admin, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).field).toBe(field);
    }
    const saved = await putTargets(admin, { ...allDay, businessDays: [7, 1, 2, 3, 4, 5, 6] });
    expect(saved.status).toBe(200);
    expect(await (await admin.agent.get('/api/support/targets')).json()).toEqual(allDay);
  });
});

describe('the inbox against the targets', () => {
  it('measures each wait from the first unanswered message: a first response, then replies, archive reopens', async () => {
    await putTargets(admin, allDay);
    const client = await make('client', 'Kind Client');
    const conv = async () =>
      (await t.db.select().from(supportConversations).where(eq(supportConversations.clientId, client.id)))[0];
    await send(client, client.id, 'Hello?');
    const started = await conv();
    expect(started.waitingKind).toBe('first');
    await send(client, client.id, 'Anyone?');
    expect((await conv()).waitingSince).toEqual(started.waitingSince);

    await backdate(client.id, 25);
    await send(admin, client.id, 'Hi, here.');
    expect((await conv()).waitingSince).toBeNull();
    const [answer] = await t.db.select().from(supportResponses).where(eq(supportResponses.clientId, client.id));
    expect(answer).toMatchObject({ staffId: admin.id, kind: 'first', breached: false });
    expect(Math.round(answer.businessMs / MIN)).toBe(25);

    await send(client, client.id, 'Thanks, one more thing');
    expect((await conv()).waitingKind).toBe('reply');
    await admin.agent.post(`/api/clients/${client.id}/support/archive`, { archived: true });
    expect((await conv()).waitingSince).toBeNull();
    await send(client, client.id, 'Back again');
    expect((await conv()).waitingKind).toBe('first');
  });

  it('shows time waited against the target, breaches marked, most urgent first; new settings re-sort', async () => {
    await putTargets(admin, allDay);
    const late = await make('client', 'Late Lena');
    const soon = await make('client', 'Soon Sara');
    const fresh = await make('client', 'Fresh Finn');
    const answered = await make('client', 'Answered Ana');
    for (const c of [fresh, answered, soon, late]) await send(c, c.id, `Question from ${c.id}`);
    await send(admin, answered.id, 'Done');
    await send(answered, answered.id, 'Thanks!');
    await send(admin, answered.id, 'You are welcome');
    await backdate(late.id, 90);
    await backdate(soon.id, 50);
    await backdate(fresh.id, 5);

    const mine = (await inbox()).items.filter((i) => [late, soon, fresh, answered].some((c) => c.id === i.clientId));
    expect(mine.map((i) => i.clientName)).toEqual(['Late Lena', 'Soon Sara', 'Fresh Finn', 'Answered Ana']);
    const [l, s, f, a] = mine;
    expect(l.wait).toMatchObject({ kind: 'first', breached: true, targetMs: 60 * MIN });
    expect(formatBusinessDuration(l.wait!.waitedMs)).toBe('1 h 30 m');
    expect(s.wait).toMatchObject({ breached: false });
    expect(formatBusinessDuration(s.wait!.waitedMs)).toBe('50 m');
    expect(f.wait!.breached).toBe(false);
    expect(a.wait).toBeNull();

    // A longer first-response target: Soon Sara's 50 minutes are inside it, and the order stays by deadline.
    expect((await putTargets(admin, { ...allDay, firstResponseMinutes: 120 })).status).toBe(200);
    const after = (await inbox()).items.filter((i) => [late, soon].some((c) => c.id === i.clientId));
    expect(after.map((i) => [i.clientName, i.wait!.breached, i.wait!.targetMs])).toEqual([
      ['Late Lena', false, 120 * MIN],
      ['Soon Sara', false, 120 * MIN],
    ]);
    const [lena] = await t.db.select().from(supportConversations).where(eq(supportConversations.clientId, late.id));
    expect(lena.dueAt!.getTime() - lena.waitingSince!.getTime()).toBe(120 * MIN);
  });

  it("shows a staff member only their clients' waits", async () => {
    const theirs = await make('client', 'Their Client');
    const other = await make('client', 'Other Client');
    await t.db.update(authUsers).set({ assignedStaffId: staff.id }).where(eq(authUsers.id, theirs.id));
    await send(theirs, theirs.id, 'Hi');
    await send(other, other.id, 'Hi');
    const names = (await inbox(staff)).items.map((i) => i.clientName);
    expect(names).toContain('Their Client');
    expect(names).not.toContain('Other Client');
  });
});

describe('breach notices', () => {
  const overdue = (userId: string, clientId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.clientId, clientId),
          eq(notifications.kind, 'support_overdue'),
        ),
      );
  const later = (minutes: number) => new Date(Date.now() + minutes * MIN);

  it('tells the assigned staff member once when the target passes, then the admins a further target later', async () => {
    await putTargets(admin, allDay);
    const admin2 = await make('admin', 'Second Admin');
    const client = await make('client', 'Waiting Wanda');
    await t.db.update(authUsers).set({ assignedStaffId: staff.id }).where(eq(authUsers.id, client.id));
    await send(client, client.id, 'Is anyone there?');

    await runSupportTargets({ db: t.db, now: later(30) });
    expect(await overdue(staff.id, client.id)).toHaveLength(0);

    // Two instances at once, then a rerun: one notice.
    await Promise.all([
      runSupportTargets({ db: t.db, now: later(61) }),
      runSupportTargets({ db: t.db, now: later(61) }),
    ]);
    await runSupportTargets({ db: t.db, now: later(90) });
    const told = await overdue(staff.id, client.id);
    expect(told.map((n) => [n.title, n.link])).toEqual([
      [
        'Support Chat: Waiting Wanda has waited past the first-response target of 1 h',
        `/support?conversation=${encodeURIComponent(client.id)}`,
      ],
    ]);
    expect(await overdue(admin.id, client.id)).toHaveLength(0);
    // Staff's e-mail alerts are on by default: the notice is e-mailed too.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.email));
    expect(mails.some((m) => m.subject.includes('Waiting Wanda'))).toBe(true);
    const [breach] = await t.db.select().from(supportBreaches).where(eq(supportBreaches.clientId, client.id));
    expect(breach).toMatchObject({ staffId: staff.id, kind: 'first' });

    // A further target later, still unanswered: each admin, once; the staff member not again.
    await runSupportTargets({ db: t.db, now: later(121) });
    await runSupportTargets({ db: t.db, now: later(200) });
    for (const a of [admin, admin2]) expect(await overdue(a.id, client.id)).toHaveLength(1);
    expect(await overdue(staff.id, client.id)).toHaveLength(1);

    // The answer records the breach for the report; the next wait starts untold.
    await send(staff, client.id, 'Sorry, here now');
    const [answer] = await t.db.select().from(supportResponses).where(eq(supportResponses.clientId, client.id));
    expect(answer).toMatchObject({ staffId: staff.id, breached: true });
  });

  it("tells the admins directly about a client in the admins' pool, once", async () => {
    await putTargets(admin, allDay);
    const client = await make('client', 'Pool Paula');
    await send(client, client.id, 'Hello?');
    await runSupportTargets({ db: t.db, now: later(61) });
    await runSupportTargets({ db: t.db, now: later(500) });
    expect(await overdue(admin.id, client.id)).toHaveLength(1);
    expect(await overdue(staff.id, client.id)).toHaveLength(0);
    const [breach] = await t.db.select().from(supportBreaches).where(eq(supportBreaches.clientId, client.id));
    expect(breach.staffId).toBeNull();
  });

  it('dates the waits the migration found, and does not tell about them', async () => {
    const client = await make('client', 'Old Olga');
    await send(client, client.id, 'From before the targets');
    await t.db
      .update(supportConversations)
      .set({ dueAt: null, escalateAt: null, breachStage: 2 })
      .where(eq(supportConversations.clientId, client.id));
    await runSupportTargets({ db: t.db, now: later(600) });
    const [conv] = await t.db.select().from(supportConversations).where(eq(supportConversations.clientId, client.id));
    expect(conv.dueAt).not.toBeNull();
    expect(await overdue(admin.id, client.id)).toHaveLength(0);
  });
});
