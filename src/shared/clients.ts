import { z } from 'zod';
import { pageFields } from './paging';
import { isSingleLine, singleLine } from './text';
import { formatDate } from './format';
import type { AssignedStaff } from './staff';
export { type ClientSummary, type ClientSummaryWithStaff } from './clients-rules';

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

/** Orders by time: their cursor's key is the creation time, in UTC to the microsecond. */
const TIME_SORTS: readonly ClientSort[] = ['newest', 'oldest'];
// Half a UTF-16 pair: text the database could not store, so never a key it wrote.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
export const BAD_CURSOR = 'This page link is not valid any more: go back to the first page of the list.';
export const CURSOR_OTHER_SORT = 'This page link was made for another order: go back to the first page of the list.';

/**
 * Where a page of the clients list starts: the sort it was made for, the direction (the rows after
 * it, or before it for Previous), and the sort key and id of the row it starts from. Opaque to
 * the web, which only hands back what the server answered.
 */
export type ClientCursor = { sort: ClientSort; dir: 'next' | 'prev'; key: string; id: string };

const cursorPayload = z
  .tuple([
    z.enum(clientListSorts),
    z.enum(['next', 'prev']),
    z
      .string()
      .max(1000)
      .refine((s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s)),
    z
      .string()
      .min(1)
      .max(100)
      .refine((s) => isSingleLine(s) && !LONE_SURROGATE.test(s)),
  ])
  .refine(([sort, , key]) => !TIME_SORTS.includes(sort) || isCursorTime(key));

/** A real moment, written as the server writes it (a date such as February 30 is refused, never sent to SQL). */
function isCursorTime(key: string) {
  if (!CURSOR_TIME.test(key) || key < '1000') return false;
  const ms = Date.parse(`${key.slice(0, 23)}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === key.slice(0, 23);
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const encodeClientCursor = (c: ClientCursor) => toBase64Url(JSON.stringify([c.sort, c.dir, c.key, c.id]));

/** The cursor in `text`, or undefined when it is not one the server made. */
function decodeClientCursor(text: string): ClientCursor | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
    const parsed = cursorPayload.safeParse(JSON.parse(json));
    if (!parsed.success) return undefined;
    const [sort, dir, key, id] = parsed.data;
    return { sort, dir, key, id };
  } catch {
    return undefined;
  }
}

/** The clients list's `staff` filter for the clients no one is assigned to (the admins' pool). */
export const UNASSIGNED = 'none';

/**
 * GET /api/clients: the admin's client list, sorted, searched and paged in the database. `q` matches
 * name, e-mail or phone (a phone also by its digits alone: '3025550100' finds '(302) 555-0100').
 * Paged by cursor: without one, the first page; with an answer's `nextCursor` or `prevCursor`, the
 * page after or before it, however far into the list (no offset to count past). `staff` narrows it
 * to one staff member's clients, or with UNASSIGNED to the admins' pool (within what the asker works).
 */
export const clientListQuery = z
  .object({
    sort: z.enum(clientListSorts, { message: `Sort must be one of ${clientListSorts.join(', ')}` }).default('newest'),
    pageSize: pageFields().pageSize,
    q: z
      .string()
      .trim()
      .max(100, 'Search text can be at most 100 characters')
      .check(singleLine('Search text'))
      .optional(),
    staff: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, `Staff member must be a staff member's id or ${UNASSIGNED}`)
      .optional(),
    cursor: z
      .string()
      .max(3000, BAD_CURSOR)
      .regex(/^[A-Za-z0-9_-]+$/, BAD_CURSOR)
      .transform((text, ctx) => {
        const cursor = decodeClientCursor(text);
        if (!cursor) ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
        return cursor ?? z.NEVER;
      })
      .optional(),
  })
  .strict()
  .refine((q) => !q.cursor || q.cursor.sort === q.sort, { message: CURSOR_OTHER_SORT, path: ['cursor'] });
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
  /** The staff member the client is assigned to; null: the admins' pool. */
  assignedStaff: AssignedStaff;
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
  'Assigned to',
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
    row.assignedStaff ? row.assignedStaff.name || 'Staff member' : '-',
  ];
}
/**
 * A page of the clients list: `total` counts every match; `nextCursor` and `prevCursor` fetch the
 * pages after and before this one (null at either end).
 */
export type ClientPage = {
  rows: ClientRow[];
  total: number;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
};
