import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDate } from '../../../shared/format';
import {
  REQUEST_STATE_LABELS,
  REQUEST_TRANSITIONS,
  type AutomationRequest,
  type RequestState,
} from '../../../shared/automations';

const stateTone: Record<RequestState, string> = {
  received: 'bg-gray-100 text-gray-800 ring-gray-500/20',
  in_progress: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  done: 'bg-green-100 text-green-800 ring-green-600/20',
  declined: 'bg-red-50 text-red-800 ring-red-600/20',
};

function StateBadge({ state }: { state: RequestState }) {
  return (
    <span
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', stateTone[state])}
      data-testid="request-state"
    >
      {REQUEST_STATE_LABELS[state]}
    </span>
  );
}

/** One request: what was asked, its state and dates; for admins, who asked and the moves it can make. */
export function RequestRow({
  r,
  admin,
  onMove,
  busy,
}: {
  r: AutomationRequest;
  admin: boolean;
  onMove?: (state: RequestState) => void;
  busy?: boolean;
}) {
  return (
    <li
      className="flex flex-col gap-2 border-b border-gray-100 py-3 last:border-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="automation-request"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          <span className="break-words">{r.type || 'Automation request'}</span>
          <StateBadge state={r.state} />
          <span className="text-xs font-normal text-gray-600">{r.priority} priority</span>
        </p>
        {admin && <p className="text-xs text-gray-700">From {r.clientName}</p>}
        {r.description && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-gray-700">{r.description}</p>}
        {r.state === 'declined' && r.declineReason && (
          <p className="mt-1 text-sm text-red-800">Reason: {r.declineReason}</p>
        )}
        <p className="mt-1 text-xs text-gray-600">
          Requested {formatDate(r.createdAt)}
          {r.updatedAt !== r.createdAt ? ` · updated ${formatDate(r.updatedAt)}` : ''}
        </p>
      </div>
      {admin && onMove && REQUEST_TRANSITIONS[r.state].length > 0 && (
        <div className="flex shrink-0 flex-wrap gap-2">
          {REQUEST_TRANSITIONS[r.state].map((s) => (
            <Button
              key={s}
              size="sm"
              variant={s === 'declined' ? 'outline' : 'default'}
              className={s === 'declined' ? 'text-red-700' : undefined}
              disabled={busy}
              onClick={() => onMove(s)}
              aria-label={`${s === 'declined' ? 'Decline' : `Move to ${REQUEST_STATE_LABELS[s]}`}: ${r.type || 'request'} from ${r.clientName}`}
            >
              {s === 'declined' ? 'Decline' : `Move to ${REQUEST_STATE_LABELS[s]}`}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
