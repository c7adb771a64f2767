// The one formatter set (docs/architecture.md, "Bounds"): money as en-US US dollars with
// grouping, dates and times in en-US words. The server's texts (notifications, mails) and every
// screen use these, so '$1,600.00 on Nov 22, 2026' reads the same wherever it appears.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US');

const toNumber = (amount: number | string) => (typeof amount === 'number' ? amount : Number(amount));

/** Money with cents: 1600 or '1600.00' gives '$1,600.00'. */
export const formatMoney = (amount: number | string) => money.format(toNumber(amount));

/** Money in whole dollars, as plan prices are quoted: '$1,600'. */
export const formatMoneyWhole = (amount: number | string) => wholeMoney.format(toNumber(amount));

/** A count with grouping: '10,000'. */
export const formatCount = (n: number) => count.format(n);

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateOptions = { year: 'numeric', month: 'short', day: 'numeric' } as const;

/**
 * A date: 'Nov 22, 2026'. A calendar day ('2026-11-22', as payments and bank accounts store them)
 * is the same day in every time zone; a moment (a Date or an ISO timestamp) is shown on the
 * reader's calendar, or in `timeZone` when given (the server's texts name the zone they use).
 */
export function formatDate(value: Date | string, timeZone?: string): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    return new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { ...dateOptions, timeZone: 'UTC' });
  }
  return new Date(value).toLocaleDateString('en-US', { ...dateOptions, timeZone });
}

/** A moment with its time: 'Nov 22, 2026, 3:04 PM', on the reader's clock (or in `timeZone`). */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return new Date(value).toLocaleString('en-US', { ...dateOptions, hour: 'numeric', minute: '2-digit', timeZone });
}

/** A size in words: '10 MB', '1.5 GB' (1024-based, one decimal when not whole). */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${units[i]}`;
}

/** A moment as the calendar day it falls on in the browser's or server's local time, YYYY-MM-DD (what a date input holds). */
export const localIsoDate = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A picked YYYY-MM-DD as the end of that day where the person is, as an ISO instant (null when none was picked). */
export const endOfLocalDay = (date: string | null | undefined) => (date ? new Date(`${date}T23:59:59.999`).toISOString() : null);
