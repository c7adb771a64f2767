import { describe, expect, it } from 'vitest';
import { parseInvoiceCsv } from './invoices';
import { INVOICE_CSV_TEMPLATE, MAX_IMPORT_ROWS } from './invoices-rules';

const HEADER = 'invoice_number,invoice_date,terms,amount,paid_date,paid_amount';

describe('parseInvoiceCsv', () => {
  it('reads the template', () => {
    expect(parseInvoiceCsv(INVOICE_CSV_TEMPLATE)).toEqual({
      errors: [],
      invoices: [
        {
          number: 'INV-1001',
          invoiceDate: '2026-01-05',
          termsDays: 30,
          amount: 1250,
          paidDate: '2026-01-30',
          paidAmount: 1250,
        },
        {
          number: 'INV-1002',
          invoiceDate: '2026-02-02',
          termsDays: 45,
          amount: 800.5,
          paidDate: '2026-03-10',
          paidAmount: 400,
        },
      ],
    });
  });

  it('takes what spreadsheets save: a byte-order mark, LF line ends, quoted cells, $ and thousands commas, blank lines, columns in any order and case', () => {
    const text =
      '\uFEFFAmount,Invoice_Number,invoice_date,TERMS,paid_date,paid_amount\n"$1,250.00","INV ""A"", 7",2026-01-05,Due on receipt,,\n\n';
    expect(parseInvoiceCsv(text)).toEqual({
      errors: [],
      invoices: [
        { number: 'INV "A", 7', invoiceDate: '2026-01-05', termsDays: 0, amount: 1250, paidDate: '', paidAmount: null },
      ],
    });
  });

  it('names every wrong row by its row in the file and returns no invoice when any is wrong', () => {
    const text = `${HEADER}\r\nA,2026-01-05,Net 30,10,,\r\nB,2026-01-05,Net 30,10.001,,\r\nC,2026-13-01,30,10,,\r\nD,2026-01-05,thirty,10,,\r\nE,2026-01-05,30,10,2026-01-01,10\r\n`;
    expect(parseInvoiceCsv(text)).toEqual({
      invoices: [],
      errors: [
        { row: 3, message: 'Amount can have at most 2 decimals.' },
        { row: 4, message: 'Invoice date must be a real date (YYYY-MM-DD).' },
        { row: 5, message: 'Terms must be a number of days.' },
        { row: 6, message: 'The paid date cannot be before the invoice date.' },
      ],
    });
  });

  it('refuses a file without the columns, without rows, or with more rows than a tradeline holds', () => {
    expect(parseInvoiceCsv('number,date\n1,2\n').errors[0].message).toBe(
      'The header row must name the columns invoice_number, invoice_date, terms, amount, paid_date, paid_amount (missing: invoice_number, invoice_date, terms, amount, paid_date, paid_amount).',
    );
    expect(parseInvoiceCsv(`${HEADER}\n`).errors).toEqual([
      { row: 1, message: 'The file has no invoices under its header row.' },
    ]);
    const many = `${HEADER}\n${'A,2026-01-05,30,10,,\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(parseInvoiceCsv(many).errors).toEqual([
      { row: 1, message: `A file can hold at most ${MAX_IMPORT_ROWS} invoices: split it.` },
    ]);
  });
});
