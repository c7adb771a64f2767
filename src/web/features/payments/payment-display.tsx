import { formatMoney } from '../../../shared/format';
import type { Payment, PaymentRowStatus } from '../../../shared/payments';
import { cn } from '../../lib/cn';

const BADGE: Record<PaymentRowStatus, string> = {
  completed: 'border-green-200 bg-green-50 text-green-800',
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  failed: 'border-red-200 bg-red-50 text-red-800',
  refunded: 'border-gray-300 bg-gray-50 text-gray-800',
};

export function StatusBadge({ status }: { status: PaymentRowStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium capitalize',
        BADGE[status],
      )}
    >
      {status}
    </span>
  );
}

/** USD with cents; an included payment reads 'Included' in green, its amount struck through. */
export function PaymentAmount({ payment }: { payment: Pick<Payment, 'amount' | 'included'> }) {
  if (!payment.included)
    return <span className="font-medium tabular-nums text-gray-900">{formatMoney(payment.amount)}</span>;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="font-medium text-green-700">Included</span>
      <s className="tabular-nums text-gray-500" aria-label={`${formatMoney(payment.amount)}, not charged`}>
        {formatMoney(payment.amount)}
      </s>
    </span>
  );
}
