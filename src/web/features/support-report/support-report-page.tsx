import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { Download } from 'lucide-react';
import { branding } from '../../../shared/branding';
import {
  formatMinutes,
  REPORT_STAFF_MAX,
  REPORT_WEEK_CHOICES,
  REPORT_WEEKS_DEFAULT,
  type SupportReport,
  type SupportReportRow,
} from '../../../shared/support-report-rules';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { PageHeader } from '../../components/page-header';
import { QueryStates } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { selectClass } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { useRenderInSteps } from '../../lib/use-render-in-steps';
import { reportQuery, useDownloadReport } from './api';
import type { ReportChartProps } from './report-chart';

// recharts is in report-chart.tsx, a chunk of its own loaded once the report has rows.
const ReportChart = lazy(() => import('./report-chart'));

const HEADING = 'Support report';

/** The chart's points: one per week, each staff member's median by their id (the pool answers nothing). */
function chartOf(report: SupportReport): ReportChartProps {
  const people = new Map<string, string>();
  const weeks = new Map<string, Record<string, string | number | null>>();
  for (const r of report.rows) {
    const point = weeks.get(r.week) ?? { week: r.week };
    weeks.set(r.week, point);
    if (r.staffId === null) continue;
    point[r.staffId] = r.medianFirstResponseMinutes;
    if (r.medianFirstResponseMinutes !== null) people.set(r.staffId, r.name || r.email);
  }
  return { data: [...weeks.values()], lines: [...people].map(([key, name]) => ({ key, name })) };
}

function chartSummary({ data, lines }: ReportChartProps) {
  if (!lines.length) return 'No first responses in these weeks.';
  const parts = lines.map((l) => {
    const values = data.map((d) => d[l.key]).filter((v): v is number => typeof v === 'number');
    return `${l.name}: ${values.map(formatMinutes).join(', ')}`;
  });
  return `Median first response by week. ${parts.join('; ')}`.slice(0, 1000);
}

function Chart({ report }: { report: SupportReport }) {
  const chart = useMemo(() => chartOf(report), [report]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Median first response by week</CardTitle>
      </CardHeader>
      <CardContent>
        {chart.lines.length === 0 ? (
          <p className="text-sm text-gray-600">No first responses in these weeks.</p>
        ) : (
          // Clipped: after a resize the chart keeps its old width until it measures again.
          <div role="img" aria-label={chartSummary(chart)} className="h-64 w-full min-w-0 overflow-hidden">
            <Suspense fallback={null}>
              <ReportChart {...chart} />
            </Suspense>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const cell = 'whitespace-nowrap px-3 py-2';
const num = `${cell} text-right tabular-nums`;
// Headings wrap (the figures are short), so the table fits a desktop's width without its scroll.
const head = 'px-3 py-2 align-bottom font-medium';

function ReportTable({ rows }: { rows: SupportReportRow[] }) {
  // Newest week first within each person (the server's order of people kept): the week in hand is what an admin looks at.
  const ordered = useMemo(() => {
    const byPerson = new Map<string, SupportReportRow[]>();
    for (const r of rows) byPerson.set(r.staffId ?? '', [...(byPerson.get(r.staffId ?? '') ?? []), r]);
    return [...byPerson.values()].flatMap((weeks) => weeks.reverse());
  }, [rows]);
  const shown = useRenderInSteps(ordered.length, 100);
  return (
    // Its own scroll on a phone (the page never scrolls sideways); focusable so a keyboard scrolls it.
    <div
      role="region"
      aria-label="Support report table"
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className={head}>
              Staff member
            </th>
            <th scope="col" className={head}>
              Week
            </th>
            <th scope="col" className={`${head} text-right`}>
              Median first response
            </th>
            <th scope="col" className={`${head} text-right`}>
              First responses
            </th>
            <th scope="col" className={`${head} text-right`}>
              Replies
            </th>
            <th scope="col" className={`${head} text-right`}>
              Breaches
            </th>
            <th scope="col" className={`${head} text-right`}>
              Clients assigned now
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.slice(0, shown).map((r) => (
            <tr key={`${r.staffId ?? 'pool'}-${r.week}`} className="border-b border-gray-100 last:border-0">
              <th scope="row" className={`${cell} font-medium text-gray-900`}>
                {r.name || r.email}
                {r.email && r.name && <span className="block text-xs font-normal text-gray-600">{r.email}</span>}
              </th>
              <td className={`${cell} text-gray-700`}>
                {r.week}
                <span className="block text-xs text-gray-600">from {r.weekStart}</span>
              </td>
              <td className={num}>{formatMinutes(r.medianFirstResponseMinutes)}</td>
              <td className={num}>{r.firstResponses}</td>
              <td className={num}>{r.replies}</td>
              <td className={num}>{r.breaches}</td>
              <td className={num}>{r.clientsAssignedNow}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Help({ timeZone }: { timeZone?: string }) {
  return (
    <details className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-700">
      <summary className="cursor-pointer font-medium text-gray-900">What the figures mean</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          Weeks run Monday to Sunday in the business time zone of the{' '}
          <Link to="/support-targets" className="font-medium text-brand-700 hover:underline">
            support targets
          </Link>
          {timeZone ? ` (${timeZone})` : ''}; the current week is the last.
        </li>
        <li>
          Median first response: half the week’s first responses came sooner, counted in business time from the client’s
          message. First responses and replies count for whoever answered.
        </li>
        <li>
          Breaches: targets passed in the week while the client was assigned to the staff member. The admins’ pool holds
          those of clients assigned to no one, which every administrator was told of.
        </li>
        <li>
          Clients assigned now: the clients assigned to the staff member today, shown on each of their weeks. The client
          log records that an assignment changed, not to whom, so a past week’s number cannot be told.
        </li>
        <li>
          Everyone on the team is listed, with zeros for a week without answers, and anyone no longer on it who answered
          in these weeks; at most {REPORT_STAFF_MAX} people, by name.
        </li>
      </ul>
    </details>
  );
}

/** /support-report (administrators): each staff member's week of Support Chat answers, as a chart, a table and a CSV. */
export function SupportReportPage() {
  const id = useId();
  const isPortalAdmin = useIsPortalAdmin();
  const [weeks, setWeeks] = useState<number>(REPORT_WEEKS_DEFAULT);
  const report = useQuery({ ...reportQuery(weeks), enabled: isPortalAdmin });
  const download = useDownloadReport();

  useEffect(() => {
    document.title = `${HEADING} · ${branding.productName}`;
  }, []);

  const header = (
    <PageHeader
      title={HEADING}
      intro="How soon each staff member answered Support Chat, week by week: the median first response, replies and targets passed."
      actions={
        isPortalAdmin && (
          <Button
            variant="outline"
            disabled={download.isPending}
            onClick={() => download.mutate(weeks, { onError: (e) => toast.error(e.message) })}
          >
            <Download aria-hidden className="size-4" />
            {download.isPending ? 'Downloading...' : 'Download CSV'}
          </Button>
        )
      }
    />
  );
  if (!isPortalAdmin)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Alert tone="info">Only administrators see the support report.</Alert>
      </div>
    );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {header}
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex w-full flex-col gap-1.5 sm:w-48">
          <Label htmlFor={`${id}-weeks`}>Weeks</Label>
          <select
            id={`${id}-weeks`}
            className={selectClass}
            value={weeks}
            onChange={(e) => setWeeks(Number(e.target.value))}
          >
            {REPORT_WEEK_CHOICES.map((n) => (
              <option key={n} value={n}>
                Last {n} weeks
              </option>
            ))}
          </select>
        </div>
        <Link to="/support-targets" className="text-sm font-medium text-brand-700 hover:underline">
          Support targets
        </Link>
      </div>
      <Help timeZone={report.data?.timeZone} />
      <QueryStates
        query={{
          isPending: report.isPending,
          isError: report.isError,
          data: report.data?.rows,
          refetch: report.refetch,
        }}
        loading="Loading the support report..."
        error="The support report could not be loaded."
        empty={{ title: 'Nothing to report yet', hint: 'No one is on the team yet.' }}
      >
        {() =>
          report.data && (
            <>
              {report.data.truncated && (
                <Alert tone="info">
                  The team has more than {REPORT_STAFF_MAX} people: the first {REPORT_STAFF_MAX} by name are shown.
                </Alert>
              )}
              <Chart report={report.data} />
              <ReportTable rows={report.data.rows} />
            </>
          )
        }
      </QueryStates>
    </div>
  );
}
