import type { ReactNode } from 'react';
import { countLabel, formatMoney } from '../../../shared/format';
import { STATUS_LABELS, type StatusTotal } from '../../../shared/records';
import type { RecordKindUi } from './kinds';
import { StatusBadge } from './status-badge';

/** The sum of the amounts by status over the whole list (the server adds them up, not this page). */
export function StatusTotals({ k, totals }: { k: RecordKindUi; totals: StatusTotal[] }) {
  const all = totals.reduce((sum, t) => ({ count: sum.count + t.count, amount: sum.amount + t.amount }), {
    count: 0,
    amount: 0,
  });
  const cell = (key: string, label: ReactNode, amount: number, count: number, name: string) => (
    <li
      key={key}
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-gray-200 bg-white p-3"
      aria-label={`${name}: ${formatMoney(amount)}, ${countLabel(count, k.noun, k.nounPlural)}`}
    >
      <span>{label}</span>
      <span className="text-lg font-semibold tabular-nums text-gray-900" data-testid={`total-${key}`}>
        {formatMoney(amount)}
      </span>
      <span className="text-xs text-gray-600">{countLabel(count, k.noun, k.nounPlural)}</span>
    </li>
  );
  return (
    <section aria-label="Totals by status">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cell(
          'all',
          <span className="text-xs font-medium uppercase tracking-wide text-gray-600">Total</span>,
          Math.round(all.amount * 100) / 100,
          all.count,
          'Total',
        )}
        {totals.map((t) =>
          cell(t.status, <StatusBadge status={t.status} />, t.amount, t.count, STATUS_LABELS[t.status]),
        )}
      </ul>
    </section>
  );
}
