import { describe, expect, it } from 'vitest';
import { planPaydex, PLAN_ITEMS_SHOWN, targetDays, type PlanInvoice, type PlanTarget } from './paydex-plan';

const TODAY = '2026-06-30';
let seq = 0;
/** An invoice of `vendor` on Net 30 (unless `terms`), paid in full on `paidDate` unless `paid` says less. */
const inv = (
  vendor: string,
  invoiceDate: string,
  amount: number,
  paidDate: string | null,
  paid: number = amount,
  terms = 30,
): PlanInvoice => ({
  id: `i${++seq}`,
  number: `INV-${seq}`,
  source: 'store',
  vendorId: vendor,
  vendorName: vendor.toUpperCase(),
  invoiceDate,
  termsDays: terms,
  amount,
  paidDate,
  paidAmount: paidDate ? paid : null,
});
/** Three invoices of two vendors dated 2026-03-01 (due 03-31), paid `late` days beyond terms. */
const history = (late: number) => {
  const paid = new Date(Date.parse('2026-03-31T00:00:00Z') + late * 86_400_000).toISOString().slice(0, 10);
  return [inv('a', '2026-03-01', 100, paid), inv('a', '2026-03-01', 100, paid), inv('b', '2026-03-01', 100, paid)];
};

describe('targetDays', () => {
  it.each([
    [80, 0],
    [90, -20],
    [100, -30],
  ] as [PlanTarget, number][])('target %i is %i days beyond terms (the PAYDEX table)', (target, days) => {
    expect(targetDays(target)).toBe(days);
  });
});

describe('planPaydex', () => {
  it.each([
    [80, '2026-09-13', 80],
    [90, '2026-08-24', 90],
    [100, '2026-08-14', 100],
  ] as [PlanTarget, string, number][])(
    'target %i: pay-by date due date + its days, and the projection reaches it',
    (target, payBy, projected) => {
      // The history paid at the target's own days, one open invoice of July 15 on Net 60, due September 13.
      const open = inv('b', '2026-07-15', 500, null, undefined, 60);
      const plan = planPaydex([...history(targetDays(target)), open], target, '2026-07-15');
      expect(plan.items).toEqual([
        expect.objectContaining({
          invoiceId: open.id,
          tradelineId: 'b',
          vendorName: 'B',
          owed: 500,
          dueDate: '2026-09-13',
          payBy,
          payToday: false,
          pastDue: false,
        }),
      ]);
      expect(plan).toMatchObject({
        target,
        projectedAsOf: payBy,
        projectedScore: projected,
        outcome: 'reached',
        openInvoices: 1,
        owedTotal: 500,
      });
    },
  );

  it('a past-due invoice, or a date already gone, is paid today; never before the invoice date', () => {
    const pastDue = inv('a', '2026-05-01', 200, null); // due 05-31
    const tooLate = inv('b', '2026-06-20', 100, null); // due 07-20: 20 days early is 06-30, 30 early 06-20
    const future = inv('b', '2026-07-10', 100, null, undefined, 0); // due on receipt, dated later
    const plan = planPaydex([...history(-30), pastDue, tooLate, future], 100, TODAY);
    expect(plan.items.map((i) => [i.number, i.payBy, i.payToday, i.pastDue])).toEqual([
      [pastDue.number, TODAY, true, true],
      [tooLate.number, TODAY, true, false],
      [future.number, '2026-07-10', false, false],
    ]);
    // Paying the past-due one today still leaves 30 days late on 200 of 600: below 100.
    expect(plan.outcome).toBe('not-reachable');
    expect(plan.projectedAsOf).toBe('2026-07-10');
    expect(plan.projectedScore).toBeLessThan(100);
  });

  it('a partial payment leaves its remainder owed; the projection pays the whole invoice on the pay-by date', () => {
    const partial = inv('a', '2026-06-25', 1000, '2026-06-28', 400); // due 07-25
    const paidInFull = inv('b', '2026-06-10', 300, '2026-06-20'); // 20 days early
    const plan = planPaydex([...history(-20), partial, paidInFull], 90, TODAY);
    expect(plan.items).toHaveLength(1);
    expect(plan.items[0]).toMatchObject({ invoiceId: partial.id, amount: 1000, owed: 600, payBy: '2026-07-05' });
    expect(plan.owedTotal).toBe(600);
    expect(plan.projectedScore).toBe(90);
  });

  it('a history of late payments makes the target unreachable: same dates, projected score, said so', () => {
    const open = inv('a', '2026-06-30', 300, null); // due 07-30
    const plan = planPaydex([...history(30), open], 90, TODAY);
    expect(plan.currentScore).toBe(50);
    expect(plan.items[0].payBy).toBe('2026-07-10');
    expect(plan.outcome).toBe('not-reachable');
    // 300 at 30 late and 300 at 20 early: 5 days late on average.
    expect(plan.projectedScore).toBe(77);
  });

  it('with no open invoices the plan is empty and projects the estimate as of today', () => {
    const plan = planPaydex(history(-20), 90, TODAY);
    expect(plan).toMatchObject({
      items: [],
      openInvoices: 0,
      owedTotal: 0,
      projectedAsOf: TODAY,
      currentScore: 90,
      projectedScore: 90,
      outcome: 'reached',
    });
    expect(planPaydex([], 80, TODAY)).toMatchObject({ items: [], projectedScore: null, outcome: 'not-enough-data' });
  });

  it('too little history: the projection says not enough data', () => {
    const plan = planPaydex([inv('a', '2026-06-01', 100, null)], 80, TODAY);
    expect(plan.items).toHaveLength(1);
    expect(plan.outcome).toBe('not-enough-data');
    expect(plan.projectedScore).toBeNull();
  });

  it('lists the soonest pay-by dates first, at most PLAN_ITEMS_SHOWN, and counts them all', () => {
    const many = Array.from({ length: PLAN_ITEMS_SHOWN + 5 }, (_, i) =>
      inv('a', `2026-07-${String((i % 28) + 1).padStart(2, '0')}`, 10, null),
    );
    const plan = planPaydex([...history(0), ...many], 80, TODAY);
    expect(plan.openInvoices).toBe(PLAN_ITEMS_SHOWN + 5);
    expect(plan.items).toHaveLength(PLAN_ITEMS_SHOWN);
    expect(plan.owedTotal).toBe((PLAN_ITEMS_SHOWN + 5) * 10);
    const dates = plan.items.map((i) => i.payBy);
    expect(dates).toEqual([...dates].sort());
  });
});
