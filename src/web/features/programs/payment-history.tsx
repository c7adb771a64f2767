import { ShowMore, usePagedList } from '../../lib/paged-list';
import { paymentsQuery } from '../payments/api';
import { formatDate } from '../../../shared/format';
import { PaymentAmount, StatusBadge } from '../payments/payment-display';
import { LoadFailed } from '../../components/load-states';

/** The signed-in user's own payments, newest first. */
export function PaymentHistory({ clientId }: { clientId: string }) {
  const query = usePagedList(paymentsQuery(clientId));
  return (
    <section aria-labelledby="payment-history-heading">
      <h3 id="payment-history-heading" className="text-base font-semibold text-gray-900">
        Payment History
      </h3>
      <div className="mt-2">
        {query.isPending && <p className="text-sm text-gray-600">Loading payment history...</p>}
        {query.isError && <LoadFailed message="Could not load your payment history." query={query} />}
        {query.data?.length === 0 && <p className="text-sm text-gray-600">No payment history found</p>}
        {query.data && query.data.length > 0 && (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Payment history">
            {query.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium text-gray-900">{p.description}</p>
                  <time className="text-gray-500" dateTime={p.date}>
                    {formatDate(p.date)}
                  </time>
                </div>
                <StatusBadge status={p.status} />
                <div className="min-w-28 text-right">
                  <PaymentAmount payment={p} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <ShowMore list={query} noun="payments" />
      </div>
    </section>
  );
}
