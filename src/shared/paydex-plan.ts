// The pay-early plan: for a target PAYDEX, the day to pay each open invoice and the score the client
// would have by following it. Pure, with the day passed in: the server answers it, the reminders
// read it and the table tests pin it (paydex-plan.test.ts).
//
// The rule:
// - A target is a row of the PAYDEX table: 80 = paid on terms (0 days), 90 = 20 days early,
//   100 = 30 days early (PAYDEX_ANCHORS). Paying an invoice that many days beyond terms earns it the
//   target; paying earlier earns nothing more, so its pay-by date is due date + those days: the
//   latest day that still earns the target, so no money goes out earlier than the target needs.
// - Never before today nor before the invoice date: a date already gone (a past-due invoice, or one
//   recorded too late to pay that early) becomes today ("pay today").
// - Following the plan means paying each open invoice's whole amount on its pay-by date, as 'Mark
//   paid' records it (paid date that day, paid amount the invoice's amount; a partial payment's date
//   is replaced). The projected score is the estimate as of the last pay-by date with that done.
// - When the history pulls the average below the target even so (late payments of the last 12
//   months, or an invoice that cannot be paid early enough any more), the plan keeps the same dates
//   and says 'not-reachable' with the projected score: paying earlier than the target's days would
//   only lift the average towards it, and the plan does not guess how much earlier to ask for.
import { addDays } from './invoices-rules';
import {
  estimatePaydex,
  ESTIMATE_MIN_PAID_INVOICES,
  ESTIMATE_MIN_VENDORS,
  PAYDEX_ANCHORS,
  type EstimateInvoice,
} from './paydex-estimate';

export const PLAN_TARGETS = [80, 90, 100] as const;
export type PlanTarget = (typeof PLAN_TARGETS)[number];
/** The target until the client chooses one (users.paydex_target null). */
export const DEFAULT_PLAN_TARGET: PlanTarget = 90;
/** The items the answer lists, soonest pay-by date first; the projection counts every open invoice. */
export const PLAN_ITEMS_SHOWN = 100;

export const isPlanTarget = (n: unknown): n is PlanTarget => PLAN_TARGETS.includes(n as PlanTarget);

/** Days beyond terms the target's row of the PAYDEX table stands for (negative = early). */
export function targetDays(target: PlanTarget): number {
  const anchor = PAYDEX_ANCHORS.find((a) => a.score === target);
  if (!anchor) throw new Error(`No PAYDEX anchor for ${target}`);
  return anchor.days;
}

export type PlanInvoice = EstimateInvoice & {
  id: string;
  number: string;
  /** The invoice's tradeline, to record its payment (PUT .../tradelines/:source/:tradelineId/invoices/:id). */
  source: string;
};

export type PlanItem = {
  invoiceId: string;
  source: string;
  tradelineId: string;
  vendorName: string;
  number: string;
  invoiceDate: string;
  termsDays: number;
  amount: number;
  /** What is still owed: the amount less any partial payment. */
  owed: number;
  dueDate: string;
  payBy: string;
  /** The pay-by date is today (a date gone by, or the planned one). */
  payToday: boolean;
  /** Past its due date and not paid in full. */
  pastDue: boolean;
};

export type PlanOutcome = 'reached' | 'not-reachable' | 'not-enough-data';

export type PaydexPlan = {
  target: PlanTarget;
  today: string;
  /** The estimate today, as the Estimated PAYDEX card shows it (null: not enough data). */
  currentScore: number | null;
  /** The estimate as of `projectedAsOf` when every open invoice is paid on its pay-by date. */
  projectedScore: number | null;
  /** The last pay-by date (today with no open invoices). */
  projectedAsOf: string;
  outcome: PlanOutcome;
  /** Every open invoice counted; `items` lists the first PLAN_ITEMS_SHOWN of them. */
  openInvoices: number;
  owedTotal: number;
  items: PlanItem[];
};

const cents = (n: number) => Math.round(n * 100);

/** The plan for `target` as of `today` ('YYYY-MM-DD') over every invoice of the client. */
export function planPaydex(invoices: readonly PlanInvoice[], target: PlanTarget, today: string): PaydexPlan {
  const days = targetDays(target);
  const items: PlanItem[] = [];
  const projected: EstimateInvoice[] = [];
  for (const inv of invoices) {
    const owedCents = cents(inv.amount) - cents(inv.paidAmount ?? 0);
    if (owedCents <= 0) {
      projected.push(inv);
      continue;
    }
    const dueDate = addDays(inv.invoiceDate, inv.termsDays);
    const planned = addDays(dueDate, days);
    const payBy = [planned, today, inv.invoiceDate].reduce((a, b) => (a > b ? a : b));
    items.push({
      invoiceId: inv.id,
      source: inv.source,
      tradelineId: inv.vendorId,
      vendorName: inv.vendorName,
      number: inv.number,
      invoiceDate: inv.invoiceDate,
      termsDays: inv.termsDays,
      amount: inv.amount,
      owed: owedCents / 100,
      dueDate,
      payBy,
      payToday: payBy === today,
      pastDue: dueDate < today,
    });
    projected.push({ ...inv, paidDate: payBy, paidAmount: inv.amount });
  }
  items.sort(
    (a, b) =>
      a.payBy.localeCompare(b.payBy) ||
      a.dueDate.localeCompare(b.dueDate) ||
      a.vendorName.localeCompare(b.vendorName) ||
      a.number.localeCompare(b.number),
  );
  const projectedAsOf = items.reduce((last, i) => (i.payBy > last ? i.payBy : last), today);
  const projectedScore = estimatePaydex(projected, projectedAsOf).score;
  return {
    target,
    today,
    currentScore: estimatePaydex(invoices, today).score,
    projectedScore,
    projectedAsOf,
    outcome: projectedScore === null ? 'not-enough-data' : projectedScore >= target ? 'reached' : 'not-reachable',
    openInvoices: items.length,
    owedTotal: items.reduce((n, i) => n + cents(i.owed), 0) / 100,
    items: items.slice(0, PLAN_ITEMS_SHOWN),
  };
}

export const PLAN_OUTCOME_TEXT: Record<PlanOutcome, string> = {
  reached: 'Following the plan reaches your target.',
  'not-reachable':
    'Target not reachable with the open invoices: earlier late payments still weigh on the average. Paying earlier than the plan helps.',
  'not-enough-data': `Not enough data for a projected score yet: it needs ${ESTIMATE_MIN_PAID_INVOICES} paid invoices from ${ESTIMATE_MIN_VENDORS} vendors.`,
};
