import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Asker } from '../../middleware/access';
import { ForbiddenError } from '../../lib/domain-errors';
import { pageWindow } from '../../lib/paging';
import { BUILD_OUT_DAYS } from '../../../shared/compliance-template';
import { TRADELINE_STALE_DAYS } from '../../../shared/credit-rules';
import {
  ATTENTION_REASONS,
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

type Branch = { reasons: readonly AttentionReason[]; sql: SQL };

const DAY = sql.raw(`interval '1 day'`);
const staleSince = (table: string) => {
  const reported = sql.raw(`coalesce(nullif(${table}.last_reported, ''), nullif(${table}.date_opened, ''))`);
  return sql`select ${sql.raw(table)}.user_id, 'tradeline_stale'::text as reason,
      ((${reported})::date + ${TRADELINE_STALE_DAYS + 1}::int)::timestamp at time zone 'UTC' as since
    from ${sql.raw(table)} where ${reported} < to_char(now() at time zone 'UTC' - ${TRADELINE_STALE_DAYS} * ${DAY}, 'YYYY-MM-DD')`;
};

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
        where m.client_id = sc.client_id and m.id > coalesce(ls.id, 0)) w
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
    // In the build-out (started, not past its last day) with no completion (users.last_progress_at,
    // kept by a trigger on the activities) for NO_PROGRESS_DAYS.
    reasons: ['no_progress'],
    sql: sql`select u.id, 'no_progress', greatest(coalesce(u.setup_at, u.created_at), u.last_progress_at) + ${NO_PROGRESS_DAYS} * ${DAY},
        1, null::text
      from users u
      where coalesce(u.setup_at, u.created_at) > now() - ${BUILD_OUT_DAYS} * ${DAY}
        and greatest(coalesce(u.setup_at, u.created_at), u.last_progress_at) <= now() - ${NO_PROGRESS_DAYS} * ${DAY}`,
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
];

/**
 * The asker's queue as a subquery joined to its clients: every client for an administrator (or
 * one staff member's with `staffId`), a staff member's own otherwise. Loan offers are reviewed by
 * administrators only, so a staff member's queue leaves them out.
 */
function queue(asker: Asker, staffId: string | undefined, reason: AttentionReason | undefined) {
  const isAdmin = asker.role === 'admin';
  if (!isAdmin && staffId !== undefined && staffId !== asker.id) throw new ForbiddenError(ONLY_ADMINS_FILTER_STAFF);
  const reasons = ATTENTION_REASONS.filter((r) => (reason ? r === reason : true) && (isAdmin || r !== 'loan_review'));
  const branches = BRANCHES.filter((b) => b.reasons.some((r) => reasons.includes(r)));
  const staff = isAdmin ? staffId : asker.id;
  // A staff member asking for loan offers asks for nothing: an empty branch keeps the one statement.
  const union = branches.length
    ? sql.join(
        branches.map((b) => sql`(${b.sql})`),
        sql` union all `,
      )
    : sql`select null::text, null::text, null::timestamptz, 0, null::text where false`;
  return sql`(${union}) as a (user_id, reason, since, n, ref)
    join auth_users u on u.id = a.user_id and u.role = 'client'
      ${staff === undefined ? sql`` : sql`and u.assigned_staff_id = ${staff}`}
    ${reason ? sql`where a.reason = ${reason}` : sql``}`;
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

/** A page of the queue, longest waiting first, with its total (one statement). */
export async function listAttention(db: Db, asker: Asker, q: AttentionQuery): Promise<AttentionPage> {
  const { limit, offset } = pageWindow(q);
  const result = await db.execute<Row>(sql`select a.user_id, u.name, u.email, a.reason,
      (extract(epoch from a.since) * 1000)::float8 as since_ms, a.n, a.ref, (count(*) over ())::int as total
    from ${queue(asker, q.staffId, q.reason)}
    order by a.since, a.user_id, a.reason limit ${limit} offset ${offset}`);
  const rows = result.rows;
  // A page past the end carries no total: only then is it counted (a second statement).
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const counts = await countAttention(db, asker, { staffId: q.staffId });
    total = q.reason ? counts.reasons[q.reason] : counts.total;
  }
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
    sql`select a.reason, count(*)::int as n from ${queue(asker, q.staffId, undefined)} group by a.reason`,
  );
  const reasons = Object.fromEntries(ATTENTION_REASONS.map((r) => [r, 0])) as Record<AttentionReason, number>;
  for (const row of result.rows) reasons[row.reason] = Number(row.n);
  return { total: Object.values(reasons).reduce((a, b) => a + b, 0), reasons };
}
