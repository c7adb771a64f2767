import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { workedClients, type Asker } from '../../middleware/access';
import type { Db } from '../../db/client';
import { likeContaining, likeLiteral } from '../../lib/like';
import { authAccounts, authUsers, portalCounters, users } from '../../db/schema';
import {
  encodeClientCursor,
  UNASSIGNED,
  type ClientListQuery,
  type ClientCursor,
  type ClientPage,
  type ClientRow,
  type ClientSort,
  type ClientSummaryWithStaff,
} from '../../../shared/clients';

/**
 * Each order's key: one expression and the direction, then the id as the tie-breaker (two clients
 * created in the same microsecond, or with the same name). `text` is the key as the cursor keeps
 * it and `param` reads it back; creation times travel as UTC text to the microsecond, which a
 * JavaScript Date would round to the millisecond and so repeat or skip a row. None of the keys is
 * ever NULL (an empty name falls back to the e-mail), so a row comparison orders every client.
 * Each has an index that reads it in order (role first: the list is of clients only).
 */
type SortKey = { expr: SQL; dir: 'asc' | 'desc'; text: SQL<string>; param: (key: string) => SQL };
const asText = (expr: SQL | typeof authUsers.email): SQL<string> => sql<string>`${expr}`;
const createdKey = (dir: 'asc' | 'desc'): SortKey => ({
  expr: sql`${authUsers.createdAt}`,
  dir,
  text: sql<string>`to_char(${authUsers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
  param: (key) => sql`(${key}::timestamp at time zone 'UTC')`,
});
const emailKey = (dir: 'asc' | 'desc'): SortKey => ({
  expr: sql`${authUsers.email}`,
  dir,
  text: asText(authUsers.email),
  param: (key) => sql`${key}`,
});
// As shown: the name, else the e-mail; letter case ignored (auth_users_client_name_idx has the same expression).
const shownName = sql`lower(coalesce(nullif(${authUsers.name}, ''), ${authUsers.email}))`;
const sortKeys: Record<ClientSort, SortKey> = {
  newest: createdKey('desc'),
  oldest: createdKey('asc'),
  email_asc: emailKey('asc'),
  email_desc: emailKey('desc'),
  name_asc: { expr: shownName, dir: 'asc', text: asText(shownName), param: (key) => sql`${key}` },
};

/**
 * Name, e-mail or phone contains `q`, letter case ignored, read from the `search` column the
 * database keeps. Text that looks like a phone number (digits and phone punctuation, at least 3
 * digits) also matches the phone's digits, whatever punctuation either side has.
 */
export function matching(q: string): SQL | undefined {
  const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return or(
    and(sql`${authUsers.search} like lower(${likeContaining(q)})`, whereAddressCanBe(q)),
    digits.length >= 3 && digits !== q ? sql`${authUsers.search} like ${likeContaining(digits)}` : undefined,
  );
}

/**
 * Where text with one '@' and something before it can be found: in an e-mail whose local part ends
 * with what comes before the '@', or in a name with an '@' (a phone has none). Both are read from
 * small indexes (auth_users_email_local_idx, of the local parts reversed, and auth_users_name_at_idx):
 * the trigram index alone would read every address that shares the domain and the text's letters,
 * more the more clients there are. Undefined for other text (the trigram index answers it).
 */
function whereAddressCanBe(q: string): SQL | undefined {
  const at = q.split('@');
  if (at.length !== 2 || !at[0]) return undefined;
  const localEnd = [...at[0]].reverse().join('');
  return or(
    sql`reverse(split_part(lower(${authUsers.email}), '@', 1)) like lower(${`${likeLiteral(localEnd)}%`})`,
    sql`${authUsers.name} like '%@%'`,
  );
}

/** The list's filters besides the order: the search, and whose clients (a staff member's, or the pool's). */
type ClientFilter = Pick<ClientListQuery, 'q' | 'staff'>;

/**
 * The clients the asker works (staff hidden; a staff member's own clients only), matching the
 * search when there is one, and assigned to `staff` when it is given (UNASSIGNED: to no one).
 */
const clientsMatching = (asker: Asker, { q, staff }: ClientFilter) =>
  and(
    workedClients(asker),
    q ? matching(q) : undefined,
    staff === undefined
      ? undefined
      : staff === UNASSIGNED
        ? isNull(authUsers.assignedStaffId)
        : eq(authUsers.assignedStaffId, staff),
  );

// The assigned staff member, read beside the client in the same statement.
const assignee = alias(authUsers, 'assignee');

type ClientRowsQuery = Pick<ClientListQuery, 'sort' | 'q' | 'staff' | 'cursor'> & { pageSize: number };
type ClientRows = { rows: ClientRow[]; next: ClientCursor | null; prev: ClientCursor | null };

/**
 * A page of clients (admins hidden), searched and sorted in SQL, with whether a password
 * credential exists: the rows after the cursor (or before it, for Previous), read from the sort's
 * index from where the cursor points, so the thousandth page costs what the first does. One
 * query, one row more than the page to know whether another follows.
 */
export async function listClientRows(db: Db, asker: Asker, query: ClientRowsQuery): Promise<ClientRows> {
  const { sort, pageSize, cursor } = query;
  const key = sortKeys[sort];
  const backward = cursor?.dir === 'prev';
  // Reading backwards (Previous) walks the same index the other way, then turns the rows round.
  const dir = backward ? (key.dir === 'asc' ? 'desc' : 'asc') : key.dir;
  const after = cursor
    ? dir === 'asc'
      ? sql`(${key.expr}, ${authUsers.id}) > (${key.param(cursor.key)}, ${cursor.id})`
      : sql`(${key.expr}, ${authUsers.id}) < (${key.param(cursor.key)}, ${cursor.id})`
    : undefined;
  const order = dir === 'asc' ? [asc(key.expr), asc(authUsers.id)] : [desc(key.expr), desc(authUsers.id)];
  // Qualified by hand: drizzle leaves a single-table select's columns unqualified, which inside
  // the subquery would name auth_accounts' own columns.
  const hasPassword = sql<boolean>`exists (select 1 from ${authAccounts} as cred where cred.user_id = ${sql.raw('"auth_users"."id"')} and cred.provider_id = 'credential')`;
  const found = await db
    .select({
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      phone: authUsers.phone,
      hasPassword,
      isPaid: users.isPaid,
      createdAt: authUsers.createdAt,
      assignedStaffId: assignee.id,
      assignedStaffName: assignee.name,
      key: key.text,
    })
    .from(authUsers)
    .leftJoin(users, eq(users.id, authUsers.id))
    .leftJoin(assignee, eq(assignee.id, authUsers.assignedStaffId))
    .where(and(clientsMatching(asker, query), after))
    .orderBy(...order)
    .limit(pageSize + 1);
  const more = found.length > pageSize;
  const page = found.slice(0, pageSize);
  if (backward) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  const at = (row: (typeof page)[number] | undefined, to: 'next' | 'prev'): ClientCursor | null =>
    row ? { sort, dir: to, key: row.key, id: row.id } : null;
  return {
    rows: page.map(({ key: _key, assignedStaffId, assignedStaffName, ...r }) => ({
      ...r,
      assignedStaff: assignedStaffId ? { id: assignedStaffId, name: assignedStaffName ?? '' } : null,
      hasPassword: Boolean(r.hasPassword),
      // No users row yet: the column's default, not a member.
      isPaid: r.isPaid ?? false,
      provider: r.hasPassword ? 'email' : 'oauth',
      createdAt: r.createdAt.toISOString(),
    })),
    // Going forward, rows lie before the page when it was reached by a cursor; going back, after it.
    next: (backward ? Boolean(cursor) : more) ? at(last, 'next') : null,
    prev: (backward ? more : Boolean(cursor)) ? at(first, 'prev') : null,
  };
}

/**
 * How many clients match: counted through the search's index when there is a search, and through
 * the assignment's index for a staff member (their clients) or a filter by staff member; otherwise the count the database
 * keeps (portal_counters), since counting every client read the whole table (65-120 ms at
 * 100,000 clients on PostgreSQL).
 */
async function countClients(db: Db, asker: Asker, filter: ClientFilter): Promise<number> {
  if (filter.q || filter.staff !== undefined || asker.role !== 'admin')
    return (await db.select({ total: count() }).from(authUsers).where(clientsMatching(asker, filter)))[0].total;
  const [row] = await db
    .select({ value: portalCounters.value })
    .from(portalCounters)
    .where(eq(portalCounters.name, 'clients'));
  return row?.value ?? 0;
}

/** The staff's client list: a page (listClientRows) and the total of every match, one query each. */
export async function listClients(db: Db, asker: Asker, query: ClientListQuery): Promise<ClientPage> {
  const [{ rows, next, prev }, total] = await Promise.all([
    listClientRows(db, asker, query),
    countClients(db, asker, query),
  ]);
  const cursor = (c: ClientCursor | null) => (c ? encodeClientCursor(c) : null);
  return { rows, total, pageSize: query.pageSize, nextCursor: cursor(next), prevCursor: cursor(prev) };
}

/**
 * One client's name, e-mail, phone and staff member by id (staff only, for a client they work: the
 * client selector names its choice, the client's page shows whom they are assigned to).
 */
export async function getClientSummary(db: Db, clientId: string): Promise<ClientSummaryWithStaff | null> {
  const [row] = await db
    .select({
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      phone: authUsers.phone,
      staffId: assignee.id,
      staffName: assignee.name,
    })
    .from(authUsers)
    .leftJoin(assignee, eq(assignee.id, authUsers.assignedStaffId))
    .where(eq(authUsers.id, clientId));
  if (!row) return null;
  const { staffId, staffName, ...client } = row;
  return { ...client, assignedStaff: staffId ? { id: staffId, name: staffName ?? '' } : null };
}
