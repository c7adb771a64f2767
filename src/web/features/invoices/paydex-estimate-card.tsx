import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadFailed, Loading } from '../../components/load-states';
import { useNearScreen } from '../../lib/use-near-screen';
import { formatMoney } from '../../../shared/format';
import {
  ESTIMATE_MIN_PAID_INVOICES,
  ESTIMATE_MIN_VENDORS,
  ESTIMATE_NOTE,
  type EstimatePoint,
} from '../../../shared/paydex-estimate';
import { paydexEstimateQuery } from './api';

// recharts loads once the chart's place comes near the screen, as the score history's does.
const EstimateChart = lazy(() => import('./estimate-chart'));

const daysText = (days: number) =>
  days === 0 ? 'on terms' : days < 0 ? `${Math.abs(days)} days early` : `${days} days beyond terms`;

/**
 * /dnb: the PAYDEX estimated from the client's invoices beside the recorded one, per vendor, and the
 * estimate over the last 12 months.
 */
export function PaydexEstimateCard({ clientId, recorded }: { clientId: string; recorded: number | null }) {
  const q = useQuery(paydexEstimateQuery(clientId));
  return (
    <Card data-testid="paydex-estimate">
      <CardHeader>
        <CardTitle>Estimated PAYDEX</CardTitle>
        <p className="text-sm text-gray-600">{ESTIMATE_NOTE}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {q.isError && !q.data ? (
          <LoadFailed message="Could not load the estimate." query={q} />
        ) : !q.data ? (
          <Loading label="Loading the estimate..." />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg bg-gray-50 p-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">Recorded PAYDEX</dt>
                <dd className="text-2xl font-semibold tabular-nums text-gray-900">{recorded ?? '-'}</dd>
              </div>
              <div className="rounded-lg bg-green-50 p-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-green-900">Estimate</dt>
                <dd className="text-2xl font-semibold tabular-nums text-green-900" data-testid="estimate-score">
                  {q.data.estimate.score ?? 'Not enough data'}
                </dd>
              </div>
            </dl>
            {q.data.estimate.state === 'not-enough-data' ? (
              <p className="text-sm text-gray-700">
                The estimate needs at least {ESTIMATE_MIN_PAID_INVOICES} invoices paid in the last 12 months, from at
                least {ESTIMATE_MIN_VENDORS} vendors: you have {q.data.estimate.paidInvoices} from{' '}
                {q.data.estimate.paidVendors}. Record invoices under Invoices on your store cards, revolving credit or
                First Step Accounts.
              </p>
            ) : (
              <p className="text-sm text-gray-700">
                From {q.data.estimate.paidInvoices} paid invoices of the last 12 months: on average{' '}
                {daysText(q.data.estimate.averageDays ?? 0)}, weighted by amount.
                {q.data.estimate.overdueAmount > 0 &&
                  ` It counts ${formatMoney(q.data.estimate.overdueAmount)} past due and unpaid as if paid today.`}
              </p>
            )}
            {q.data.estimate.vendors.length > 0 && (
              <section aria-label="Estimate per vendor">
                <h3 className="mb-1 text-sm font-semibold text-gray-900">Per vendor</h3>
                <ul className="divide-y divide-gray-100">
                  {q.data.estimate.vendors.map((v) => (
                    <li
                      key={v.vendorId}
                      className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm"
                    >
                      <span className="min-w-0 break-words text-gray-900">{v.vendorName}</span>
                      <span className="tabular-nums text-gray-700">
                        {v.score ?? '-'}
                        {v.averageDays !== null && ` (${daysText(v.averageDays)})`}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <EstimateHistory points={q.data.history} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EstimateHistory({ points }: { points: EstimatePoint[] }) {
  const [place, near] = useNearScreen<HTMLDivElement>();
  const known = points.filter((p) => p.score !== null);
  const summary = known.length
    ? `Estimated PAYDEX over the last 12 months: ${points.map((p) => `${p.month} ${p.score ?? 'not enough data'}`).join(', ')}`
    : 'Estimated PAYDEX over the last 12 months: not enough data in any month';
  return (
    <section aria-label="Estimate over the last 12 months" className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-semibold text-gray-900">The last 12 months</h3>
      {known.length === 0 ? (
        <p className="text-sm text-gray-600">No month has enough paid invoices yet.</p>
      ) : (
        // Clipped: after a resize the chart keeps its old width until it measures again.
        <div ref={place} role="img" aria-label={summary} className="h-44 w-full min-w-0 overflow-hidden">
          {near && (
            <Suspense fallback={null}>
              <EstimateChart points={points} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
