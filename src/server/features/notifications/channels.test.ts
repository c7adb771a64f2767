import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCompliance, notifications, users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { runReminders } from '../reminders/reminder-job';
import { notify, wantsEmail } from './notifications.service';
import { startNotificationDelivery } from './notification-delivery';

// One place decides the channels (notifications.service.ts): the bell always, an e-mail when the
// recipient's email_alert_enabled is on, the badge counting it when push_alert_enabled is on.

let t: TestApp;
type Who = { id: string; email: string; agent: TestAgent };
let admin: Who;

const make = async (role: 'client' | 'admin', prefs?: { email?: boolean; push?: boolean }): Promise<Who> => {
  const u = await t.createSignedInUser({ role, name: role === 'admin' ? 'Staff Member' : 'Channel Client' });
  if (prefs) {
    const set = { emailAlertEnabled: prefs.email ?? true, pushAlertEnabled: prefs.push ?? true };
    await t.db
      .insert(users)
      .values({ id: u.user.id, ...set })
      .onConflictDoUpdate({ target: users.id, set });
  }
  return { id: u.user.id, email: u.email, agent: u.agent };
};
const rowsOf = (who: Who, kind?: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), kind ? eq(notifications.kind, kind as 'staff_action') : undefined));
const bell = async (who: Who) => {
  const res = await who.agent.get('/api/me/notifications');
  expect(res.status).toBe(200);
  return res.json() as Promise<{
    unreadCount: number;
    hasUnread: boolean;
    total: number;
    notifications: { kind: string; title: string; link: string | null; readAt: string | null }[];
  }>;
};
const mailsTo = (who: Who) => t.outbox(who.email);

const bankAccount = {
  bankName: 'First Federal',
  accountNumber: '0001-2345-6781234',
  routingNumber: '021000021',
  accountOwner: 'Alpha Ventures LLC',
  dateOpened: '2024-05-06',
};

/** Each kind of event the issue names, caused for `who` by staff or by the reminder job. */
const events: Record<string, { kind: string; cause: (who: Who) => Promise<void>; subject: string }> = {
  'staff action': {
    kind: 'staff_action',
    cause: async (who) =>
      expect((await admin.agent.post(`/api/clients/${who.id}/bank-accounts`, bankAccount)).status).toBe(201),
    subject: 'Our team added a bank account',
  },
  reminder: {
    kind: 'reminder_sent',
    cause: async (who) => {
      const now = new Date('2031-01-10T12:00:00Z');
      await t.db.insert(businessCompliance).values({
        userId: who.id,
        taskName: 'File the annual report',
        taskDueDate: new Date(now.getTime() - 86_400_000),
        taskStatus: 'Awaiting Completion',
      });
      await runReminders({ db: t.db, mailer: t.mailer, config: t.config, log: t.log, now });
    },
    subject: 'Compliance reminder',
  },
  'membership change': {
    kind: 'membership_changed',
    cause: async (who) =>
      expect(
        (await admin.agent.request('PUT', `/api/clients/${who.id}/membership`, { json: { isPaid: true } })).status,
      ).toBe(200),
    subject: 'Your membership is active',
  },
  'score change': {
    kind: 'score_changed',
    cause: async (who) =>
      expect(
        (await admin.agent.request('PUT', `/api/clients/${who.id}/scores/capital`, { json: { score: 720 } })).status,
      ).toBe(200),
    subject: 'CapitalScore',
  },
  payment: {
    kind: 'payment_recorded',
    cause: async (who) =>
      expect(
        (
          await admin.agent.post(`/api/clients/${who.id}/payments`, {
            description: 'Standard program, month 1',
            amount: 1600,
            date: '2025-02-01',
          })
        ).status,
      ).toBe(201),
    subject: 'Payment recorded: Standard program, month 1',
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin');
});
afterAll(() => t?.close());

describe('notification channels', () => {
  for (const [name, event] of Object.entries(events)) {
    it(`${name}: a bell row and an e-mail when e-mail alerts are on (also with no users row)`, async () => {
      for (const who of [await make('client'), await make('client', { email: true })]) {
        await event.cause(who);
        const rows = await rowsOf(who, event.kind);
        expect(rows).toHaveLength(1);
        const mails = await mailsTo(who);
        expect(mails).toHaveLength(1);
        expect(mails[0].subject).toContain(event.subject);
        expect(mails[0].text).toContain(t.config.appUrl);
        // One notice per change: the generic staff-action notice does not double a feature's own.
        expect((await rowsOf(who)).length).toBe(1);
      }
    });

    it(`${name}: a bell row and no e-mail when e-mail alerts are off`, async () => {
      const who = await make('client', { email: false });
      await event.cause(who);
      expect(await rowsOf(who, event.kind)).toHaveLength(1);
      expect(await mailsTo(who)).toEqual([]);
      expect((await bell(who)).notifications.map((n) => n.kind)).toEqual([event.kind]);
    });
  }

  it('the default e-mail says what happened and links to the page of it', async () => {
    const who = await make('client');
    await events['staff action'].cause(who);
    const [mail] = await mailsTo(who);
    expect(mail.subject).toBe('Total Business Build-Out - Our team added a bank account');
    expect(t.linkIn(mail)).toBe(`${t.config.appUrl}/bank`);
    const [row] = await rowsOf(who);
    expect(row).toMatchObject({ title: 'Our team added a bank account', link: '/bank', clientId: who.id });
  });

  it('counts unread rows on the badge with push alerts on, and none with them off (the list still shows them)', async () => {
    const on = await make('client');
    const off = await make('client', { push: false });
    for (const who of [on, off]) {
      await notify(t.db, { userId: who.id, clientId: who.id, kind: 'task_changed', title: 'One', mail: false });
      await notify(t.db, { userId: who.id, clientId: who.id, kind: 'task_changed', title: 'Two', mail: false });
    }
    expect(await bell(on)).toMatchObject({ unreadCount: 2, hasUnread: true, total: 2 });
    const offBell = await bell(off);
    expect(offBell).toMatchObject({ unreadCount: 0, hasUnread: true, total: 2 });
    expect(offBell.notifications.every((n) => n.readAt === null)).toBe(true);
    // The preference as it is now decides: turned back on, the rows still unread count again.
    expect(
      (
        await off.agent.request('PUT', `/api/clients/${off.id}/preferences`, {
          json: { pushAlertEnabled: true, emailAlertEnabled: true },
        })
      ).status,
    ).toBe(200);
    expect((await bell(off)).unreadCount).toBe(2);
    // Push alerts decide the badge only: e-mail is its own switch.
    expect(await wantsEmail(t.db, off.id)).toBe(true);
  });

  it('coalesces a burst of staff edits of one kind of record into one unread notice and one e-mail', async () => {
    const who = await make('client');
    await events['staff action'].cause(who);
    await events['staff action'].cause(who);
    const [account] = (await (await admin.agent.get(`/api/clients/${who.id}/bank-accounts`)).json()).items as {
      id: string;
    }[];
    expect(
      (await admin.agent.request('PATCH', `/api/clients/${who.id}/bank-accounts/${account.id}`, { json: bankAccount }))
        .status,
    ).toBe(200);
    expect(await rowsOf(who, 'staff_action')).toHaveLength(1);
    expect(await mailsTo(who)).toHaveLength(1);

    // Another kind of record is news of its own.
    expect(
      (
        await admin.agent.request('PUT', `/api/clients/${who.id}/website-template`, {
          json: { htmlCode: '<p>Hello</p>' },
        })
      ).status,
    ).toBe(200);
    expect((await rowsOf(who, 'staff_action')).map((r) => r.title).sort()).toEqual([
      'Our team added a bank account',
      'Our team updated your website template',
    ]);

    // Once read, the next edit is told again.
    await who.agent.post('/api/me/notifications/read', {});
    expect((await admin.agent.request('DELETE', `/api/clients/${who.id}/bank-accounts/${account.id}`)).status).toBe(
      200,
    );
    const titles = (await rowsOf(who, 'staff_action')).map((r) => r.title);
    expect(titles).toContain('Our team deleted your bank account');
    expect(await mailsTo(who)).toHaveLength(3);

    // Unread but older than ten minutes: told again.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(notifications.userId, who.id));
    await events['staff action'].cause(who);
    expect((await rowsOf(who, 'staff_action')).filter((r) => r.title === 'Our team added a bank account')).toHaveLength(
      2,
    );
  });

  it("tells nobody of a client's own changes, and admins never get the client's rows", async () => {
    const who = await make('client');
    expect((await who.agent.post(`/api/clients/${who.id}/bank-accounts`, bankAccount)).status).toBe(201);
    expect(await rowsOf(who)).toEqual([]);
    await events['staff action'].cause(who);
    await events.payment.cause(who);
    expect((await rowsOf(who)).length).toBe(2);
    const adminRows = await rowsOf(admin);
    expect(adminRows.filter((r) => r.clientId === who.id)).toEqual([]);
    expect((await bell(admin)).total).toBe(adminRows.length);
    // An admin's work on their own data tells nobody.
    expect((await admin.agent.post(`/api/clients/${admin.id}/bank-accounts`, bankAccount)).status).toBe(201);
    expect((await rowsOf(admin)).length).toBe(adminRows.length);
  });

  it('sends nothing by e-mail for a bell-only notification (a Support Chat reply), and wantsEmail follows the preference', async () => {
    const on = await make('client');
    const off = await make('client', { email: false });
    // Bell-only by its kind, even when the caller does not say so.
    await notify(t.db, {
      userId: on.id,
      clientId: on.id,
      kind: 'support_reply',
      title: 'Support replied',
      link: '/support',
    });
    expect(await rowsOf(on, 'support_reply')).toHaveLength(1);
    expect(await mailsTo(on)).toEqual([]);
    expect(await wantsEmail(t.db, on.id)).toBe(true);
    expect(await wantsEmail(t.db, off.id)).toBe(false);
  });

  it('delivers a queued notification e-mail as soon as its row is announced', async () => {
    const stop = startNotificationDelivery({ config: t.config, realtime: t.realtime, mailer: t.mailer, log: t.log });
    try {
      const who = await make('client');
      await t.db.transaction((tx) =>
        notify(tx, {
          userId: who.id,
          clientId: who.id,
          kind: 'task_changed',
          title: 'Delivered promptly',
          link: '/compliance',
        }),
      );
      await expect.poll(async () => (await mailsTo(who))[0]?.status, { timeout: 5_000 }).toBe('logged');
    } finally {
      await stop();
    }
  });
});
