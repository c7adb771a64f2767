import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { workedClients, type Asker } from '../../middleware/access';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accountReceivables,
  authUsers,
  clientNotes,
  automations,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  purchaseOrders,
  revolvingCredits,
  storeCreditCards,
  trainingVideos,
} from '../../db/schema';
import { documentSections } from '../../../shared/documents';
import { formatMoney } from '../../../shared/format';
import {
  SEARCH_PER_KIND,
  searchHref,
  searchKindLabels,
  searchKinds,
  type SearchGroup,
  type SearchKind,
  type SearchResults,
} from '../../../shared/search';
import { matching as matchingClients } from '../clients/clients.service';
import { likeContaining, likeLiteral } from '../../lib/like';

/** Regular-expression text matching `text` literally: ASCII punctuation escaped (a backslash before any other character is an ARE escape). */
const regexLiteral = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);

/**
 * How well `column` matches: 0 the whole text, 1 its start, 2 the start of a word in it, 3 anywhere
 * (or only in another searched column). Letter case ignored on both sides by the database's lower(),
 * so both sides fold alike whatever the locale.
 */
function rankOf(column: SQL | AnyPgColumn, q: string): SQL<number> {
  return sql<number>`case
    when lower(${column}) = lower(${q}) then 0
    when lower(${column}) like lower(${`${likeLiteral(q)}%`}) then 1
    when lower(${column}) ~ lower(${`(^|[^[:alnum:]])${regexLiteral(q)}`}) then 2
    else 3 end`;
}
const contains = (column: SQL | AnyPgColumn, q: string) => sql`lower(${column}) like lower(${likeContaining(q)})`;

/**
 * One searchable kind: its table, the owner column (none: the shared catalogue), the title and
 * up to two plain-text columns for the subtitle. Only clear-text columns: sealed ones (account
 * numbers, card logins) are neither searched nor returned.
 */
type Source = {
  kind: Exclude<SearchKind, 'client' | 'note'>;
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn | null;
  title: AnyPgColumn;
  /** Searched too, ranked after any title match. */
  also?: AnyPgColumn[];
  sub: [SQL | AnyPgColumn, SQL | AnyPgColumn];
};

const sources: Source[] = [
  {
    kind: 'task',
    table: businessCompliance,
    id: businessCompliance.id,
    owner: businessCompliance.userId,
    title: businessCompliance.taskName,
    sub: [businessCompliance.taskStatus, businessCompliance.taskPriority],
  },
  {
    kind: 'document',
    table: businessDocuments,
    id: businessDocuments.id,
    owner: businessDocuments.userId,
    title: businessDocuments.documentName,
    sub: [businessDocuments.documentType, sql`''`],
  },
  {
    kind: 'bank-account',
    table: businessBankAccounts,
    id: businessBankAccounts.id,
    owner: businessBankAccounts.userId,
    title: businessBankAccounts.bankName,
    also: [businessBankAccounts.accountOwner],
    sub: [businessBankAccounts.accountOwner, sql`''`],
  },
  {
    kind: 'business-account',
    table: businessAccounts,
    id: businessAccounts.id,
    owner: businessAccounts.userId,
    title: businessAccounts.name,
    sub: [businessAccounts.status, sql`''`],
  },
  {
    kind: 'store-card',
    table: storeCreditCards,
    id: storeCreditCards.id,
    owner: storeCreditCards.userId,
    title: storeCreditCards.issuer,
    also: [storeCreditCards.cardType],
    sub: [storeCreditCards.cardType, sql`''`],
  },
  {
    kind: 'revolving-credit',
    table: revolvingCredits,
    id: revolvingCredits.id,
    owner: revolvingCredits.userId,
    title: revolvingCredits.issuer,
    also: [revolvingCredits.cardType],
    sub: [revolvingCredits.cardType, sql`''`],
  },
  {
    kind: 'receivable',
    table: accountReceivables,
    id: accountReceivables.id,
    owner: accountReceivables.userId,
    title: accountReceivables.vendorName,
    sub: [accountReceivables.status, sql`${accountReceivables.amount}::text`],
  },
  {
    kind: 'purchase-order',
    table: purchaseOrders,
    id: purchaseOrders.id,
    owner: purchaseOrders.userId,
    title: purchaseOrders.vendorName,
    sub: [purchaseOrders.status, sql`${purchaseOrders.amount}::text`],
  },
  {
    kind: 'video',
    table: trainingVideos,
    id: trainingVideos.id,
    owner: null,
    title: trainingVideos.title,
    sub: [trainingVideos.duration, sql`''`],
  },
  {
    kind: 'automation',
    table: automations,
    id: automations.id,
    owner: null,
    title: automations.name,
    sub: [automations.type, sql`coalesce(${automations.status}, 'pending')`],
  },
];

const documentTypeTitles = new Map<string, string>(documentSections.map((s) => [s.type, s.title]));
const capitalised = (s: string) => (s ? s[0].toUpperCase() + s.slice(1).replace(/_/g, ' ') : s);

/** The subtitle a hit shows: status, type or amount, never anything sealed. */
function subtitle(kind: SearchKind, a: string, b: string): string {
  switch (kind) {
    case 'task':
      return `${a} · ${b} priority`;
    case 'document':
      return documentTypeTitles.get(a) ?? a;
    case 'receivable':
    case 'purchase-order':
      return `${formatMoney(b)} · ${capitalised(a)}`;
    case 'automation':
      return [a, capitalised(b)].filter(Boolean).join(' · ');
    default:
      return a;
  }
}

type Row = { kind: SearchKind; id: string; title: string; a: string | null; b: string | null };

function grouped(rows: Row[], clientId: string | undefined): SearchGroup[] {
  const byKind = new Map<SearchKind, Row[]>();
  for (const r of rows) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
  return searchKinds
    .filter((k) => byKind.has(k))
    .map((kind) => ({
      kind,
      label: searchKindLabels[kind],
      hits: byKind.get(kind)!.map((r) => ({
        id: r.id,
        title: r.title,
        subtitle: subtitle(kind, r.a ?? '', r.b ?? ''),
        href: searchHref(kind, r.id, clientId),
      })),
    }));
}

/**
 * One client's things and the shared catalogue matching `q`, best SEARCH_PER_KIND of each kind:
 * one statement (a UNION ALL of one capped, ranked select per kind, each on the owner's index).
 * `linkClient`: the client named in the links (an admin acting for them).
 */
export async function searchClientItems(
  db: Db,
  clientId: string,
  q: string,
  linkClient?: string,
): Promise<SearchResults> {
  const parts = sources.map((s) => {
    const rank = rankOf(s.title, q);
    const matches = sql.join([contains(s.title, q), ...(s.also ?? []).map((c) => contains(c, q))], sql` or `);
    // A match only in another column ranks after every title match.
    const ranked = s.also ? sql`case when ${contains(s.title, q)} then ${rank} else 4 end` : rank;
    const owner = s.owner ? sql`${s.owner} = ${clientId} and ` : sql``;
    return sql`(select ${s.kind}::text as kind, ${s.id}::text as id, ${s.title} as title, ${s.sub[0]}::text as a, ${s.sub[1]}::text as b
      from ${s.table} where ${owner}(${matches})
      order by ${ranked}, lower(${s.title}), ${s.id} limit ${SEARCH_PER_KIND})`;
  });
  const result = await db.execute<Row>(sql.join(parts, sql` union all `));
  return { groups: grouped(result.rows, linkClient) };
}

/**
 * Clients the asker works (never staff; a staff member's own clients) whose name, e-mail or phone matches `q`, through the `search` column the
 * database keeps (the client selector's search), best first: a whole name, e-mail or phone, then a
 * field's start, a word's start, anywhere.
 */
async function clientHits(db: Db, asker: Asker, q: string): Promise<SearchGroup | null> {
  // The search column is lower(name, e-mail, phone) and the phone's digits, joined by chr(31) (US):
  // with a US at each end, a whole field is US-q-US and a field's start US-q. LIKE on that one
  // column ranks every match cheaply, which counts when a short text matches thousands of clients.
  const US = '\x1f';
  const text = likeLiteral(q);
  const field = sql`(${US} || ${authUsers.search} || ${US})`;
  const like = (pattern: string) => sql`${field} like lower(${pattern})`;
  const wordStart = sql.join(
    [' ', '@', '.', '-', '(', '/'].map((sep) => like(`%${likeLiteral(sep)}${text}%`)),
    sql` or `,
  );
  const rank = sql`case when ${like(`%${US}${text}${US}%`)} then 0 when ${like(`%${US}${text}%`)} then 1 when ${wordStart} then 2 else 3 end`;
  const rows = await db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, phone: authUsers.phone })
    .from(authUsers)
    .where(and(workedClients(asker), matchingClients(q)))
    .orderBy(rank, sql`lower(coalesce(nullif(${authUsers.name}, ''), ${authUsers.email}))`, authUsers.id)
    .limit(SEARCH_PER_KIND);
  if (!rows.length) return null;
  return {
    kind: 'client',
    label: searchKindLabels.client,
    hits: rows.map((r) => ({
      id: r.id,
      title: r.name || r.email,
      subtitle: [r.name ? r.email : '', r.phone].filter(Boolean).join(' · '),
      href: searchHref('client', r.id),
    })),
  };
}

/** Characters of a note shown around the match. */
const SNIPPET_BEFORE = 30;
const SNIPPET_LENGTH = 120;

/** The part of a note around the first match of `q`, on one line, cut at word edges where it can be. */
export function noteSnippet(body: string, q: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  const at = Math.max(0, text.toLowerCase().indexOf(q.toLowerCase()));
  let start = Math.max(0, at - SNIPPET_BEFORE);
  if (start > 0) start = text.lastIndexOf(' ', start) + 1 || start;
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * Staff's notes on the clients the asker works whose text contains `q`, newest first (the body's
 * trigram index answers the "contains"): each hit names the client and opens their notes.
 */
async function noteHits(db: Db, asker: Asker, q: string): Promise<SearchGroup | null> {
  const rows = await db
    .select({
      id: clientNotes.id,
      clientId: clientNotes.clientId,
      body: clientNotes.body,
      name: authUsers.name,
      email: authUsers.email,
    })
    .from(clientNotes)
    .innerJoin(authUsers, eq(authUsers.id, clientNotes.clientId))
    .where(and(workedClients(asker), contains(clientNotes.body, q)))
    .orderBy(desc(clientNotes.updatedAt), clientNotes.id)
    .limit(SEARCH_PER_KIND);
  if (!rows.length) return null;
  return {
    kind: 'note',
    label: searchKindLabels.note,
    hits: rows.map((r) => ({
      id: r.id,
      title: r.name || r.email,
      subtitle: noteSnippet(r.body, q),
      href: searchHref('note', r.id, r.clientId),
    })),
  };
}

/** What staff find from the top bar besides one client's things: clients they work, and their notes on them. */
export async function searchClients(db: Db, asker: Asker, q: string): Promise<SearchResults> {
  const groups = await Promise.all([clientHits(db, asker, q), noteHits(db, asker, q)]);
  return { groups: groups.filter((g) => g !== null) };
}
