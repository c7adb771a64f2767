import { CheckCircle2 } from 'lucide-react';
import { ClientSelector } from '../../components/client-selector';
import { QueryStates } from '../../components/query-states';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { usePagedList } from '../../lib/paged-list';
import { clientProgressQuery } from './api';
import { percentWatched } from './video-card';

/** Admins: one client's state in every video (Watched / x% / Not started), chosen with ?client=. */
export function ClientProgress({ clientId, onChange }: { clientId: string | null; onChange: (id: string) => void }) {
  return (
    <Card role="region" aria-labelledby="client-progress-heading">
      <CardHeader className="pb-4">
        <CardTitle id="client-progress-heading" className="text-lg">
          Client progress
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ClientSelector value={clientId ?? ''} onChange={onChange} />
        {clientId ? (
          <ProgressList clientId={clientId} />
        ) : (
          <p className="text-sm text-gray-600">Choose a client to see which videos they have watched.</p>
        )}
      </CardContent>
    </Card>
  );
}

function ProgressList({ clientId }: { clientId: string }) {
  const list = usePagedList(clientProgressQuery(clientId));
  return (
    <QueryStates
      query={list}
      noun="videos"
      loading="Loading the client’s progress..."
      error="Could not load the client’s progress."
      empty={{ title: 'No training videos yet', hint: 'Add a video above to follow clients’ progress.' }}
    >
      {(items) => (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-gray-900" data-testid="client-watched-count">
            {list.lastPage?.watchedCount ?? 0} of {list.total} watched
          </p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {items.map((v) => {
              const percent = percentWatched(v.progress);
              return (
                <li key={v.videoId} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 break-words text-gray-900">{v.title}</span>
                  {v.progress?.watched ? (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                      <CheckCircle2 aria-hidden className="size-3.5" /> Watched
                    </span>
                  ) : v.progress ? (
                    <span className="shrink-0 tabular-nums text-gray-700">{percent}%</span>
                  ) : (
                    <span className="shrink-0 text-gray-600">Not started</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </QueryStates>
  );
}
