import { ShowMore, usePagedList } from '../../lib/paged-list';
import { LoadFailed } from '../../components/load-states';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../../shared/format';
import { INSTALMENT_STATUS_LABELS, type InstalmentStatus } from '../../../shared/billing-rules';
import { programById } from '../../../shared/programs-rules';
import { instalmentsQuery } from './api';

const BADGE: Record<InstalmentStatus, string> = {
  due: 'border-amber-200 bg-amber-50 text-amber-900',
  paid: 'border-green-200 bg-green-50 text-green-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
  waived: 'border-gray-300 bg-gray-50 text-gray-800',
  paid_outside: 'border-green-200 bg-green-50 text-green-800',
  refunded: 'border-gray-300 bg-gray-50 text-gray-800',
};

/** The instalments of the client's signed programs, by due date; nothing when they signed none. */
export function Instalments({ clientId }: { clientId: string }) {
  const query = usePagedList(instalmentsQuery(clientId));
  if (query.isPending || query.data?.length === 0) return null;
  return (
    <section aria-labelledby="instalments-heading">
      <h3 id="instalments-heading" className="text-base font-semibold text-gray-900">
        Program Instalments
      </h3>
      <div className="mt-2">
        {query.isError && <LoadFailed message="Could not load the instalments." query={query} />}
        {query.data && (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Program instalments">
            {query.data.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="break-words font-medium text-gray-900">
                    {programById(i.programId)?.name ?? i.programId}: payment {i.number} of {i.of}
                  </p>
                  <p className="text-gray-500">
                    Due <time dateTime={i.dueDate}>{formatDate(i.dueDate)}</time>
                  </p>
                </div>
                <span
                  className={cn(
                    'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
                    BADGE[i.status],
                  )}
                >
                  {INSTALMENT_STATUS_LABELS[i.status]}
                </span>
                <span className="min-w-28 text-right font-medium tabular-nums text-gray-900">
                  {formatMoney(i.amount)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <ShowMore list={query} noun="instalments" />
      </div>
    </section>
  );
}
