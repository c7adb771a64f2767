import { and, asc, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradelineInvoices as t } from '../../db/schema';
import { addDays } from '../../../shared/invoices-rules';
import { DEFAULT_PLAN_TARGET, PLAN_TARGETS, targetDays } from '../../../shared/paydex-plan';
import { isoDay } from '../../../shared/tradelines';
import { countLabel } from '../../../shared/format';
import { sendNotification } from '../notifications/notifications.service';
import type { ReminderDeps } from './reminder-job';

// The pay-early plan's reminders, run by the reminder job's pass (scheduleReminders):
// - 'pay-by': the morning (UTC day) the plan says pay: its pay-by date, or the first day a date
//   already gone becomes "pay today", while the invoice is not past due. The plan is the client's
//   own target's (users.paydex_target; 90 until they choose): 30, 20 or 0 days before the due date.
// - 'past-due': from the day after the due date while anything is still owed, for PAST_DUE_DAYS
//   (a history imported with old unpaid invoices does not send a reminder for each).
// Each invoice's reminded_at says when it was last told: a pay-by reminder needs it empty, a
// past-due one needs it from before the day after the due date, so each is sent once per invoice
// and due date (editing the due date empties it). The claim is an UPDATE that checks the same
// condition, so of two runs at once the second finds the row taken (PostgreSQL re-reads a row it
// waited for) and sends nothing.

/** Days after the due date a past-due reminder may still go out (a run missed, a server down). */
export const PAST_DUE_DAYS = 7;
/** The most days before its due date any target pays an invoice (the index's range; each client's own is below). */
const MOST_LEAD_DAYS = Math.max(...PLAN_TARGETS.map((target) => -targetDays(target)));
/** The client's target, as the plan reads it (users.paydex_target, DEFAULT_PLAN_TARGET when unset). */
const clientTarget = sql<number>`coalesce((select u.paydex_target from users u where u.id = ${t.userId}), ${sql.raw(String(DEFAULT_PLAN_TARGET))})`;
/** Days before its due date the client's target pays an invoice. */
const leadDays = sql`(case ${clientTarget} ${sql.join(
  PLAN_TARGETS.map((target) => sql.raw(`when ${target} then ${-targetDays(target)}`)),
  sql` `,
)} else ${sql.raw(String(-targetDays(DEFAULT_PLAN_TARGET)))} end)`;

type Kind = 'pay-by' | 'past-due';
type Due = { id: string; clientId: string; number: string; dueDate: string; target: number };
export type InvoiceReminderResult = { mails: number; invoices: number };

/** Open invoices (what the open-due index holds) whose reminder is due on `today`. */
function dueCondition(today: string): SQL {
  const dayAfterDue = sql`((${t.dueDate} + 1)::timestamp at time zone 'UTC')`;
  return and(
    sql`(${t.paidAmount} is null or ${t.paidAmount} < ${t.amount})`,
    sql`${t.dueDate} >= ${addDays(today, -PAST_DUE_DAYS)}::date`,
    sql`${t.dueDate} <= ${addDays(today, MOST_LEAD_DAYS)}::date`,
    sql`${t.dueDate} <= ${today}::date + ${leadDays}::int`,
    lte(t.invoiceDate, today),
    sql`case when ${t.dueDate} < ${today}::date
      then ${t.remindedAt} is null or ${t.remindedAt} < ${dayAfterDue}
      else ${t.remindedAt} is null end`,
  )!;
}

const kindOf = (inv: Due, today: string): Kind => (inv.dueDate < today ? 'past-due' : 'pay-by');

/** Claims the client's invoices and tells them in the bell (and by e-mail per their alerts), in one transaction. */
async function remindClient(db: Db, invoices: Due[], today: string, now: Date) {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(t)
      .set({ remindedAt: now })
      .where(
        and(
          inArray(
            t.id,
            invoices.map((i) => i.id),
          ),
          dueCondition(today),
        ),
      )
      .returning({ id: t.id });
    const mine = invoices.filter((i) => claimed.some((c) => c.id === i.id));
    if (!mine.length) return null;
    const { clientId } = mine[0];
    const mailIds: number[] = [];
    for (const kind of ['past-due', 'pay-by'] as const) {
      const list = mine.filter((i) => kindOf(i, today) === kind);
      if (!list.length) continue;
      const numbers = list.map((i) => i.number).join(', ');
      const sent = await sendNotification(tx, {
        userId: clientId,
        clientId,
        kind: 'reminder_sent',
        title:
          kind === 'past-due'
            ? `Invoice past due: ${list.length === 1 ? numbers : countLabel(list.length, 'invoice')}`
            : `Pay today to reach your target: ${list.length === 1 ? numbers : countLabel(list.length, 'invoice')}`,
        body: (kind === 'past-due'
          ? `Still unpaid after its due date: ${numbers}. A payment past due lowers your estimated PAYDEX every day it waits.`
          : `Paying today keeps your pay-early plan (target ${list[0].target}): ${numbers}.`
        ).slice(0, 500),
        link: '/dnb#pay-early-plan',
      });
      if (sent.mailId !== null) mailIds.push(sent.mailId);
    }
    return { count: mine.length, mailIds };
  });
}

/** One pass of the invoice reminders, client by client in batches; `now` is injectable for tests. */
export async function runInvoiceReminders({
  db,
  mailer,
  log,
  now = new Date(),
  signal,
  batchRows = 2_000,
}: Omit<ReminderDeps, 'config'>): Promise<InvoiceReminderResult> {
  const today = isoDay(now);
  const result: InvoiceReminderResult = { mails: 0, invoices: 0 };
  let after = '';
  for (;;) {
    const due = await db
      .select({
        id: t.id,
        clientId: t.userId,
        number: t.number,
        dueDate: t.dueDate,
        target: clientTarget,
      })
      .from(t)
      .where(and(dueCondition(today), gt(t.userId, after)))
      .orderBy(asc(t.userId), asc(t.dueDate), asc(t.id))
      .limit(batchRows);
    const full = due.length === batchRows;
    const byClient = new Map<string, Due[]>();
    for (const inv of due) byClient.set(inv.clientId, [...(byClient.get(inv.clientId) ?? []), inv]);
    // As the compliance pass: a full batch's last client starts the next one, unless it is alone.
    const onlyClient = full && byClient.size === 1;
    if (full && !onlyClient) byClient.delete(due[due.length - 1]!.clientId);
    let sentInBatch = 0;
    for (const [clientId, invoices] of byClient) {
      if (signal?.aborted) return result;
      if (!onlyClient) after = clientId;
      try {
        const sent = await remindClient(db, invoices, today, now);
        if (!sent) continue;
        sentInBatch++;
        result.invoices += sent.count;
        result.mails += sent.mailIds.length;
        if (sent.mailIds.length)
          await mailer
            .drain(sent.mailIds)
            .catch((e) => log?.warn(`invoice reminder mails not delivered yet (retried later): ${e}`));
      } catch (e) {
        log?.error(`invoice reminders for ${clientId} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (!full || (onlyClient && !sentInBatch)) break;
  }
  if (result.invoices)
    log?.info(`invoice reminders: ${countLabel(result.invoices, 'invoice')}, ${countLabel(result.mails, 'mail')}`);
  return result;
}
