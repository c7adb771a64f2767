// CSV for spreadsheets people open: RFC 4180 quoting, and cells a spreadsheet would read as a
// formula (=, +, -, @, or a leading tab or carriage return) prefixed with an apostrophe, as OWASP
// advises against CSV injection: the cell then shows as text, never runs.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: dates as ISO 8601, arrays and objects as JSON, null and undefined as empty. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 says. */
export const csvRow = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
