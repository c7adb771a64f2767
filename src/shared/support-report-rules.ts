// The admins' weekly support response report: its bounds, answer and wording, without zod (the
// page's first paint reads them; support-report.ts builds the query's schema from them).

export const REPORT_WEEKS_MIN = 1;
export const REPORT_WEEKS_MAX = 26;
export const REPORT_WEEKS_DEFAULT = 8;
/** The report names at most this many people (by name); `truncated` says when the team has more. */
export const REPORT_STAFF_MAX = 100;
/** The choices of the page's weeks selector. */
export const REPORT_WEEK_CHOICES = [4, 8, 13, 26] as const;
/** The name the admins' pool goes by (clients assigned to no one: their breaches told every admin). */
export const ADMINS_POOL = 'Admins’ pool';

/** One person's (or the admins' pool's) week. */
export type SupportReportRow = {
  /** Null: the admins' pool, which counts breaches and clients only (no one answers as the pool). */
  staffId: string | null;
  name: string;
  email: string;
  /** The ISO week in the business time zone, as 2026-W48. */
  week: string;
  /** Its Monday, YYYY-MM-DD, in the business time zone. */
  weekStart: string;
  /** The median of the week's first responses, in business minutes (one decimal); null when none. */
  medianFirstResponseMinutes: number | null;
  firstResponses: number;
  replies: number;
  /** Targets passed (support_breaches) in the week while the client was assigned to this person. */
  breaches: number;
  /** Clients assigned to this person now: the same figure on each of their weeks (see the help text). */
  clientsAssignedNow: number;
};

export type SupportReport = {
  /** The business time zone the weeks are cut in (the support targets'). */
  timeZone: string;
  weeks: number;
  /** By person (the team by name, the admins' pool last), then week, oldest first. */
  rows: SupportReportRow[];
  /** More than REPORT_STAFF_MAX people: the rest are left out. */
  truncated: boolean;
};

/** The CSV's header line, in the order of its cells. */
export const REPORT_CSV_HEADER = [
  'Staff member',
  'E-mail',
  'Week',
  'Week starts',
  'Median first response (business minutes)',
  'First responses',
  'Replies',
  'Breaches',
  'Clients assigned now',
] as const;

export const reportCsvCells = (r: SupportReportRow) => [
  r.name,
  r.email,
  r.week,
  r.weekStart,
  r.medianFirstResponseMinutes,
  r.firstResponses,
  r.replies,
  r.breaches,
  r.clientsAssignedNow,
];

/** Business minutes as "1 h 20 min", "45 min", "under 1 min"; "-" for none. */
export function formatMinutes(minutes: number | null) {
  if (minutes === null) return '-';
  const whole = Math.round(minutes);
  if (whole < 1) return 'under 1 min';
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}
