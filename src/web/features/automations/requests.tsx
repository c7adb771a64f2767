import { useId, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryStates } from '../../components/query-states';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { cn } from '../../lib/cn';
import { payloadResolver } from '../../lib/payload-resolver';
import { putServerError } from '../../lib/server-error';
import { formatDate } from '../../../shared/format';
import {
  automationRequestInput,
  automationRequestStateInput,
  REQUEST_PRIORITIES,
  REQUEST_STATE_LABELS,
  REQUEST_STATES,
  REQUEST_TRANSITIONS,
  type AutomationRequest,
  type RequestState,
} from '../../../shared/automations';
import { allRequestsQuery, ownRequestsQuery, useMoveRequest, useRequestAutomation } from './api';
import { Textarea } from '../../components/ui/textarea';

const stateTone: Record<RequestState, string> = {
  received: 'bg-gray-100 text-gray-800 ring-gray-500/20',
  in_progress: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  done: 'bg-green-100 text-green-800 ring-green-600/20',
  declined: 'bg-red-50 text-red-800 ring-red-600/20',
};
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

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

function RequestRow({
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
  const list = usePagedList(allRequestsQuery(state));
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

// The reason is checked as the state change the API receives.
const declineResolver = payloadResolver<{ reason: string }>(automationRequestStateInput, (v) => ({
  state: 'declined',
  reason: v.reason,
}));

function DeclineDialog({
  request,
  onClose,
  onDecline,
  busy,
}: {
  request: AutomationRequest | null;
  onClose: () => void;
  onDecline: (r: AutomationRequest, reason: string) => Promise<unknown>;
  busy: boolean;
}) {
  const p = useId();
  const { register, handleSubmit, control, formState } = useForm<{ reason: string }>({
    resolver: declineResolver,
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  const reason = useWatch({ control, name: 'reason' });
  const error = formState.errors.reason?.message;
  return (
    <Dialog open={request !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent title="Decline request" description="Tell the client why; they see the reason with the request.">
        <form
          className="flex flex-col gap-4"
          onSubmit={handleSubmit((v) => request && onDecline(request, v.reason.trim()))}
        >
          <FormField id={`${p}-reason`} label="Reason" error={error}>
            <Textarea
              id={`${p}-reason`}
              className="min-h-24"
              disabled={busy}
              maxLength={1000}
              aria-invalid={Boolean(error) || undefined}
              {...register('reason')}
            />
          </FormField>
          <FormActions busy={busy} submitLabel="Decline" canSubmit={reason.trim() !== ''} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Request Automation (clients): type, description, priority. Stays open with the server's reason on failure. */
export function RequestDialog({
  clientId,
  open,
  onOpenChange,
}: {
  clientId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Request Automation"
        description="Tell us what you would like automated. Our team will get back to you."
      >
        {open && <RequestForm clientId={clientId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RequestForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const p = useId();
  const request = useRequestAutomation(clientId);
  const form = useForm<z.input<typeof automationRequestInput>, unknown, z.output<typeof automationRequestInput>>({
    resolver: zodResolver(automationRequestInput),
    defaultValues: { type: '', description: '', priority: 'Medium' },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const [error, setError] = useState<string | null>(null);
  // A field the shared schema (here or on the server) refused: its message shows under that field.
  const errorOf = (field: 'type' | 'description' | 'priority') => formState.errors[field]?.message;
  const submit = form.handleSubmit(async (value) => {
    setError(null);
    try {
      await request.mutateAsync(value);
      toast.success('Your automation request was sent.');
      onDone();
    } catch (err) {
      setError(putServerError(form, err));
      toast.error(`Could not send your request: ${message(err)}`);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField id={`${p}-type`} label="Type" error={errorOf('type')}>
        <Input
          id={`${p}-type`}
          autoComplete="off"
          placeholder="e.g. Invoice reminders"
          disabled={request.isPending}
          aria-invalid={Boolean(errorOf('type'))}
          aria-describedby={describedBy(`${p}-type`, undefined, errorOf('type'))}
          {...register('type')}
        />
      </FormField>
      <FormField id={`${p}-description`} label="Description" error={errorOf('description')}>
        <Textarea
          id={`${p}-description`}
          className="min-h-24"
          disabled={request.isPending}
          aria-invalid={Boolean(errorOf('description'))}
          aria-describedby={describedBy(`${p}-description`, undefined, errorOf('description'))}
          {...register('description')}
        />
      </FormField>
      <FormField id={`${p}-priority`} label="Priority" error={errorOf('priority')}>
        <select id={`${p}-priority`} className={selectClass} disabled={request.isPending} {...register('priority')}>
          {REQUEST_PRIORITIES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </FormField>
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions busy={request.isPending} submitLabel="Send Request" onCancel={onDone} />
    </form>
  );
}
