import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BUILD_OUT_DAYS } from '../../../shared/compliance-template';
import { taskProgress } from '../../../shared/compliance-rules';
import { buildOutQuery } from '../../features/dashboard/api';
import { useAuth } from '../auth-context';

/**
 * Build-out progress under the top bar (medium screens and up): the client's own day and share of
 * tasks done, from the same answer as the home page's timeline, so the two never disagree. An
 * admin sees the chosen client's (`?client=`), and nothing until one is chosen.
 */
export function ProgressStrip() {
  const { user, isAdmin } = useAuth();
  const [params] = useSearchParams();
  const clientId = isAdmin ? params.get('client') || null : (user?.id ?? null);
  const query = useQuery({ ...buildOutQuery(clientId ?? ''), enabled: Boolean(clientId) });
  if (!clientId) return null;
  const data = query.data;
  const progress = taskProgress(data);
  const percent = progress.percent;
  const day = data?.totalDays ?? 0;
  const dayText = day > 0 ? `Day ${day} of ${BUILD_OUT_DAYS}` : 'not started';
  return (
    // The strip keeps its height while the numbers load, so the page below does not move.
    <div className="hidden h-9 items-center gap-3 border-t border-gray-100 px-6 md:flex" aria-busy={query.isPending}>
      {data && (
        <>
          <span id="buildout-progress-label" className="shrink-0 text-xs font-medium text-gray-700">
            Build-out progress: {dayText}
          </span>
          <div
            role="progressbar"
            aria-labelledby="buildout-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${dayText}, ${progress.sentence} (${percent}%)`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
          </div>
          <span aria-hidden className="shrink-0 text-xs tabular-nums text-gray-500">
            {percent}%
          </span>
        </>
      )}
    </div>
  );
}
