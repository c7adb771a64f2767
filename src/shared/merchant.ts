// The Merchant Account page is a demonstration with the original product's fixed figures. Nothing here is
// a client's real data; the page says so.

export const MERCHANT_DEMO = {
  merchantId: 'MID-4471-0925-DEMO',
  status: 'Active',
  gateway: 'Authorize.Net',
  settlement: 'Daily T+2',
  processingRate: '2.9% + $0.30',
  /** 13 x $2,495 over the four months the transactions span. */
  monthlyAverage: 8108.75,
  months: 4,
} as const;

export type MerchantTransaction = { id: string; date: string; description: string; amount: number; status: 'Settled' };

const DATES = [
  '2026-11-20',
  '2026-11-12',
  '2026-11-04',
  '2026-10-27',
  '2026-10-19',
  '2026-10-09',
  '2026-09-30',
  '2026-09-22',
  '2026-09-11',
  '2026-09-02',
  '2026-08-25',
  '2026-08-14',
  '2026-08-05',
];

/** The 13 monthly consulting transactions of $2,495, newest first. */
export const MERCHANT_TRANSACTIONS: readonly MerchantTransaction[] = DATES.map((date) => ({
  id: `TXN-${date.replaceAll('-', '')}`,
  date,
  description: 'Monthly consulting',
  amount: 2495,
  status: 'Settled',
}));

export const merchantTotal = () => MERCHANT_TRANSACTIONS.reduce((sum, t) => sum + t.amount, 0);
