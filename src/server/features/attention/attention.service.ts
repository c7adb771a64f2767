import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Asker } from '../../middleware/access';
import { ForbiddenError } from '../../lib/domain-errors';
import { pageWindow } from '../../lib/paging';
import { BUILD_OUT_DAYS } from '../../../shared/compliance-template';
import { TRADELINE_STALE_DAYS } from '../../../shared/credit-rules';
import {
  ATTENTION_REASONS,
  INVOICE_OVERDUE_DAYS,
  NO_PROGRESS_DAYS,
  type AttentionCounts,
  type AttentionItem,
  type AttentionPage,
  type AttentionQuery,
  type AttentionReason,
} from '../../../shared/attention';

// "Needs attention": one row per client and reason, read from the records themselves (see
// shared/attention-rules.ts for what each reason reads and what handles it). Each reason is one
// branch of a UNION ALL, grouped per client, so the page and its total are one statement and the
// counts per reason another. `since` is when the thing started needing a person: the oldest
// unanswered message, submission, request or due date; for no progress the day the last
// completion (or the start) became NO_PROGRESS_DAYS old; for a stale tradeline the day it went stale.

export const ONLY_ADMINS_FILTER_STAFF = "Only administrators can look at another staff member's clients.";

/**
 * One reason's (or two's) rows: (user_id, reason, since, n, ref). A branch with `indexed` adds a
 * sixth column, key, that orders its rows as since does and that an index has in that order.
 */
type Branch = { reasons: readonly AttentionReason[]; sql: SQL; indexed?: true };

const DAY = sql.raw(`interval '1 day'`);
const staleSince = (table: string) => {
  const reported = sql.raw(`coalesce(nullif(${table}.last_reported, ''), nullif(${table}.date_opened, ''))`);
  return sql`select ${sql.raw(table)}.user_id, 'tradeline_stale'::text as reason,
      ((${reported})::date + ${TRADELINE_STALE_DAYS + 1}::int)::timestamp at time zone 'UTC' as since
    from ${sql.raw(table)} where ${reported} < to_char(now() at time zone 'UTC' - ${TRADELINE_STALE_DAYS} * ${DAY}, 'YYYY-MM-DD')`;
};

/** A client's last completion, else the start of their build-out (users_no_progress_idx's expression). */
const PROGRESSED = sql.raw('greatest(coalesce(p.setup_at, p.created_at), p.last_progress_at)');

const BRANCHES: Branch[] = [
  {
    // The client wrote last: waiting since the first of their messages after staff's last one.
    reasons: ['chat_new', 'chat_reply'],
    sql: sql`select sc.client_id as user_id,
        case when ls.id is null then 'chat_new' else 'chat_reply' end as reason,
        w.since, w.n, null::text as ref
      from support_conversations sc
      left join lateral (select s.id from support_messages s where s.client_id = sc.client_id and s.from_staff
        order by s.id desc limit 1) ls on true
      cross join lateral (select min(m.created_at) as since, count(*)::int as n from support_messages m
        where m.client_id = sc.client_id and not m.from_staff and m.id > coalesce(ls.id, 0)) w
      where sc.archived_at is null and sc.last_message_id > 0 and sc.last_client_message_id = sc.last_message_id`,
  },
  {
    reasons: ['document_submitted'],
    sql: sql`select user_id, 'document_submitted', min(coalesce(submitted_at, created_at)), count(*)::int,
        (array_agg(id::text order by coalesce(submitted_at, created_at), id))[1]
      from business_compliance where kind = 'document_request' and task_status = 'Submitted' group by user_id`,
  },
  {
    reasons: ['payment_pending'],
    sql: sql`select user_id, 'payment_pending', min(created_at), count(*)::int, (array_agg(id::text order by created_at, id))[1]
      from payments where status = 'pending' group by user_id`,
  },
  {
    // A request is answered by the payment staff record for it: none recorded since it was made.
    reasons: ['program_request'],
    sql: sql`select pr.user_id, 'program_request', min(pr.created_at), count(*)::int, null::text
      from program_requests pr
      where not exists (select 1 from payments p where p.user_id = pr.user_id and p.created_at > pr.created_at)
      group by pr.user_id`,
  },
  {
    reasons: ['automation_request'],
    sql: sql`select user_id, 'automation_request', min(created_at), count(*)::int, (array_agg(id order by created_at, id))[1]
      from automation_requests where state = 'received' group by user_id`,
  },
  {
    reasons: ['task_overdue'],
    sql: sql`select user_id, 'task_overdue', min(task_due_date), count(*)::int, (array_agg(id::text order by task_due_date, id))[1]
      from business_compliance where task_status = 'Awaiting Completion' and task_due_date < now() group by user_id`,
  },
  {
    // In the build-out (started, not past its last day), with something left to do
    // (users.has_open_items, kept by triggers on business_compliance), and no completion
    // (users.last_progress_at, kept by a trigger on the activities) for NO_PROGRESS_DAYS. Ordered by users_no_progress_idx's
    // expression (since less the days), bounded on both sides: the last completion or the start is
    // at or after the start, so also within the build-out, and a page reads only its own rows.
    reasons: ['no_progress'],
    indexed: true,
    sql: sql`select p.id as user_id, 'no_progress', ${PROGRESSED} + ${NO_PROGRESS_DAYS} * ${DAY}, 1, null::text,
        ${PROGRESSED} as key
      from users p
      where p.has_open_items
        and coalesce(p.setup_at, p.created_at) > now() - ${BUILD_OUT_DAYS} * ${DAY}
        and ${PROGRESSED} > now() - ${BUILD_OUT_DAYS} * ${DAY}
        and ${PROGRESSED} <= now() - ${NO_PROGRESS_DAYS} * ${DAY}`,
  },
  {
    // The stale-tradeline notice's rule: not reported (else opened) for TRADELINE_STALE_DAYS days.
    reasons: ['tradeline_stale'],
    sql: sql`select user_id, reason, min(since), count(*)::int, null::text from (
        ${staleSince('store_credit_cards')} union all ${staleSince('revolving_credits')}
        union all ${staleSince('first_step_openings')}) t group by user_id, reason`,
  },
  {
    reasons: ['loan_review'],
    sql: sql`select user_id, 'loan_review', min(created_at), count(*)::int, (array_agg(id order by created_at, id))[1]
      from credit_loans where review_state = 'pending' group by user_id`,
  },
  {
    // Still owed (tradeline_invoices_open_due_idx's rows) and due INVOICE_OVERDUE_DAYS days ago or
    // more, by the calendar day in UTC as the stale tradelines; waiting since that day began.
    reasons: ['invoice_overdue'],
    sql: sql`select user_id, 'invoice_overdue', min(due_date + ${INVOICE_OVERDUE_DAYS}::int)::timestamp at time zone 'UTC',
        count(*)::int, (array_agg(id order by due_date, id))[1]
      from tradeline_invoices
      where (paid_amount is null or paid_amount < amount)
        and due_date <= (now() at time zone 'UTC')::date - ${INVOICE_OVERDUE_DAYS}::int
      group by user_id`,
  },
  {
    // program_instalments_open_idx's rows: a failed card payment (waiting since it failed), or one
    // still due after its due date by the UTC calendar day (waiting since the day after).
    reasons: ['instalment_unpaid'],
    sql: sql`select user_id, 'instalment_unpaid',
        min(case when status = 'failed' then updated_at else (due_date + 1)::timestamp at time zone 'UTC' end),
        count(*)::int, (array_agg(id::text order by due_date, id))[1]
      from program_instalments
      where status in ('due', 'failed')
        and (status = 'failed' or due_date < (now() at time zone 'UTC')::date)
      group by user_id`,
  },
];

/** Whose queue: the clients of one staff member, or every client (undefined), and one reason or all. */
type Scope = { staff: string | undefined; reason: AttentionReason | undefined; branches: Branch[] };

/**
 * The asker's queue: every client for an administrator (or one staff member's with `staffId`), a
 * staff member's own otherwise. Loan offers are reviewed by administrators only, so a staff
 * member's queue leaves them out.
 */
function scopeOf(asker: Asker, staffId: string | undefined, reason: AttentionReason | undefined): Scope {
  const isAdmin = asker.role === 'admin';
  if (!isAdmin && staffId !== undefined && staffId !== asker.id) throw new ForbiddenError(ONLY_ADMINS_FILTER_STAFF);
  const reasons = ATTENTION_REASONS.filter((r) => (reason ? r === reason : true) && (isAdmin || r !== 'loan_review'));
  const branches = BRANCHES.filter((b) => b.reasons.some((r) => reasons.includes(r)));
  return { staff: isAdmin ? staffId : asker.id, reason, branches };
}

/**
 * Whether a row's client is in the scope. Every client for an administrator: a row's user is
 * anyone but the team (staff and admins, a handful; every user_id references a user), tested
 * against an array read once rather than a join to every client per row. One staff member's
 * clients otherwise (their own list, by auth_users_assigned_staff_idx).
 */
const inScope = (userId: SQL, { staff }: Scope) =>
  staff === undefined
    ? sql`${userId} <> all(array(select t.id from auth_users t where t.role in ('staff', 'admin')))`
    : sql`${userId} in (select c.id from auth_users c where c.role = 'client' and c.assigned_staff_id = ${staff})`;

/** Rows of the scope's clients (and of its reason when one is asked for). */
const inScopeWhere = (scope: Scope) =>
  sql`where ${inScope(sql`b.user_id`, scope)}${scope.reason ? sql` and b.reason = ${scope.reason}` : sql``}`;

/** An indexed branch's rows in the scope, as (user_id, reason, since, n, ref); `tail` orders and limits them. */
const scoped = (b: Branch, scope: Scope, tail: SQL = sql``) =>
  sql`select b.user_id, b.reason, b.since, b.n, b.ref from (${b.sql}) b (user_id, reason, since, n, ref, key)
    ${inScopeWhere(scope)} ${tail}`;

/**
 * The queue in two kinds of parts: the branches of things waiting (chats, documents, requests,
 * overdue tasks...), as many rows as there are waiting things, read whole and filtered once (one
 * scope test for all of them, which also keeps the statement quick to plan); and the indexed
 * branches (no progress: a share of all clients), which a page reads only as far as it needs.
 * One staff member's clients are a bounded set: there every branch is read whole, so the
 * no-progress rows are matched to their clients once for both the page and the total.
 */
function parts(scope: Scope) {
  const byIndex = (b: Branch) => b.indexed && scope.staff === undefined;
  const whole = scope.branches
    .filter((b) => !byIndex(b))
    .map((b) =>
      b.indexed
        ? sql`(select user_id, reason, since, n, ref from (${b.sql}) x (user_id, reason, since, n, ref, key))`
        : sql`(${b.sql})`,
    );
  return {
    whole: whole.length
      ? sql`select b.user_id, b.reason, b.since, b.n, b.ref from (${sql.join(whole, sql` union all `)}) b (user_id, reason, since, n, ref)
          ${inScopeWhere(scope)}`
      : sql`select null::text as user_id, null::text as reason, null::timestamptz as since, 0 as n, null::text as ref where false`,
    indexed: scope.branches.filter(byIndex),
  };
}

/** The scope's rows per reason, with the same client and reason filters as a page's. */
function countsSql(scope: Scope) {
  const { whole, indexed } = parts(scope);
  return sql.join(
    [
      sql`select w.reason, count(*)::int as n from (${whole}) w group by w.reason`,
      ...indexed.map((b) => sql`select ${b.reasons[0]}::text, count(*)::int from (${scoped(b, scope)}) x`),
    ],
    sql` union all `,
  );
}

type Row = {
  user_id: string;
  name: string;
  email: string;
  reason: AttentionReason;
  since_ms: number;
  n: number;
  ref: string | null;
  total: number;
};

/**
 * A page of the queue, longest waiting first, with its total: one statement. The waiting things
 * are read once (materialized) for both the page and the total; an indexed branch gives only its
 * first offset + limit rows in its index's order, and is counted apart. Names are read for the
 * page's rows only. The total comes back even for a page past the end (one row with no item).
 */
export async function listAttention(db: Db, asker: Asker, q: AttentionQuery): Promise<AttentionPage> {
  const { limit, offset } = pageWindow(q);
  const scope = scopeOf(asker, q.staffId, q.reason);
  const { whole, indexed } = parts(scope);
  const firsts = indexed.map((b) => sql`(${scoped(b, scope, sql`order by b.key, b.user_id limit ${offset + limit}`)})`);
  const counted = indexed.map((b) => sql` + (select count(*) from (${scoped(b, scope)}) x)`);
  const result = await db.execute<Row>(sql`with waiting as materialized (${whole})
    select p.user_id, u.name, u.email, p.reason, (extract(epoch from p.since) * 1000)::float8 as since_ms, p.n, p.ref,
      ((select count(*) from waiting)${sql.join(counted, sql``)})::int as total
    from (select 1) one
    left join lateral (select a.* from (select * from waiting${sql.join(
      firsts.map((f) => sql` union all ${f}`),
      sql``,
    )}) a order by a.since, a.user_id, a.reason limit ${limit} offset ${offset}) p on true
    left join auth_users u on u.id = p.user_id
    order by p.since, p.user_id, p.reason`);
  const rows = result.rows.filter((r) => r.user_id !== null);
  const total = Number(result.rows[0]?.total ?? 0);
  return {
    items: rows.map((r): AttentionItem => ({
      clientId: r.user_id,
      clientName: r.name,
      clientEmail: r.email,
      reason: r.reason,
      since: new Date(Number(r.since_ms)).toISOString(),
      count: Number(r.n),
      ref: r.ref,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** How many rows each reason has in the asker's queue, and their sum: one statement, for the sidebar's badge. */
export async function countAttention(db: Db, asker: Asker, q: { staffId?: string }): Promise<AttentionCounts> {
  const result = await db.execute<{ reason: AttentionReason; n: number }>(
    countsSql(scopeOf(asker, q.staffId, undefined)),
  );
  const reasons = Object.fromEntries(ATTENTION_REASONS.map((r) => [r, 0])) as Record<AttentionReason, number>;
  for (const row of result.rows) reasons[row.reason] = Number(row.n);
  return { total: Object.values(reasons).reduce((a, b) => a + b, 0), reasons };
}
