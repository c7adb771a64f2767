import { z } from 'zod';
import { isIsoDate, textField } from './fields';
import { parseCsv } from './csv';
import { PLAN_TARGETS, type PlanTarget } from './paydex-plan';
import { INVOICE_CSV_COLUMNS, MAX_IMPORT_ROWS, MAX_INVOICE_AMOUNT, MAX_TERMS_DAYS } from './invoices-rules';

// A tradeline's invoices: the input schema both sides check, and the CSV import's reading of a file
// (the web shows every row's problem before sending; the server reads the same text the same way
// and writes nothing when any row is wrong).

const AMOUNT_MESSAGE = 'Enter the amount as a number greater than 0, like 2500 or 2500.00.';
const money = (label: string) =>
  z
    .number(`${label}: ${AMOUNT_MESSAGE}`)
    .refine((n) => Number.isFinite(n) && n > 0, `${label}: ${AMOUNT_MESSAGE}`)
    .refine((n) => n <= MAX_INVOICE_AMOUNT, `${label} can be at most $100,000,000.`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals.`);
const day = (label: string) =>
  z.string(`${label} is required.`).refine(isIsoDate, `${label} must be a real date (YYYY-MM-DD).`);

export const invoiceInput = z
  .object({
    number: textField(60, 'Invoice number').pipe(z.string().min(1, 'Enter the invoice number.')),
    invoiceDate: day('Invoice date'),
    termsDays: z
      .number('Terms must be a number of days.')
      .int('Terms must be a whole number of days.')
      .min(0, 'Terms cannot be negative.')
      .max(MAX_TERMS_DAYS, `Terms can be at most ${MAX_TERMS_DAYS} days.`),
    amount: money('Amount'),
    /** '' while unpaid. */
    paidDate: z.union([z.literal(''), day('Paid date')]).default(''),
    paidAmount: money('Paid amount').nullable().default(null),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.paidDate && v.paidAmount === null)
      ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: 'Enter the amount paid on the paid date.' });
    if (!v.paidDate && v.paidAmount !== null)
      ctx.addIssue({ code: 'custom', path: ['paidDate'], message: 'Enter the date the amount was paid.' });
    if (v.paidDate && v.paidDate < v.invoiceDate)
      ctx.addIssue({ code: 'custom', path: ['paidDate'], message: 'The paid date cannot be before the invoice date.' });
    if (v.paidAmount !== null && Math.round(v.paidAmount * 100) > Math.round(v.amount * 100))
      ctx.addIssue({
        code: 'custom',
        path: ['paidAmount'],
        message: 'The paid amount cannot be more than the invoice amount.',
      });
  });
export type InvoiceInput = z.infer<typeof invoiceInput>;

/** The import's body: the CSV file's text (at most MAX_IMPORT_ROWS rows; the 1 MB body limit bounds it too). */
export const invoiceImportInput = z
  .object({
    csv: z.string('Choose a CSV file.').min(1, 'The file is empty.').max(500_000, 'The file is too large: split it.'),
  })
  .strict();

export type InvoiceRowError = { row: number; message: string };
export type InvoiceCsvResult = { invoices: InvoiceInput[]; errors: InvoiceRowError[] };

const cellNumber = (s: string) =>
  s.trim() === '' ? Number.NaN : Number(s.trim().replace(/^\$/, '').replace(/,/g, ''));

/**
 * Reads an invoices CSV (the template's columns, a header row first, in any order; 'Net 30' or 30
 * for terms): every row's first problem, by its line in the file (the header is line 1), or the
 * invoices when there is none.
 */
export function parseInvoiceCsv(text: string): InvoiceCsvResult {
  // Spreadsheets save LF or CRLF line ends and sometimes a byte-order mark.
  const records = parseCsv(text.replace(/^\uFEFF/, '').replace(/\r?\n/g, '\r\n'));
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = INVOICE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    return {
      invoices: [],
      errors: [
        {
          row: 1,
          message: `The header row must name the columns ${INVOICE_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        },
      ],
    };
  const at = (cells: string[], column: (typeof INVOICE_CSV_COLUMNS)[number]) =>
    (cells[header.indexOf(column)] ?? '').trim();
  const rows = records
    .slice(1)
    .map((cells, i) => ({ cells, line: i + 2 }))
    .filter((r) => r.cells.some((c) => c.trim()));
  if (!rows.length)
    return { invoices: [], errors: [{ row: 1, message: 'The file has no invoices under its header row.' }] };
  if (rows.length > MAX_IMPORT_ROWS)
    return {
      invoices: [],
      errors: [{ row: 1, message: `A file can hold at most ${MAX_IMPORT_ROWS} invoices: split it.` }],
    };
  const invoices: InvoiceInput[] = [];
  const errors: InvoiceRowError[] = [];
  for (const { cells, line } of rows) {
    const terms = at(cells, 'terms').replace(/^net\s*/i, '');
    const paidAmount = at(cells, 'paid_amount');
    const parsed = invoiceInput.safeParse({
      number: at(cells, 'invoice_number'),
      invoiceDate: at(cells, 'invoice_date'),
      termsDays: /^due on receipt$/i.test(terms) ? 0 : cellNumber(terms),
      amount: cellNumber(at(cells, 'amount')),
      paidDate: at(cells, 'paid_date'),
      paidAmount: paidAmount ? cellNumber(paidAmount) : null,
    });
    if (parsed.success) invoices.push(parsed.data);
    else errors.push({ row: line, message: parsed.error.issues[0].message });
  }
  return errors.length ? { invoices: [], errors } : { invoices, errors };
}

const TARGET_MESSAGE = 'The target must be 80, 90 or 100.';

/** The plan's query: ?target=80|90|100 to see another target; left out, the client's own (else 90). */
export const paydexPlanQuery = z
  .object({
    target: z
      .enum(PLAN_TARGETS.map(String) as ['80', '90', '100'], TARGET_MESSAGE)
      .optional()
      .transform((s) => (s === undefined ? undefined : (Number(s) as PlanTarget))),
  })
  .strict();

/** PUT .../paydex-plan/target: the client's own target, which the reminders and the calendar follow. */
export const paydexTargetInput = z
  .object({
    target: z
      .number(TARGET_MESSAGE)
      .refine((n): n is PlanTarget => PLAN_TARGETS.includes(n as PlanTarget), TARGET_MESSAGE),
  })
  .strict();
