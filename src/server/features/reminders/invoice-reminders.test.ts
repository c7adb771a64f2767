import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, storeCreditCards, tradelineInvoices, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays } from '../../../shared/invoices-rules';
import { runInvoiceReminders } from './invoice-reminders';

let t: TestApp;
const TODAY = '2030-03-10';
const NOW = new Date(`${TODAY}T07:00:00Z`);
const run = (now: Date = NOW) => runInvoiceReminders({ db: t.db, mailer: t.mailer, log: t.log, now });
const dayAt = (iso: string, hour = 7) => new Date(`${iso}T${String(hour).padStart(2, '0')}:00:00Z`);

type Inv = { number: string; due: number; paid?: number; amount?: number; dated?: number };
/** A client with a store card and invoices due `due` days from TODAY (Net 30), e-mail alerts as given. */
async function client(invoices: Inv[], alerts?: boolean) {
  const { user, email, agent } = await t.createSignedInUser({ role: 'client', name: 'Invoice Client' });
  if (alerts !== undefined)
    await t.db
      .insert(users)
      .values({ id: user.id, emailAlertEnabled: alerts })
      .onConflictDoUpdate({ target: users.id, set: { emailAlertEnabled: alerts } });
  const [card] = await t.db
    .insert(storeCreditCards)
    .values({ id: crypto.randomUUID(), userId: user.id, issuer: 'Uline' })
    .returning();
  const rows = await t.db
    .insert(tradelineInvoices)
    .values(
      invoices.map((i) => ({
        id: crypto.randomUUID(),
        userId: user.id,
        storeCardId: card.id,
        number: i.number,
        invoiceDate: addDays(TODAY, i.dated ?? i.due - 30),
        termsDays: i.dated === undefined ? 30 : i.due - i.dated,
        amount: String(i.amount ?? 100),
        paidDate: i.paid === undefined ? null : addDays(TODAY, -1),
        paidAmount: i.paid === undefined ? null : String(i.paid),
      })),
    )
    .returning();
  return { id: user.id, email, agent, cardId: card.id, ids: Object.fromEntries(rows.map((r) => [r.number, r.id])) };
}
const mails = async (email: string) =>
  (await t.outbox(email)).filter((m) => /Pay today to reach|Invoice past due/.test(m.subject));
const bell = (id: string) => t.db.select().from(notifications).where(eq(notifications.userId, id));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('invoice reminders', () => {
  it('pay today on the pay-by date (target 90: 20 days before due) and past due the day after the due date, once each', async () => {
    const c = await client([
      { number: 'PAY-BY', due: 20 }, // pay-by date today
      { number: 'LATER', due: 21 }, // pay-by date tomorrow
      { number: 'PAST', due: -1 }, // due yesterday
      { number: 'PARTIAL', due: -1, amount: 300, paid: 100 }, // $200 still owed
      { number: 'PAID', due: -1, paid: 100 },
      { number: 'OLD', due: -30 }, // past due long ago: not reminded
    ]);
    expect(await run()).toEqual({ mails: 2, invoices: 3 });
    await t.mailer.settle();
    const sent = await mails(c.email);
    expect(sent.map((m) => m.subject).sort()).toEqual([
      expect.stringContaining('Invoice past due: 2 invoices'),
      expect.stringContaining('Pay today to reach your target: PAY-BY'),
    ]);
    const past = sent.find((m) => m.subject.includes('past due'))!;
    expect(past.text).toMatch(/PAST, PARTIAL|PARTIAL, PAST/);
    expect(past.text).toContain(`${t.config.appUrl}/dnb#pay-early-plan`);
    expect((await bell(c.id)).map((n) => [n.kind, n.title]).sort()).toEqual([
      ['reminder_sent', 'Invoice past due: 2 invoices'],
      ['reminder_sent', 'Pay today to reach your target: PAY-BY'],
    ]);

    // Later the same day and the next morning: nothing twice; LATER's pay-by date comes.
    expect(await run(dayAt(TODAY, 15))).toEqual({ mails: 0, invoices: 0 });
    expect(await run(dayAt(addDays(TODAY, 1)))).toEqual({ mails: 1, invoices: 1 });
    expect(await run(dayAt(addDays(TODAY, 2)))).toEqual({ mails: 0, invoices: 0 });
    // PAY-BY's due date passes unpaid: told once more, as past due.
    expect(await run(dayAt(addDays(TODAY, 21)))).toEqual({ mails: 1, invoices: 1 });
    expect(await run(dayAt(addDays(TODAY, 22)))).toEqual({ mails: 1, invoices: 1 }); // LATER's turn
    expect(await run(dayAt(addDays(TODAY, 23)))).toEqual({ mails: 0, invoices: 0 });
    await t.mailer.settle();
    expect(await mails(c.email)).toHaveLength(5);
  });

  it("follows the client's own target: 100 reminds 30 days before the due date, 80 on it", async () => {
    const c = await client([
      { number: 'EARLY', due: 30 }, // target 100: pay today
      { number: 'ON-TERMS', due: 20 }, // target 90 would say today; 100 said so 10 days ago
    ]);
    const target = (n: number) =>
      c.agent.request('PUT', `/api/clients/${c.id}/paydex-plan/target`, { json: { target: n } });
    expect((await target(100)).status).toBe(200);
    expect(await run()).toEqual({ mails: 1, invoices: 2 });
    await t.mailer.settle();
    const [mail] = await mails(c.email);
    expect(mail.subject).toContain('Pay today to reach your target: 2 invoices');
    expect(mail.text).toContain('(target 100)');

    const d = await client([
      { number: 'DUE-TODAY', due: 0 },
      { number: 'DUE-SOON', due: 1 },
    ]);
    expect(
      (await d.agent.request('PUT', `/api/clients/${d.id}/paydex-plan/target`, { json: { target: 80 } })).status,
    ).toBe(200);
    expect(await run()).toEqual({ mails: 1, invoices: 1 });
    expect((await bell(d.id)).map((n) => n.title)).toEqual(['Pay today to reach your target: DUE-TODAY']);
    // The other tests run later days on the same database: these invoices would be told of again.
    await t.db.delete(tradelineInvoices).where(inArray(tradelineInvoices.userId, [c.id, d.id]));
  });

  it('a date already gone is "pay today" once; an invoice dated later waits; an edited due date is told again', async () => {
    const c = await client([
      { number: 'GONE', due: 5 }, // 20 days before due was 15 days ago: the plan says pay today
      { number: 'FUTURE', due: 10, dated: 3 }, // dated in 3 days
    ]);
    expect(await run()).toEqual({ mails: 1, invoices: 1 });
    expect(await run(dayAt(addDays(TODAY, 1)))).toEqual({ mails: 0, invoices: 0 });
    expect(await run(dayAt(addDays(TODAY, 3)))).toEqual({ mails: 1, invoices: 1 });
    // The client edits GONE through the API: the same dates keep its reminder, a new due date is told again.
    const [row] = await t.db.select().from(tradelineInvoices).where(eq(tradelineInvoices.id, c.ids.GONE));
    expect(row.remindedAt).not.toBeNull();
    const put = (termsDays: number, number: string) =>
      c.agent.request('PUT', `/api/clients/${c.id}/tradelines/store/${c.cardId}/invoices/${c.ids.GONE}`, {
        json: { number, invoiceDate: row.invoiceDate, termsDays, amount: 100, paidDate: '', paidAmount: null },
      });
    expect((await put(row.termsDays, 'GONE-1')).status).toBe(200);
    expect(await run(dayAt(addDays(TODAY, 3), 9))).toEqual({ mails: 0, invoices: 0 });
    expect((await put(row.termsDays + 1, 'GONE-2')).status).toBe(200);
    expect(await run(dayAt(addDays(TODAY, 3), 10))).toEqual({ mails: 1, invoices: 1 });
  });

  it('sends once when two runs go at the same time', async () => {
    const c = await client([
      { number: 'A', due: 20 },
      { number: 'B', due: -1 },
    ]);
    const results = await Promise.all([run(), run()]);
    await t.mailer.settle();
    expect(results.reduce((n, r) => n + r.invoices, 0)).toBe(2);
    expect(results.reduce((n, r) => n + r.mails, 0)).toBe(2);
    expect(await mails(c.email)).toHaveLength(2);
    expect(await bell(c.id)).toHaveLength(2);
  });

  it('a client with e-mail alerts off is told in the bell only', async () => {
    const c = await client([{ number: 'QUIET', due: -1 }], false);
    expect(await run()).toEqual({ mails: 0, invoices: 1 });
    expect(await mails(c.email)).toEqual([]);
    expect((await bell(c.id)).map((n) => n.title)).toEqual(['Invoice past due: QUIET']);
  });
});
