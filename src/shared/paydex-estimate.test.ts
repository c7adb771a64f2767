import { describe, expect, it } from 'vitest';
import { PAYDEX_REFERENCE } from './scores-rules';
import {
  estimatePaydex,
  paydexEstimateHistory,
  paydexForDays,
  PAYDEX_ANCHORS,
  type EstimateInvoice,
} from './paydex-estimate';

const TODAY = '2026-06-30';
/** An invoice of `vendor` dated `invoiceDate` on Net 30, paid `late` days beyond terms (whole amount unless `paid`). */
const inv = (
  vendor: string,
  invoiceDate: string,
  amount: number,
  paidDate: string | null,
  paid = amount,
): EstimateInvoice => ({
  vendorId: vendor,
  vendorName: vendor.toUpperCase(),
  invoiceDate,
  termsDays: 30,
  amount,
  paidDate,
  paidAmount: paidDate ? paid : null,
});
const day = (iso: string, plus: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
/** Three invoices from two vendors, each paid `late` days beyond Net 30 terms, dated 2026-03-01. */
const paidAt = (late: number) => [
  inv('a', '2026-03-01', 100, day('2026-03-31', late)),
  inv('a', '2026-03-01', 100, day('2026-03-31', late)),
  inv('b', '2026-03-01', 100, day('2026-03-31', late)),
];

describe('paydexForDays', () => {
  it.each([
    [-30, 100],
    [-20, 90],
    [0, 80],
    [15, 70],
    [22, 60],
    [30, 50],
    [60, 40],
    [90, 30],
    [120, 20],
  ])('the anchor %i days beyond terms is %i', (days, score) => {
    expect(paydexForDays(days)).toBe(score);
  });

  it("its anchors are the portal's own PAYDEX table, row by row", () => {
    expect(PAYDEX_ANCHORS.map((a) => String(a.score))).toEqual(PAYDEX_REFERENCE.slice(0, 9).map((r) => r.score));
    expect(PAYDEX_REFERENCE[9].score).toBe('1-19');
  });

  it.each([
    [-25, 95],
    [-10, 85],
    [7.5, 75],
    [18.5, 65],
    [26, 55],
    [45, 45],
    [75, 35],
    [105, 25],
    [-1, 81], // 80.5 rounds half up
    [1, 79],
  ])('interpolates in a straight line between anchors: %d days is %i', (days, score) => {
    expect(paydexForDays(days)).toBe(score);
  });

  it.each([
    [-31, 100],
    [-400, 100],
    [120.5, 19],
    [121, 19],
    [150, 10],
    [180, 1],
    [1000, 1],
  ])('outside the anchors: %d days is %i (earlier than 30 days stays 100; beyond 120 days is 1-19)', (days, score) => {
    expect(paydexForDays(days)).toBe(score);
  });
});

describe('estimatePaydex', () => {
  it.each([
    [-30, 100],
    [-20, 90],
    [0, 80],
    [15, 70],
    [22, 60],
    [30, 50],
    [60, 40],
    [90, 30],
  ])('invoices all paid %i days beyond terms estimate %i', (late, score) => {
    // Dated earlier for the long delays, so every payment is before today.
    const invoices = paidAt(late).map((i) => ({ ...i, invoiceDate: '2026-01-01', paidDate: day('2026-01-31', late) }));
    const e = estimatePaydex(invoices, TODAY);
    expect(e).toMatchObject({ state: 'estimate', score, averageDays: late, paidInvoices: 3, paidVendors: 2 });
  });

  it('weights by dollars: $900 on terms and $100 60 days late average 6 days late, not 30', () => {
    const invoices = [
      inv('a', '2026-03-01', 450, '2026-03-31'),
      inv('a', '2026-03-02', 450, '2026-04-01'),
      inv('b', '2026-03-01', 100, '2026-05-30'),
    ];
    const e = estimatePaydex(invoices, TODAY);
    expect(e.averageDays).toBe(6);
    expect(e.score).toBe(76); // 80 - 6/15 * 10
    expect(e.vendors).toEqual([
      { vendorId: 'a', vendorName: 'A', score: 80, averageDays: 0, paidInvoices: 2, overdueAmount: 0 },
      { vendorId: 'b', vendorName: 'B', score: 40, averageDays: 60, paidInvoices: 1, overdueAmount: 0 },
    ]);
  });

  it('says not enough data below 3 paid invoices, or with them all from one vendor', () => {
    const two = estimatePaydex(paidAt(0).slice(1), TODAY);
    expect(two).toMatchObject({
      state: 'not-enough-data',
      score: null,
      paidInvoices: 2,
      paidVendors: 2,
      averageDays: 0,
    });
    const oneVendor = estimatePaydex(
      paidAt(0).map((i) => ({ ...i, vendorId: 'a' })),
      TODAY,
    );
    expect(oneVendor).toMatchObject({ state: 'not-enough-data', score: null, paidInvoices: 3, paidVendors: 1 });
    // Per vendor the figures are still there.
    expect(oneVendor.vendors[0]).toMatchObject({ vendorId: 'a', score: 80, paidInvoices: 3 });
    expect(estimatePaydex([], TODAY)).toMatchObject({
      state: 'not-enough-data',
      score: null,
      averageDays: null,
      vendors: [],
    });
  });

  it('reads only the last 12 months: a payment 365 days ago or more is left out, one day later counts', () => {
    const old = inv('c', '2025-05-01', 10_000, '2025-06-30'); // 30 days late, exactly 365 days before TODAY
    const inWindow = inv('c', '2025-05-02', 100, '2025-07-01'); // 30 days late, 364 days before
    const e = estimatePaydex([...paidAt(0), old], TODAY);
    expect(e).toMatchObject({ score: 80, paidInvoices: 3, paidVendors: 2 });
    const f = estimatePaydex([...paidAt(0), inWindow], TODAY);
    expect(f).toMatchObject({ score: 75, averageDays: 7.5, paidInvoices: 4, paidVendors: 3 });
  });

  it('a partial payment is weighted by the amount paid, on its paid date', () => {
    // $300 of $1,000 paid 10 days early; the $700 left is not due yet, so it does not count.
    const partial = { ...inv('c', '2026-06-15', 1000, '2026-07-05', 300), paidDate: '2026-06-05' };
    const e = estimatePaydex([...paidAt(0), partial], TODAY);
    // (300 * -40 ... ) the paid part: due 2026-07-15, paid 2026-06-05 = 40 days early.
    expect(e.paidInvoices).toBe(4);
    expect(e.averageDays).toBe(-20); // (300 * -40 + 300 * 0) / 600
    expect(e.score).toBe(90);
    expect(e.overdueAmount).toBe(0);
  });

  it("a partially paid invoice's remainder counts once past due, as if paid today, weighted by what is owed", () => {
    // $1,000 due 2026-05-31; $400 paid on the due date; $600 still owed 30 days later.
    const partial = inv('c', '2026-05-01', 1000, '2026-05-31', 400);
    const e = estimatePaydex([...paidAt(0), partial], TODAY);
    // (300 * 0 + 400 * 0 + 600 * 30) / 1300
    expect(e.averageDays).toBe(13.8);
    expect(e.overdueAmount).toBe(600);
    expect(e.paidInvoices).toBe(4);
    expect(e.vendors.find((v) => v.vendorId === 'c')).toMatchObject({ averageDays: 18, overdueAmount: 600 });
    // Paying part never scores worse than paying nothing: the unpaid whole invoice weighs $1,000 at 30 days.
    const unpaid = estimatePaydex([...paidAt(0), inv('c', '2026-05-01', 1000, null)], TODAY);
    expect(unpaid.averageDays).toBe(23.1);
    expect(unpaid.paidInvoices).toBe(3);
    expect(unpaid.score!).toBeLessThan(e.score!);
  });

  it('an unpaid invoice not yet due does not count; nor does an invoice dated after the day asked', () => {
    const e = estimatePaydex(
      [...paidAt(0), inv('c', '2026-06-10', 5000, null), inv('c', '2026-07-10', 5000, '2026-07-11')],
      TODAY,
    );
    expect(e).toMatchObject({ score: 80, paidInvoices: 3, overdueAmount: 0 });
  });

  it('rounds the average days to one decimal, halves away from zero on either side of terms', () => {
    const early = [
      inv('a', '2026-03-01', 500, '2026-03-31'),
      inv('a', '2026-03-01', 300, '2026-03-21'),
      inv('b', '2026-03-01', 200, '2026-03-31'),
    ];
    // (500 * 0 + 300 * -10 + 200 * 0) / 1000 = -3 exactly; one vendor's -3.75 reads -3.8.
    expect(estimatePaydex(early, TODAY).averageDays).toBe(-3);
    expect(estimatePaydex(early, TODAY).vendors[0]).toMatchObject({ vendorId: 'a', averageDays: -3.8 });
  });

  it('amounts are summed in cents, so $0.10 + $0.20 weighs exactly $0.30', () => {
    const invoices = [
      inv('a', '2026-03-01', 0.1, '2026-03-31'),
      inv('a', '2026-03-01', 0.2, '2026-03-31'),
      inv('b', '2026-03-01', 0.3, '2026-04-30'),
    ];
    expect(estimatePaydex(invoices, TODAY).averageDays).toBe(15);
  });
});

describe('paydexEstimateHistory', () => {
  it('gives the 12 months to today, oldest first, each as of its last day, and knows only what had happened then', () => {
    const invoices = [
      inv('a', '2026-01-01', 100, '2026-01-31'),
      inv('b', '2026-01-05', 100, '2026-02-04'),
      inv('a', '2026-02-01', 100, '2026-03-03'),
      // Paid 60 days late in May: before then it is past due and still owed.
      inv('b', '2026-02-01', 300, '2026-05-02'),
    ];
    const points = paydexEstimateHistory(invoices, '2026-06-15');
    expect(points).toHaveLength(12);
    expect(points[0]).toEqual({ month: '2025-07', asOf: '2025-07-31', score: null });
    expect(points.map((p) => p.asOf).slice(-4)).toEqual(['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-15']);
    const byMonth = Object.fromEntries(points.map((p) => [p.month, p.score]));
    expect(byMonth['2026-02']).toBeNull(); // two paid invoices by then
    // On 2026-03-31: three paid on terms ($300) and $300 owed, 28 days past due (-> 14 days -> 70.7).
    expect(byMonth['2026-03']).toBe(71);
    expect(byMonth['2026-06']).toBe(estimatePaydex(invoices, '2026-06-15').score);
    expect(byMonth['2026-06']).toBe(50); // (300 * 0 + 300 * 60) / 600 = 30 days
  });

  it('steps back across a year end and short months', () => {
    const points = paydexEstimateHistory([], '2026-03-31');
    expect(points.map((p) => p.asOf)).toEqual([
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });
});
