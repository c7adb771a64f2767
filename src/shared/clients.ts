import { z } from 'zod';
import { pageFields } from './paging';
import { singleLine } from './text';
import { formatDate } from './format';

export const clientSorts = ['newest', 'oldest', 'email_asc', 'email_desc'] as const;
/** The Clients screen's orders, plus by name (name, else e-mail; A-Z) for the client selector. */
export const clientListSorts = [...clientSorts, 'name_asc'] as const;
export type ClientSort = (typeof clientListSorts)[number];

export const clientSortLabels: Record<(typeof clientSorts)[number], string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  email_asc: 'Email (A-Z)',
  email_desc: 'Email (Z-A)',
};

/**
 * GET /api/clients: the admin's client list, sorted, searched and paged in the database. `q` matches
 * name, e-mail or phone (a phone also by its digits alone: '3025550100' finds '(302) 555-0100').
 */
export const clientListQuery = z
  .object({
    sort: z.enum(clientListSorts, { message: `Sort must be one of ${clientListSorts.join(', ')}` }).default('newest'),
    ...pageFields(),
    q: z
      .string()
      .trim()
      .max(100, 'Search text can be at most 100 characters')
      .check(singleLine('Search text'))
      .optional(),
  })
  .strict();
export type ClientListQuery = z.output<typeof clientListQuery>;

export type ClientRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  hasPassword: boolean;
  /** Paid membership (the original product's ispaid), set by administrators. */
  isPaid: boolean;
  provider: 'email' | 'oauth';
  createdAt: string;
};
/** The Clients table's columns, left to right; the CSV export writes the same headers. */
export const CLIENTS_TABLE_HEADERS = [
  'Name',
  'Email',
  'Password',
  'Phone',
  'Provider',
  'Membership',
  'Created',
] as const;

/**
 * A client's cells as the Clients table reads them, in CLIENTS_TABLE_HEADERS order: the screen
 * and the CSV export both use it, so a download matches what the admin saw. Created is the day in
 * `timeZone` (the reader's own when unset).
 */
export function clientCells(row: ClientRow, timeZone?: string): string[] {
  return [
    row.name || '-',
    row.email,
    row.hasPassword ? 'set' : '-',
    row.phone || '-',
    row.provider,
    row.isPaid ? 'Member' : 'No',
    formatDate(row.createdAt, timeZone),
  ];
}
export type ClientPage = { rows: ClientRow[]; total: number; page: number; pageSize: number };

/** GET /api/clients/:clientId/summary: who a chosen client is, for the admin's client selector. */
export type ClientSummary = { id: string; name: string; email: string; phone: string };

/** How many matches the client selector shows per search; past that it asks for more letters. */
export const CLIENT_SEARCH_LIMIT = 25;
