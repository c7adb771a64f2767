// The estimated PAYDEX: what the client's own invoices say about how they pay, worked out the way
// D&B describes its score (a dollar-weighted average of days beyond terms) and placed on the
// portal's PAYDEX table. Pure, with the day passed in, so the server, the chart and the table tests
// compute it the same way. D&B computes the official score from what vendors report.
//
// What counts, as of a day `asOf`:
// - every payment made in the 12 months up to `asOf` (paid date after `asOf` minus 365 days), weighted
//   by the amount paid, at its days beyond terms (paid date minus due date; negative = early);
// - the part of an invoice still unpaid on `asOf` (a partial payment's remainder, or a whole invoice
//   not paid yet), once it is past due, as if paid on `asOf`: weighted by what is still owed, at the
//   days it is late so far. A vendor reports a past-due balance whether or not part was paid, so
//   paying part never scores worse than paying nothing, and a remainder never ages the score before
//   its due date. Once paid, record it as paid and it counts as a payment.
// - nothing of an invoice dated after `asOf` (the chart's earlier months know only the invoices of their
//   time), and a payment after `asOf` is not made yet on `asOf`.

export type EstimateInvoice = {
  /** The tradeline the invoice is from: the estimate is given per vendor and overall. */
  vendorId: string;
  vendorName: string;
  invoiceDate: string;
  termsDays: number;
  /** Dollars with at most 2 decimals. */
  amount: number;
  paidDate: string | null;
  paidAmount: number | null;
};

/** Days beyond terms and the PAYDEX they earn: the portal's PAYDEX table (shared/scores-rules.ts). */
export const PAYDEX_ANCHORS: readonly { days: number; score: number }[] = [
  { days: -30, score: 100 },
  { days: -20, score: 90 },
  { days: 0, score: 80 },
  { days: 15, score: 70 },
  { days: 22, score: 60 },
  { days: 30, score: 50 },
  { days: 60, score: 40 },
  { days: 90, score: 30 },
  { days: 120, score: 20 },
];
/** Beyond 120 days the table says 1-19: the estimate falls from 19 to 1 at this many days late. */
export const PAYDEX_FLOOR_DAYS = 180;
/** Fewer paid invoices, or vendors, than this and the estimate says 'not enough data'. */
export const ESTIMATE_MIN_PAID_INVOICES = 3;
export const ESTIMATE_MIN_VENDORS = 2;
export const ESTIMATE_WINDOW_DAYS = 365;
export const ESTIMATE_CHART_MONTHS = 12;

export const ESTIMATE_NOTE = 'Estimate from your invoices; D&B computes the official score from what vendors report.';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const cents = (dollars: number) => Math.round(dollars * 100);

/** The PAYDEX for a dollar-weighted average of days beyond terms: straight lines between the table's anchors. */
export function paydexForDays(days: number): number {
  const first = PAYDEX_ANCHORS[0];
  if (days <= first.days) return first.score;
  for (let i = 1; i < PAYDEX_ANCHORS.length; i++) {
    const lo = PAYDEX_ANCHORS[i - 1];
    const hi = PAYDEX_ANCHORS[i];
    if (days <= hi.days) return Math.round(lo.score + ((days - lo.days) / (hi.days - lo.days)) * (hi.score - lo.score));
  }
  // 'More than 120 days beyond terms' is 1-19 in the table: never 20 once past 120.
  const last = PAYDEX_ANCHORS[PAYDEX_ANCHORS.length - 1];
  const score = Math.round(19 - ((days - last.days) / (PAYDEX_FLOOR_DAYS - last.days)) * 18);
  return Math.min(19, Math.max(1, score));
}

/** One amount the estimate weighs: cents, and its days beyond terms. */
type Weighed = { vendorId: string; invoiceKey: number; cents: number; days: number; paid: boolean };

function weighedAsOf(invoices: readonly EstimateInvoice[], asOf: string): Weighed[] {
  const today = dayNumber(asOf);
  const windowStart = today - ESTIMATE_WINDOW_DAYS;
  const out: Weighed[] = [];
  invoices.forEach((inv, invoiceKey) => {
    if (dayNumber(inv.invoiceDate) > today) return;
    const due = dayNumber(inv.invoiceDate) + inv.termsDays;
    const paidDay = inv.paidDate ? dayNumber(inv.paidDate) : null;
    const paidByThen = paidDay !== null && paidDay <= today ? cents(inv.paidAmount ?? 0) : 0;
    if (paidDay !== null && paidByThen > 0 && paidDay > windowStart)
      out.push({ vendorId: inv.vendorId, invoiceKey, cents: paidByThen, days: paidDay - due, paid: true });
    const open = cents(inv.amount) - paidByThen;
    if (open > 0 && due < today && due > windowStart)
      out.push({ vendorId: inv.vendorId, invoiceKey, cents: open, days: today - due, paid: false });
  });
  return out;
}

export type EstimateFigures = {
  /** The score, or null when there is nothing to weigh (per vendor) or not enough data (overall). */
  score: number | null;
  /** The dollar-weighted average days beyond terms (negative = early), one decimal; null with no amounts. */
  averageDays: number | null;
  /** Invoices with a payment in the window. */
  paidInvoices: number;
  /** Past-due amounts still unpaid that count, in dollars. */
  overdueAmount: number;
};

function figures(weighed: Weighed[]): Omit<EstimateFigures, 'score'> & { exactDays: number | null } {
  const total = weighed.reduce((n, w) => n + w.cents, 0);
  const exactDays = total ? weighed.reduce((n, w) => n + w.cents * w.days, 0) / total : null;
  return {
    exactDays,
    // Halves round away from zero either side of terms (3.75 days early reads 3.8, as 3.75 late does).
    averageDays: exactDays === null ? null : (Math.sign(exactDays) * Math.round(Math.abs(exactDays) * 10)) / 10,
    paidInvoices: new Set(weighed.filter((w) => w.paid).map((w) => w.invoiceKey)).size,
    overdueAmount: weighed.filter((w) => !w.paid).reduce((n, w) => n + w.cents, 0) / 100,
  };
}

export type VendorEstimate = EstimateFigures & { vendorId: string; vendorName: string };
export type PaydexEstimate = EstimateFigures & {
  /** 'not-enough-data' below ESTIMATE_MIN_PAID_INVOICES paid invoices from ESTIMATE_MIN_VENDORS vendors. */
  state: 'estimate' | 'not-enough-data';
  /** Vendors with a paid invoice in the window. */
  paidVendors: number;
  asOf: string;
  /** Every vendor with something weighed, the most dollars first. */
  vendors: VendorEstimate[];
};

/** The estimate as of `asOf` ('YYYY-MM-DD'), overall and per vendor. */
export function estimatePaydex(invoices: readonly EstimateInvoice[], asOf: string): PaydexEstimate {
  const weighed = weighedAsOf(invoices, asOf);
  const { exactDays, ...overall } = figures(weighed);
  const paidVendors = new Set(weighed.filter((w) => w.paid).map((w) => w.vendorId)).size;
  const enough = overall.paidInvoices >= ESTIMATE_MIN_PAID_INVOICES && paidVendors >= ESTIMATE_MIN_VENDORS;
  const names = new Map(invoices.map((i) => [i.vendorId, i.vendorName]));
  const vendors = [...new Set(weighed.map((w) => w.vendorId))]
    .map((vendorId) => {
      const mine = weighed.filter((w) => w.vendorId === vendorId);
      const { exactDays: days, ...f } = figures(mine);
      return {
        vendorId,
        vendorName: names.get(vendorId) ?? '',
        ...f,
        score: days === null ? null : paydexForDays(days),
        weight: mine.reduce((n, w) => n + w.cents, 0),
      };
    })
    .sort((a, b) => b.weight - a.weight || a.vendorName.localeCompare(b.vendorName))
    .map(({ weight: _weight, ...v }) => v);
  return {
    state: enough ? 'estimate' : 'not-enough-data',
    score: enough && exactDays !== null ? paydexForDays(exactDays) : null,
    ...overall,
    paidVendors,
    asOf,
    vendors,
  };
}

export type EstimatePoint = { month: string; asOf: string; score: number | null };

/**
 * The overall estimate at the end of each of the last ESTIMATE_CHART_MONTHS months, oldest first;
 * the current month's point is as of `today`. null where there was not enough data.
 */
export function paydexEstimateHistory(invoices: readonly EstimateInvoice[], today: string): EstimatePoint[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const points: EstimatePoint[] = [];
  for (let back = ESTIMATE_CHART_MONTHS - 1; back >= 0; back--) {
    const start = new Date(Date.UTC(year, month - back, 1));
    const end = isoOf(Date.UTC(year, month - back + 1, 1) / DAY_MS - 1);
    const asOf = back === 0 || end > today ? today : end;
    points.push({ month: start.toISOString().slice(0, 7), asOf, score: estimatePaydex(invoices, asOf).score });
  }
  return points;
}
