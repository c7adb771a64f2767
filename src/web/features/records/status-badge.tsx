import { STATUS_LABELS, statusColour, type RecordStatus } from '../../../shared/records';
import { cn } from '../../lib/cn';

const colours = {
  green: 'border-green-200 bg-green-50 text-green-800',
  yellow: 'border-amber-200 bg-amber-50 text-amber-800',
  red: 'border-red-200 bg-red-50 text-red-800',
} as const;

/** Green approved, yellow pending, red otherwise; the label says it too (colour is never the only signal). */
export function StatusBadge({ status, className }: { status: RecordStatus; className?: string }) {
  return (
    <span
      data-colour={statusColour(status)}
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        colours[statusColour(status)],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
