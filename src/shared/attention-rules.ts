// "Needs attention": what a client waits for from staff, without zod, so the page's first paint
// and the sidebar's badge load without it. attention.ts builds the query schemas from these.
import { TRADELINE_STALE_DAYS } from './credit-rules';
import type { Page } from './paging-rules';

/**
 * Why a client needs a person now, each read from records that already exist (never a flag a
 * person sets), so a reason leaves the queue when the thing is handled:
 * - chat_new / chat_reply: the conversation's newest message is the client's (not archived);
 *   "new" when staff never wrote in it. Handled by a staff answer (or Archive).
 * - document_submitted: a document request the client uploaded into (Submitted). Handled by Accept or Reject.
 * - payment_pending: a payment recorded as pending. Handled when it is marked completed.
 * - program_request: a program (payment) request with no payment recorded for the client since.
 *   Handled by recording the payment.
 * - automation_request: an automation request still "received". Handled by moving it on.
 * - task_overdue: a task or document request awaiting the client past its due date. Handled by
 *   completing it (or moving the due date).
 * - no_progress: a client before day 45 of the build-out who completed nothing (no "Completed"
 *   activity: a task done, a document accepted) for NO_PROGRESS_DAYS days, counted from the start
 *   or the last completion, while something still waits on them (a task or document request
 *   awaiting completion). Handled by the next completion.
 * - tradeline_stale: a tradeline not reported for TRADELINE_STALE_DAYS days (the stale-tradeline
 *   notice's own rule). Handled by a newer last reported date.
 * - loan_review: a client's loan offer waiting for review (administrators only review offers).
 * - invoice_overdue: a tradeline invoice still owed (in whole or part) INVOICE_OVERDUE_DAYS days or
 *   more after its due date: late payments are what pulls a PAYDEX down. Handled by recording the payment.
 * - instalment_unpaid: a program instalment whose card payment failed, or still due after its due
 *   date. Handled by the client's payment, or an administrator marking it waived or paid outside Stripe.
 */
export const ATTENTION_REASONS = [
  'chat_new',
  'chat_reply',
  'document_submitted',
  'payment_pending',
  'program_request',
  'automation_request',
  'task_overdue',
  'no_progress',
  'tradeline_stale',
  'loan_review',
  'invoice_overdue',
  'instalment_unpaid',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** A client in the build-out with no completed task for this many days needs a nudge. */
export const NO_PROGRESS_DAYS = 7;

/** An invoice still owed this many days after its due date needs a word with the client. */
export const INVOICE_OVERDUE_DAYS = 5;

/** The filter's and the row's words for each reason (the count says how many things it covers). */
export const ATTENTION_LABELS: Record<AttentionReason, string> = {
  chat_new: 'Chat waiting for a first answer',
  chat_reply: 'Chat waiting for a reply',
  document_submitted: 'Document submitted for review',
  payment_pending: 'Payment pending',
  program_request: 'Program request waiting for payment',
  automation_request: 'Automation request received',
  task_overdue: 'Overdue task',
  no_progress: `No progress for ${NO_PROGRESS_DAYS} days`,
  tradeline_stale: `Tradeline not reported for ${TRADELINE_STALE_DAYS} days`,
  loan_review: 'Loan offer waiting for review',
  invoice_overdue: `Invoice unpaid ${INVOICE_OVERDUE_DAYS} days past due`,
  instalment_unpaid: 'Program payment failed or overdue',
};

/** One row of the queue: one client and one reason, waiting since its oldest thing. */
export type AttentionItem = {
  clientId: string;
  clientName: string;
  clientEmail: string;
  reason: AttentionReason;
  /** When the oldest thing of this reason started waiting (ISO). */
  since: string;
  /** How many things of this reason the client has (messages, documents, tasks, ...). */
  count: number;
  /** The oldest thing's id where the place to act opens one (a task, an automation request, a payment). */
  ref: string | null;
};
export type AttentionPage = Page<AttentionItem>;

/** GET /api/attention/counts: the rows per reason (clients waiting for it) and their sum, for the badge. */
export type AttentionCounts = { total: number; reasons: Record<AttentionReason, number> };

/** How long something has waited, in the largest whole unit: "under a minute", "5 min", "3 h", "4 days". */
export function formatWaited(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
