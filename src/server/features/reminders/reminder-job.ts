import { and, asc, eq, gt, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { jobFailed } from '../../db/unavailable';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { businessCompliance, complianceReminders } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { schedulePeriodic } from '../../lib/periodic';
import type { Mailer } from '../../mail/mailer';
import { REMINDER_DUE_SOON_DAYS } from '../../../shared/compliance';
import { sendNotification } from '../notifications/notifications.service';
import { reminderMail, type ReminderTask } from './reminder-mail';
import { countLabel } from '../../../shared/format';
import { runInvoiceReminders } from './invoice-reminders';
import { runOverdueInstalments } from '../billing/billing.admin';
import { pruneStripeEvents } from '../billing/checkout.service';

const DAY_MS = 24 * 60 * 60 * 1000;
type Stage = 'due_soon' | 'overdue';
export type ReminderDeps = {
  db: Db;
  mailer: Pick<Mailer, 'drain'>;
  config: Pick<Config, 'appUrl'>;
  log?: Logger;
  now?: Date;
  /** Set when the server stops: the pass ends after the client it is on (the rest are claimed by the next run). */
  signal?: AbortSignal;
  /** Rows one query reads (tests make it small). */
  batchRows?: number;
};
export type ReminderResult = { mails: number; tasks: number };

type Due = { taskId: number; clientId: string; name: string; dueDate: Date; stage: Stage };

/**
 * Not-completed tasks due within 3 days (stage due_soon) or already due (stage overdue), whose
 * stage has not been claimed yet, client by client from `afterClient` on, at most `limit` rows:
 * one query a batch, however many clients there are. Every client is reminded in the bell;
 * whether an e-mail goes too is notify's decision (their e-mail alerts).
 */
async function findDue(db: Db, now: Date, afterClient: string, limit: number): Promise<Due[]> {
  const stage = sql<Stage>`case when ${businessCompliance.taskDueDate} < ${now.toISOString()}::timestamptz then 'overdue' else 'due_soon' end`;
  const rows = await db
    .select({
      taskId: businessCompliance.id,
      clientId: businessCompliance.userId,
      name: businessCompliance.taskName,
      dueDate: businessCompliance.taskDueDate,
      stage,
    })
    .from(businessCompliance)
    .leftJoin(
      complianceReminders,
      and(eq(complianceReminders.taskId, businessCompliance.id), eq(complianceReminders.stage, stage)),
    )
    .where(
      and(
        ne(businessCompliance.taskStatus, 'Completed'),
        // A submitted document request waits on staff's review, not on the client.
        ne(businessCompliance.taskStatus, 'Submitted'),
        isNotNull(businessCompliance.taskDueDate),
        lte(businessCompliance.taskDueDate, new Date(now.getTime() + REMINDER_DUE_SOON_DAYS * DAY_MS)),
        isNull(complianceReminders.id),
        gt(businessCompliance.userId, afterClient),
      ),
    )
    .orderBy(asc(businessCompliance.userId), asc(businessCompliance.taskDueDate), asc(businessCompliance.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, dueDate: r.dueDate as Date }));
}

/**
 * Claims the client's stages and notifies them (with the mail, when they want e-mail) in one
 * transaction: the unique (task, stage) key decides which run sends, so a second instance or a
 * rerun after a restart finds nothing left to claim. Returns the outbox id (null without a mail),
 * or null when another run had claimed everything.
 */
async function remindClient(
  db: Db,
  appUrl: string,
  tasks: Due[],
  now: Date,
): Promise<{ mailId: number | null; count: number } | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(complianceReminders)
      .values(tasks.map((t) => ({ taskId: t.taskId, stage: t.stage, sentAt: now })))
      .onConflictDoNothing()
      .returning({ taskId: complianceReminders.taskId, stage: complianceReminders.stage });
    const mine = tasks.filter((t) => claimed.some((c) => c.taskId === t.taskId && c.stage === t.stage));
    if (!mine.length) return null;
    const { clientId } = mine[0];
    const list: ReminderTask[] = mine.map((t) => ({
      name: t.name,
      dueDate: t.dueDate,
      stage: t.stage,
      url: `${appUrl}/compliance?task=${t.taskId}`,
    }));
    const overdue = mine.filter((t) => t.stage === 'overdue').length;
    const { mailId } = await sendNotification(tx, {
      userId: clientId,
      clientId,
      kind: 'reminder_sent',
      title: overdue
        ? `Reminder: ${countLabel(overdue, 'overdue task')}`
        : `Reminder: ${countLabel(mine.length, 'task')} due soon`,
      body: mine
        .map((t) => t.name)
        .join(', ')
        .slice(0, 500),
      link: `/compliance?task=${mine[0].taskId}`,
      mail: (to) => reminderMail(to.email, to.name, list, `${appUrl}/account`),
    });
    return { mailId, count: mine.length };
  });
}

/** One pass of the compliance reminders; `now` is injectable for tests. */
export async function runReminders({
  db,
  mailer,
  config,
  log,
  now = new Date(),
  signal,
  batchRows = 2_000,
}: ReminderDeps): Promise<ReminderResult> {
  const result: ReminderResult = { mails: 0, tasks: 0 };
  // Client by client in batches of rows, so a pass over thousands of clients holds one batch in
  // memory and a stop waits for one client at most.
  let after = '';
  for (;;) {
    const due = await findDue(db, now, after, batchRows);
    const full = due.length === batchRows;
    const byClient = new Map<string, Due[]>();
    for (const t of due) byClient.set(t.clientId, [...(byClient.get(t.clientId) ?? []), t]);
    // A full batch may cut its last client's tasks short: that client starts the next batch. When
    // it is the batch's only client, the next batch reads it again (its claimed tasks drop out).
    const onlyClient = full && byClient.size === 1;
    if (full && !onlyClient) byClient.delete(due[due.length - 1]!.clientId);
    let sentInBatch = 0;
    for (const [clientId, tasks] of byClient) {
      if (signal?.aborted) return result;
      if (!onlyClient) after = clientId;
      try {
        const sent = await remindClient(db, config.appUrl, tasks, now);
        if (!sent) continue;
        sentInBatch++;
        result.tasks += sent.count;
        if (sent.mailId === null) continue;
        result.mails++;
        await mailer
          .drain([sent.mailId])
          .catch((e) => log?.warn(`reminder mail ${sent.mailId} not delivered yet (retried later): ${e}`));
      } catch (e) {
        // A task deleted meanwhile, a lost connection: the claim rolled back, the next run retries.
        log?.error(`compliance reminders for ${clientId} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (!full || (onlyClient && !sentInBatch)) break;
  }
  if (result.mails)
    log?.info(`compliance reminders: ${countLabel(result.mails, 'mail')} about ${countLabel(result.tasks, 'task')}`);
  return result;
}

/**
 * Runs the reminders every 15 minutes, the first 30 seconds after start; stop() ends a running pass
 * after the client it is on and waits for that.
 */
export function scheduleReminders(
  deps: Omit<ReminderDeps, 'now' | 'signal'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  // The pay-early plan's invoice reminders go in the same pass, after the compliance tasks.
  return schedulePeriodic(
    async (signal) => {
      await runReminders({ ...deps, signal });
      if (!signal.aborted) await runInvoiceReminders({ ...deps, signal });
      // Program instalments past their due date (features/billing).
      if (!signal.aborted) await runOverdueInstalments(deps);
      // Stripe webhook events past their keeping time (features/billing).
      if (!signal.aborted) await pruneStripeEvents(deps);
    },
    {
      firstDelayMs: opts.firstDelayMs ?? 30_000,
      intervalMs: opts.intervalMs ?? 15 * 60_000,
      onError: (e) => deps.log && jobFailed(deps.db, deps.log, 'compliance reminders')(e),
    },
  );
}
