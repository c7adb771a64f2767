import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCompliance, complianceReminders, notifications, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runReminders } from './reminder-job';

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2030-03-10T12:00:00Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const run = (now: Date, app: TestApp = t) =>
  runReminders({ db: app.db, mailer: app.mailer, config: app.config, log: app.log, now });

async function client(tasks: { name: string; due: Date | null; done?: boolean }[], alerts?: boolean) {
  const { user, email } = await t.createSignedInUser({ role: 'client', name: 'Reminder Client' });
  if (alerts !== undefined)
    await t.db
      .insert(users)
      .values({ id: user.id, emailAlertEnabled: alerts })
      .onConflictDoUpdate({ target: users.id, set: { emailAlertEnabled: alerts } });
  const rows = await t.db
    .insert(businessCompliance)
    .values(
      tasks.map((x) => ({
        userId: user.id,
        taskName: x.name,
        taskDueDate: x.due,
        taskStatus: x.done ? ('Completed' as const) : ('Awaiting Completion' as const),
      })),
    )
    .returning();
  const ids = Object.fromEntries(rows.map((r) => [r.taskName, r.id]));
  return { id: user.id, email, ids };
}
const reminders = (email: string) =>
  t.outbox(email).then((rows) => rows.filter((r) => r.subject.includes('Compliance reminder')));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('compliance reminders', () => {
  it('mails due-soon and overdue tasks once per stage, with links, by the injected clock', async () => {
    const c = await client([
      { name: 'File the annual report', due: at(2) },
      { name: 'Pay franchise tax', due: at(-1) },
      { name: 'Renew the license', due: at(10) },
      { name: 'Already done', due: at(-5), done: true },
      { name: 'No date', due: null },
    ]);
    await run(NOW);
    await t.mailer.settle();
    const [mail, ...more] = await reminders(c.email);
    expect(more).toEqual([]);
    expect(mail.subject).toContain('tasks overdue');
    expect(mail.text).toContain(
      `Pay franchise tax - overdue since Mar 9, 2030: ${t.config.appUrl}/compliance?task=${c.ids['Pay franchise tax']}`,
    );
    expect(mail.text).toContain(
      `File the annual report - due Mar 12, 2030: ${t.config.appUrl}/compliance?task=${c.ids['File the annual report']}`,
    );
    expect(mail.text).not.toContain('Renew the license');
    expect(mail.text).not.toContain('Already done');
    expect(mail.html).toContain(`href="${t.config.appUrl}/compliance?task=${c.ids['Pay franchise tax']}"`);
    expect(mail.status).toBe('logged');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(notes).toEqual([
      expect.objectContaining({
        kind: 'reminder_sent',
        clientId: c.id,
        title: 'Reminder: 1 overdue task',
        link: expect.stringContaining('/compliance?task='),
      }),
    ]);

    // The same moment, and a little later: every stage is claimed, nothing goes out again.
    expect(await run(NOW)).toEqual({ mails: 0, tasks: 0 });
    expect(await run(new Date(NOW.getTime() + 60 * 60_000))).toEqual({ mails: 0, tasks: 0 });
    expect(await reminders(c.email)).toHaveLength(1);

    // Three days on: the annual report is overdue now (its second stage); the licence is due soon.
    expect(await run(at(3))).toEqual({ mails: 1, tasks: 1 });
    expect(await run(at(8))).toEqual({ mails: 1, tasks: 1 });
    const all = await reminders(c.email);
    expect(all).toHaveLength(3);
    expect(all[1].text).toContain('File the annual report - overdue since');
    expect(all[2].text).toContain('Renew the license - due');
    const claims = await t.db
      .select()
      .from(complianceReminders)
      .where(inArray(complianceReminders.taskId, Object.values(c.ids)));
    expect(claims.map((r) => `${r.taskId}:${r.stage}`).sort()).toEqual(
      [
        `${c.ids['Pay franchise tax']}:overdue`,
        `${c.ids['File the annual report']}:due_soon`,
        `${c.ids['File the annual report']}:overdue`,
        `${c.ids['Renew the license']}:due_soon`,
      ].sort(),
    );
  });

  it('sends each stage once when two instances run at the same time', async () => {
    const c = await client([
      { name: 'Task one', due: at(1) },
      { name: 'Task two', due: at(-2) },
    ]);
    const results = await Promise.all([run(NOW), run(NOW)]);
    await t.mailer.settle();
    expect(results.reduce((n, r) => n + r.mails, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.tasks, 0)).toBe(2);
    expect(await reminders(c.email)).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, c.id))).toHaveLength(1);
  });

  it('reminds a client who turned e-mail alerts off in the bell only; a client without a users row gets the e-mail', async () => {
    const off = await client([{ name: 'Quiet task', due: at(1) }], false);
    const noRow = await client([{ name: 'Loud task', due: at(1) }]);
    await t.db.delete(users).where(eq(users.id, noRow.id));
    await run(NOW);
    await t.mailer.settle();
    expect(await reminders(off.email)).toEqual([]);
    expect(
      await t.db
        .select({ stage: complianceReminders.stage })
        .from(complianceReminders)
        .where(eq(complianceReminders.taskId, off.ids['Quiet task'])),
    ).toEqual([{ stage: 'due_soon' }]);
    expect(
      await t.db
        .select({ kind: notifications.kind, title: notifications.title })
        .from(notifications)
        .where(eq(notifications.userId, off.id)),
    ).toEqual([{ kind: 'reminder_sent', title: 'Reminder: 1 task due soon' }]);
    expect(await reminders(noRow.email)).toHaveLength(1);
    // Claimed once: a later pass tells neither again.
    expect(await run(NOW)).toEqual({ mails: 0, tasks: 0 });
  });

  it('after a restart (a fresh app and mailer on the same database) sends nothing again', async () => {
    const c = await client([{ name: 'Before the restart', due: at(-1) }]);
    await run(NOW);
    await t.mailer.settle();
    expect(await reminders(c.email)).toHaveLength(1);
    const restarted = await createTestApp({}, { database: t.database });
    expect(await run(NOW, restarted)).toEqual({ mails: 0, tasks: 0 });
    expect(await run(at(1), restarted)).toEqual({ mails: 0, tasks: 0 });
    await restarted.mailer.settle();
    expect(await reminders(c.email)).toHaveLength(1);
  });

  it('goes through clients in batches: each client gets one mail with all their tasks, a client alone in a full batch gets them all', async () => {
    const when = at(400);
    const due = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Batch task ${i + 1}`, due: at(399) }));
    const many = await Promise.all([client(due(2)), client(due(3)), client(due(1)), client(due(2))]);
    const big = await client(due(7));
    // (Earlier tests' clients have overdue tasks by then too: only these clients' mails are counted.)
    await runReminders({ db: t.db, mailer: t.mailer, config: t.config, log: t.log, now: when, batchRows: 4 });
    await t.mailer.settle();
    for (const c of many) expect(await reminders(c.email)).toHaveLength(1);
    // 7 tasks, batches of 4: one mail of 4, then one of 3.
    expect(await reminders(big.email)).toHaveLength(2);
    const claimed = await t.db
      .select()
      .from(complianceReminders)
      .where(inArray(complianceReminders.taskId, Object.values(big.ids)));
    expect(claimed).toHaveLength(7);
  });

  it('a stopped pass ends before the next client; the next run sends the rest', async () => {
    const when = at(800);
    const cs = await Promise.all([1, 2, 3].map(() => client([{ name: 'Stop task', due: at(799) }])));
    const stop = new AbortController();
    stop.abort();
    expect(
      await runReminders({ db: t.db, mailer: t.mailer, config: t.config, log: t.log, now: when, signal: stop.signal }),
    ).toEqual({ mails: 0, tasks: 0 });
    for (const c of cs) expect(await reminders(c.email)).toHaveLength(0);
    await run(when);
    await t.mailer.settle();
    for (const c of cs) expect(await reminders(c.email)).toHaveLength(1);
  });
});
