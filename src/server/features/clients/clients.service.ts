import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAccounts, authUsers, users } from '../../db/schema';
import type { ClientListQuery, ClientPage, ClientSort, ClientSummary } from '../../../shared/clients';

const orderings: Record<ClientSort, SQL[]> = {
  newest: [desc(authUsers.createdAt), desc(authUsers.id)],
  oldest: [asc(authUsers.createdAt), asc(authUsers.id)],
  email_asc: [asc(authUsers.email)],
  email_desc: [desc(authUsers.email)],
  // As shown: the name, else the e-mail; letter case ignored.
  name_asc: [asc(sql`lower(coalesce(nullif(${authUsers.name}, ''), ${authUsers.email}))`), asc(authUsers.email)],
};

/** LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Name, e-mail or phone contains `q`, letter case ignored, read from the `search` column the
 * database keeps. Text that looks like a phone number (digits and phone punctuation, at least 3
 * digits) also matches the phone's digits, whatever punctuation either side has.
 */
export function matching(q: string): SQL | undefined {
  const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return or(
    sql`${authUsers.search} like lower(${containing(q)})`,
    digits.length >= 3 && digits !== q ? sql`${authUsers.search} like ${containing(digits)}` : undefined,
  );
}

/**
 * The admin's client list: clients only (admins hidden), searched, sorted and paged in SQL, with
 * whether a password credential exists. One query for the page, one for the total.
 */
export async function listClients(db: Db, query: ClientListQuery): Promise<ClientPage> {
  const { sort, page, pageSize, q } = query;
  const where = and(eq(authUsers.role, 'client'), q ? matching(q) : undefined);
  // Qualified by hand: drizzle leaves a single-table select's columns unqualified, which inside
  // the subquery would name auth_accounts' own columns.
  const hasPassword = sql<boolean>`exists (select 1 from ${authAccounts} as cred where cred.user_id = ${sql.raw('"auth_users"."id"')} and cred.provider_id = 'credential')`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: authUsers.id,
        name: authUsers.name,
        email: authUsers.email,
        phone: authUsers.phone,
        hasPassword,
        isPaid: users.isPaid,
        createdAt: authUsers.createdAt,
      })
      .from(authUsers)
      .leftJoin(users, eq(users.id, authUsers.id))
      .where(where)
      .orderBy(...orderings[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(authUsers).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      hasPassword: Boolean(r.hasPassword),
      // No users row yet: the column's default, not a member.
      isPaid: r.isPaid ?? false,
      provider: r.hasPassword ? 'email' : 'oauth',
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** One user's name, e-mail and phone by id (admin only: the client selector names its choice). */
export async function getClientSummary(db: Db, clientId: string): Promise<ClientSummary | null> {
  const [row] = await db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, phone: authUsers.phone })
    .from(authUsers)
    .where(eq(authUsers.id, clientId));
  return row ?? null;
}
