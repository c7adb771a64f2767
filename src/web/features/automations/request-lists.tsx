import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Inbox } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/ui/card';
import { selectClass } from '../../components/ui/form-field';
import { QueryStates } from '../../components/query-states';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { cn } from '../../lib/cn';
import {
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  type AutomationRequest,
  type RequestState,
} from '../../../shared/automations';
import { allRequestsQuery, ownRequestsQuery, useMoveRequest } from './api';
import { DeclineDialog } from './decline-dialog';
import { RequestRow } from './request-row';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A page of requests, one row each, in a card. */
function RequestList({
  list,
  loading,
  error,
  empty,
  row,
}: {
  list: PagedList<AutomationRequest>;
  loading: string;
  error: string;
  empty: { title: string; hint: string };
  row: (r: AutomationRequest) => ReactNode;
}) {
  return (
    <QueryStates
      query={list}
      noun="requests"
      loading={loading}
      error={error}
      empty={{ ...empty, icon: <Inbox aria-hidden className="size-8 text-gray-400" /> }}
    >
      {(items) => (
        <Card className="px-5 py-2">
          <ul>{items.map(row)}</ul>
        </Card>
      )}
    </QueryStates>
  );
}

/** A client's own requests with their state. */
export function YourRequests({ clientId }: { clientId: string }) {
  const list = usePagedList(ownRequestsQuery(clientId));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="your-requests">
      <h2 id="your-requests" className="text-lg font-semibold text-gray-900">
        Your requests
      </h2>
      <RequestList
        list={list}
        loading="Loading your requests..."
        error="Could not load your requests."
        empty={{ title: 'No requests yet', hint: 'Ask for an automation with Request Automation.' }}
        row={(r) => <RequestRow key={r.id} r={r} admin={false} />}
      />
    </section>
  );
}

/** Admins: every client's requests, filtered by state, moved along Received -> In progress -> Done or Declined. */
export function AllRequests() {
  const p = useId();
  const [state, setState] = useState<RequestState | ''>('');
  const clientId = useSearchParams()[0].get('client');
  const list = usePagedList(allRequestsQuery(state, clientId));
  const move = useMoveRequest();
  const [declining, setDeclining] = useState<AutomationRequest | null>(null);

  async function moveTo(r: AutomationRequest, to: RequestState, reason?: string) {
    try {
      await move.mutateAsync({ id: r.id, state: to, reason });
      toast.success(`Request moved to ${REQUEST_STATE_LABELS[to]}.`);
      return true;
    } catch (err) {
      toast.error(`Could not move the request: ${message(err)}`);
      return false;
    }
  }

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${p}-title`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${p}-title`} className="text-lg font-semibold text-gray-900">
          Requests
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={`${p}-state`} className="text-sm text-gray-700">
            State
          </label>
          <select
            id={`${p}-state`}
            className={cn(selectClass, 'w-40')}
            value={state}
            onChange={(e) => setState(e.target.value as RequestState | '')}
          >
            <option value="">All states</option>
            {REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {REQUEST_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {clientId && (
        <p className="text-sm text-gray-700">
          One client&rsquo;s requests.{' '}
          <Link to="/automations" className="font-medium text-brand-700 underline underline-offset-4">
            Show every client&rsquo;s
          </Link>
        </p>
      )}
      <RequestList
        list={list}
        loading="Loading requests..."
        error="Could not load the requests."
        empty={{ title: 'No requests', hint: 'Clients’ automation requests will appear here.' }}
        row={(r) => (
          <RequestRow
            key={r.id}
            r={r}
            admin
            busy={move.isPending}
            onMove={(to) => (to === 'declined' ? setDeclining(r) : void moveTo(r, to))}
          />
        )}
      />
      <DeclineDialog
        request={declining}
        onClose={() => setDeclining(null)}
        onDecline={async (r, reason) => (await moveTo(r, 'declined', reason)) && setDeclining(null)}
        busy={move.isPending}
      />
    </section>
  );
}
