import { AlertTriangle, Clock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatBusinessDuration, type SupportWait } from '../../../shared/support-targets-rules';

/**
 * How long the client has waited for staff, in business time, against the target: '2 h 10 m of
 * 4 h'. A passed target says 'Overdue' in words and with its own icon, not by colour alone.
 */
export function WaitBadge({ wait }: { wait: SupportWait }) {
  const target = wait.kind === 'first' ? 'first-response target' : 'reply target';
  const figure = `${formatBusinessDuration(wait.waitedMs)} of ${formatBusinessDuration(wait.targetMs)}`;
  const Icon = wait.breached ? AlertTriangle : Clock;
  return (
    <span
      data-wait={wait.breached ? 'overdue' : 'waiting'}
      title={`Waiting ${figure} (${target}, business hours)`}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 self-start rounded-full border px-2 py-0.5 text-xs font-medium',
        wait.breached ? 'border-red-300 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {wait.breached && <span className="font-semibold">Overdue:</span>}
      <span>
        <span className="sr-only">Waiting </span>
        {figure}
        <span className="sr-only"> ({target})</span>
      </span>
    </span>
  );
}
