import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ShowMore, usePagedList } from '../../lib/paged-list';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadFailed } from '../../components/load-states';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  INSTALMENT_STATUS_LABELS,
  isPayable,
  type Instalment,
  type InstalmentStatus,
} from '../../../shared/billing-rules';
import { programById } from '../../../shared/programs-rules';
import { instalmentsQuery, useRefundInstalment, useRequestInstalment, useSettleInstalment } from './api';

type Action = 'request' | 'waived' | 'paid_outside' | 'refund';
const ACTIONS: Record<Action, { label: string; title: string; description: string; busy: string }> = {
  request: {
    label: 'Ask to pay',
    title: 'Ask the client to pay this now?',
    description: 'The client gets a notification and an e-mail with the link to pay.',
    busy: 'Sending...',
  },
  waived: {
    label: 'Waive',
    title: 'Waive this payment?',
    description: 'The client will owe nothing for it. The change is recorded and the client is told.',
    busy: 'Saving...',
  },
  paid_outside: {
    label: 'Paid outside Stripe',
    title: 'Mark as paid outside Stripe?',
    description: 'A completed payment is recorded for it. The change is recorded and the client is told.',
    busy: 'Saving...',
  },
  refund: {
    label: 'Refund',
    title: 'Refund this payment through Stripe?',
    description: 'The whole amount goes back to the card that paid. The refund is recorded and the client is told.',
    busy: 'Refunding...',
  },
};

/** An administrator's actions on one instalment: waive or mark paid outside Stripe while it is owed, refund once paid by card. */
function InstalmentActions({
  clientId,
  instalment,
  portalAdmin,
}: {
  clientId: string;
  instalment: Instalment;
  portalAdmin: boolean;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const settle = useSettleInstalment(clientId);
  const refund = useRefundInstalment(clientId);
  const ask = useRequestInstalment(clientId);
  const busy = settle.isPending || refund.isPending || ask.isPending;
  const available: Action[] = isPayable(instalment.status)
    ? portalAdmin
      ? ['request', 'waived', 'paid_outside']
      : ['request']
    : instalment.status === 'paid' && portalAdmin
      ? ['refund']
      : [];
  if (!available.length) return null;
  const done = () => {
    setAction(null);
    toast.success('Saved.');
  };
  const confirm = () => {
    if (action === 'request') ask.mutate(instalment.id, { onSuccess: done, onError: (e) => toast.error(e.message) });
    else if (action === 'refund')
      refund.mutate(instalment.id, { onSuccess: done, onError: (e) => toast.error(e.message) });
    else if (action)
      settle.mutate(
        { id: instalment.id, outcome: action },
        { onSuccess: done, onError: (e) => toast.error(e.message) },
      );
  };
  const what = `payment ${instalment.number} of ${instalment.of}`;
  return (
    <div className="flex w-full flex-wrap justify-end gap-2">
      {available.map((a) => (
        <Button
          key={a}
          size="sm"
          variant="outline"
          onClick={() => setAction(a)}
          aria-label={`${ACTIONS[a].label}: ${what}`}
        >
          {ACTIONS[a].label}
        </Button>
      ))}
      {action && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setAction(null)}
          title={ACTIONS[action].title}
          description={`${ACTIONS[action].description} (${formatMoney(instalment.amount)}, ${what}.)`}
          confirmLabel={ACTIONS[action].label}
          busyLabel={ACTIONS[action].busy}
          busy={busy}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}

const BADGE: Record<InstalmentStatus, string> = {
  due: 'border-amber-200 bg-amber-50 text-amber-900',
  paid: 'border-green-200 bg-green-50 text-green-800',
  failed: 'border-red-200 bg-red-50 text-red-800',
  waived: 'border-gray-300 bg-gray-50 text-gray-800',
  paid_outside: 'border-green-200 bg-green-50 text-green-800',
  refunded: 'border-gray-300 bg-gray-50 text-gray-800',
};

/** The instalments of the client's signed programs, by due date; nothing when they signed none. */
export function Instalments({
  clientId,
  staff = false,
  portalAdmin = false,
}: {
  clientId: string;
  /** Staff acting for the client: ask them to pay; administrators also waive, mark paid outside Stripe, refund. */
  staff?: boolean;
  portalAdmin?: boolean;
}) {
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
                {staff && <InstalmentActions clientId={clientId} instalment={i} portalAdmin={portalAdmin} />}
              </li>
            ))}
          </ul>
        )}
        <ShowMore list={query} noun="instalments" />
      </div>
    </section>
  );
}
