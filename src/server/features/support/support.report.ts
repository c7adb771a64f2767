import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { csvRow } from '../../../shared/csv';
import { DEFAULT_SUPPORT_TARGETS } from '../../../shared/support-targets-rules';
import {
  ADMINS_POOL,
  REPORT_CSV_HEADER,
  REPORT_STAFF_MAX,
  reportCsvCells,
  type SupportReport,
  type SupportReportRow,
} from '../../../shared/support-report-rules';

type Row = {
  ord: number;
  staff_id: string | null;
  name: string | null;
  email: string | null;
  week: string;
  week_start: string;
  median_ms: number | string | null;
  firsts: number | string;
  replies: number | string;
  breaches: number | string;
  clients: number | string;
  tz: string;
};

const MINUTE_MS = 60_000;

/**
 * The admins' weekly report, in one statement (the settings' time zone read inside it): for each
 * person of the team (admins and staff members), and anyone no longer on it who answered or was
 * assigned a breached client in the period, and for the admins' pool last, one row per ISO week
 * (Monday to Sunday in the business time zone), the current week and the `weeks - 1` before it;
 * a week without activity is a row of zeros. Answers count for who answered, breaches for the
 * staff member the client was assigned to when the target passed (null: the pool), in the week
 * of the target's `due_at`. "Clients assigned" is the count now: the audit trail records that an
 * assignment changed, not to whom, so a past week's figure cannot be read back.
 */
export async function supportReport(db: Db, weeks: number): Promise<SupportReport> {
  const result = await db.execute<Row>(sql`
    with s as (
      select coalesce((select value->>'timeZone' from support_target_settings where id = 1), ${DEFAULT_SUPPORT_TARGETS.timeZone}) as tz
    ),
    w as (
      select date_trunc('week', now() at time zone s.tz) - g * interval '1 week' as wk
      from s, generate_series(0, ${weeks - 1}::int) g
    ),
    since as (select (min(w.wk) at time zone s.tz) as at from w, s group by s.tz),
    r as (
      select sr.staff_id, date_trunc('week', sr.answered_at at time zone s.tz) as wk,
        percentile_cont(0.5) within group (order by sr.business_ms) filter (where sr.kind = 'first') as median_ms,
        count(*) filter (where sr.kind = 'first') as firsts,
        count(*) filter (where sr.kind = 'reply') as replies
      from support_responses sr, s
      where sr.answered_at >= (select at from since) and sr.staff_id is not null
      group by 1, 2
    ),
    b as (
      select sb.staff_id, date_trunc('week', sb.due_at at time zone s.tz) as wk, count(*) as n
      from support_breaches sb, s
      where sb.due_at >= (select at from since)
      group by 1, 2
    ),
    people as (
      select u.id, u.name, u.email, row_number() over (order by lower(u.name), u.email, u.id) as ord
      from auth_users u
      where u.role in ('staff', 'admin')
        or u.id in (select staff_id from r union select staff_id from b where staff_id is not null)
      order by ord
      limit ${REPORT_STAFF_MAX + 1}
    ),
    everyone as (
      select id, name, email, ord from people
      union all
      select null, null, null, ${REPORT_STAFF_MAX + 2}
    ),
    a as (
      select assigned_staff_id as staff_id, count(*) as n from auth_users where role = 'client' group by 1
    )
    select e.ord::int as ord, e.id as staff_id, e.name, e.email,
      to_char(w.wk, 'IYYY-"W"IW') as week, to_char(w.wk, 'YYYY-MM-DD') as week_start,
      r.median_ms::float8 as median_ms, coalesce(r.firsts, 0)::int as firsts, coalesce(r.replies, 0)::int as replies,
      coalesce(b.n, 0)::int as breaches, coalesce(a.n, 0)::int as clients, (select tz from s) as tz
    from everyone e
    cross join w
    left join r on r.staff_id = e.id and r.wk = w.wk
    left join b on b.staff_id is not distinct from e.id and b.wk = w.wk
    left join a on a.staff_id is not distinct from e.id
    order by e.ord, w.wk`);
  const truncated = result.rows.some((r) => Number(r.ord) === REPORT_STAFF_MAX + 1);
  const rows = result.rows
    .filter((r) => Number(r.ord) !== REPORT_STAFF_MAX + 1)
    .map((r): SupportReportRow => ({
      staffId: r.staff_id,
      name: r.staff_id === null ? ADMINS_POOL : (r.name ?? ''),
      email: r.email ?? '',
      week: r.week,
      weekStart: r.week_start,
      medianFirstResponseMinutes: r.median_ms === null ? null : Math.round((Number(r.median_ms) / MINUTE_MS) * 10) / 10,
      firstResponses: Number(r.firsts),
      replies: Number(r.replies),
      breaches: Number(r.breaches),
      clientsAssignedNow: Number(r.clients),
    }));
  return { timeZone: result.rows[0]?.tz ?? DEFAULT_SUPPORT_TARGETS.timeZone, weeks, rows, truncated };
}

/** The report's rows as CSV, with the header line. */
export const supportReportCsv = (report: SupportReport) =>
  Readable.from(
    [csvRow(REPORT_CSV_HEADER), ...report.rows.map((r) => csvRow(reportCsvCells(r)))].map((line) => Buffer.from(line)),
  );
