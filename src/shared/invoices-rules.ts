// A tradeline's invoices (the pay-early planner): the constants and pure rules the web's first
// paint needs, without zod; invoices.ts builds the schemas and the CSV import from them.

import { LIMITS } from './limits';

/** The vendor terms offered in the form; any other number of days is 'Other'. 0 = due on receipt. */
export const TERMS_OPTIONS = [7, 10, 15, 30, 45, 60, 90] as const;
export const MAX_TERMS_DAYS = 365;
export const termsLabel = (days: number) => (days === 0 ? 'Due on receipt' : `Net ${days}`);

export const MAX_INVOICE_AMOUNT = 100_000_000;
/** Rows one CSV import may carry: at most what one tradeline may hold. */
export const MAX_IMPORT_ROWS = LIMITS.invoicesPerTradeline;

export type InvoiceStatus = 'open' | 'partly-paid' | 'paid';
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  'partly-paid': 'Partly paid',
  paid: 'Paid',
};

export type Invoice = {
  id: string;
  number: string;
  invoiceDate: string;
  termsDays: number;
  /** invoiceDate + termsDays. */
  dueDate: string;
  amount: number;
  paidDate: string | null;
  paidAmount: number | null;
  status: InvoiceStatus;
  createdAt: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const invoiceStatus = (amount: number, paidAmount: number | null): InvoiceStatus =>
  paidAmount === null ? 'open' : Math.round(paidAmount * 100) >= Math.round(amount * 100) ? 'paid' : 'partly-paid';

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  targetIsTheClients: 'The client chooses their own target; staff see the plan as it is.',
  added: 'Invoice added.',
  updated: 'Invoice saved.',
  deleted: 'Invoice deleted.',
  perTradeline: `A tradeline can hold at most ${LIMITS.invoicesPerTradeline.toLocaleString('en-US')} invoices. Delete some you no longer need, or contact support.`,
  importNothingWritten: 'Nothing was imported: correct the rows below and import the file again.',
} as const;

/** The CSV import's columns, in the template's order. */
export const INVOICE_CSV_COLUMNS = [
  'invoice_number',
  'invoice_date',
  'terms',
  'amount',
  'paid_date',
  'paid_amount',
] as const;
/** The template to download: the header and two example rows (one paid in part). */
export const INVOICE_CSV_TEMPLATE =
  `${INVOICE_CSV_COLUMNS.join(',')}\r\n` +
  'INV-1001,2026-01-05,Net 30,1250.00,2026-01-30,1250.00\r\n' +
  'INV-1002,2026-02-02,45,800.50,2026-03-10,400.00\r\n';
