import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';
import { MERCHANT_DEMO, MERCHANT_TRANSACTIONS, merchantTotal } from './merchant';

describe('the Merchant Account demonstration figures', () => {
  it('are 13 monthly consulting transactions of $2,495, newest first', () => {
    expect(MERCHANT_TRANSACTIONS).toHaveLength(13);
    for (const t of MERCHANT_TRANSACTIONS) expect(t).toMatchObject({ description: 'Monthly consulting', amount: 2495 });
    const dates = MERCHANT_TRANSACTIONS.map((t) => t.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(MERCHANT_TRANSACTIONS.map((t) => t.id)).size).toBe(13);
  });

  it('total 13 x 2495, and the monthly average is the total over the months they span', () => {
    expect(merchantTotal()).toBe(13 * 2495);
    expect(merchantTotal()).toBe(32435);
    expect(MERCHANT_DEMO.monthlyAverage).toBe(8108.75);
    expect(merchantTotal() / MERCHANT_DEMO.months).toBe(MERCHANT_DEMO.monthlyAverage);
    // The dates do span that many calendar months.
    expect(new Set(MERCHANT_TRANSACTIONS.map((t) => t.date.slice(0, 7))).size).toBe(MERCHANT_DEMO.months);
  });

  it('read as US dollars and en-US dates', () => {
    expect(formatMoney(2495)).toBe('$2,495.00');
    expect(formatMoney(MERCHANT_DEMO.monthlyAverage)).toBe('$8,108.75');
    expect(formatMoney(merchantTotal())).toBe('$32,435.00');
    expect(formatDate(MERCHANT_TRANSACTIONS[0].date)).toBe('Nov 20, 2026');
  });

  it("carry the original product's account facts", () => {
    expect(MERCHANT_DEMO).toMatchObject({ status: 'Active', settlement: 'Daily T+2', processingRate: '2.9% + $0.30' });
    expect(MERCHANT_DEMO.merchantId).toMatch(/\S/);
    expect(MERCHANT_DEMO.gateway).toMatch(/\S/);
  });
});
