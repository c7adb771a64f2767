import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { LoadFailed, Loading } from '../../components/load-states';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney, countLabel } from '../../../shared/format';
import {
  DEFAULT_PLAN_TARGET,
  isPlanTarget,
  PLAN_OUTCOME_TEXT,
  PLAN_TARGETS,
  targetDays,
  type PaydexPlan,
  type PlanItem,
  type PlanTarget,
} from '../../../shared/paydex-plan';
import { paydexPlanQuery, useMarkPaid, useSetOwnTarget } from './api';

const targetHint = (target: PlanTarget) =>
  targetDays(target) === 0 ? 'on terms' : `${Math.abs(targetDays(target))} days early`;

/**
 * /dnb, under the estimate: the pay-early plan for the client's target (80, 90 or 100; 90 until they
 * choose): each open invoice's pay-by date and the projected score; the client marks an invoice paid
 * in one click. The client's choice is saved (the reminders and the calendar feed follow it).
 * `readOnly`: staff acting for the client see it without the buttons, and may look at another
 * target (kept in the URL as ?target=) without changing the client's.
 */
export function PaydexPlanCard({ clientId, readOnly }: { clientId: string; readOnly: boolean }) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('target'));
  const viewed = readOnly && isPlanTarget(asked) ? asked : undefined;
  const q = useQuery(paydexPlanQuery(clientId, viewed));
  const save = useSetOwnTarget(clientId);
  const target: PlanTarget =
    (save.isPending ? save.variables : undefined) ?? q.data?.plan.target ?? DEFAULT_PLAN_TARGET;
  const choose = (t: PlanTarget) => {
    if (!readOnly)
      return save.mutate(t, {
        onSuccess: () => toast.success(`Target saved: your reminders now follow the plan for ${t}.`),
        onError: (e) => toast.error(e.message),
      });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('target', String(t));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <Card data-testid="paydex-plan" id="pay-early-plan">
      <CardHeader>
        <CardTitle>Pay-early plan</CardTitle>
        <p className="text-sm text-gray-600">
          {readOnly
            ? "The client's plan for their target (read-only). Another target shows its plan without changing the client's."
            : 'Pick a target: the plan gives the day to pay each open invoice to reach it, paying no earlier than needed. Your reminders follow it.'}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset disabled={save.isPending}>
          <legend className="mb-1 text-sm font-medium text-gray-900">Target PAYDEX</legend>
          <div className="inline-flex rounded-md border border-gray-300 p-0.5">
            {PLAN_TARGETS.map((t) => (
              <label
                key={t}
                className={cn(
                  'cursor-pointer rounded px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-brand-600',
                  t === target ? 'bg-brand-800 text-white' : 'text-gray-800 hover:bg-gray-100',
                )}
              >
                <input
                  type="radio"
                  name={`plan-target-${clientId}`}
                  value={t}
                  checked={t === target}
                  onChange={() => choose(t)}
                  className="sr-only"
                />
                {t}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-gray-600">
            {target}: paid {targetHint(target)}.
          </p>
        </fieldset>
        {q.isError && !q.data ? (
          <LoadFailed message="Could not load the plan." query={q} />
        ) : !q.data ? (
          <Loading label="Loading the plan..." />
        ) : (
          <PlanBody plan={q.data.plan} clientId={clientId} readOnly={readOnly} />
        )}
      </CardContent>
    </Card>
  );
}

function PlanBody({ plan, clientId, readOnly }: { plan: PaydexPlan; clientId: string; readOnly: boolean }) {
  const pastDue = plan.items.filter((i) => i.pastDue);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-gray-50 p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">Estimate today</dt>
          <dd className="text-2xl font-semibold tabular-nums text-gray-900">{plan.currentScore ?? '-'}</dd>
        </div>
        <div className={cn('rounded-lg p-3', plan.outcome === 'reached' ? 'bg-green-50' : 'bg-amber-50')}>
          <dt className="text-xs font-medium uppercase tracking-wide text-gray-700">Projected</dt>
          <dd className="text-2xl font-semibold tabular-nums text-gray-900" data-testid="plan-projected">
            {plan.projectedScore ?? '-'}
          </dd>
          {plan.openInvoices > 0 && (
            <dd className="text-xs text-gray-700">
              by {plan.projectedAsOf === plan.today ? 'today' : formatDate(plan.projectedAsOf, 'UTC')}
            </dd>
          )}
        </div>
      </dl>
      <p className="text-sm text-gray-700" data-testid="plan-outcome">
        {PLAN_OUTCOME_TEXT[plan.outcome]}
      </p>
      {readOnly && pastDue.length > 0 && (
        <p className="text-sm font-medium text-red-800" data-testid="plan-overdue">
          {countLabel(pastDue.length, 'invoice')} past due: {formatMoney(pastDue.reduce((n, i) => n + i.owed, 0))} owed.
        </p>
      )}
      {plan.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-4 text-center">
          <p className="font-medium text-gray-900">No open invoices</p>
          <p className="text-sm text-gray-600">
            Every recorded invoice is paid. New invoices from the Invoices button of a tradeline appear here.
          </p>
        </div>
      ) : (
        <section aria-label="Open invoices and their pay-by dates">
          <p className="mb-1 text-sm text-gray-700">
            {countLabel(plan.openInvoices, 'open invoice')}, {formatMoney(plan.owedTotal)} owed
            {plan.openInvoices > plan.items.length && ` (the first ${plan.items.length} by pay-by date)`}.
          </p>
          <ul className="divide-y divide-gray-100">
            {plan.items.map((item) => (
              <PlanRow key={item.invoiceId} item={item} today={plan.today} clientId={clientId} readOnly={readOnly} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function PlanRow({
  item,
  today,
  clientId,
  readOnly,
}: {
  item: PlanItem;
  today: string;
  clientId: string;
  readOnly: boolean;
}) {
  const markPaid = useMarkPaid(clientId);
  const label = `${item.vendorName} invoice ${item.number}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2" data-testid="plan-item">
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words text-sm font-medium text-gray-900">
          {item.vendorName} <span className="font-normal text-gray-600">#{item.number}</span>
        </p>
        <p className="text-sm tabular-nums text-gray-700">
          {formatMoney(item.owed)} owed ·{' '}
          <span className={cn(item.pastDue && 'font-medium text-red-800')}>
            {item.pastDue ? 'past due since' : 'due'} {formatDate(item.dueDate, 'UTC')}
          </span>
        </p>
      </div>
      <p className="text-sm" data-testid="plan-pay-by">
        <span className="text-gray-600">Pay by </span>
        {item.payToday ? (
          <span
            className={cn(
              'rounded px-1.5 py-0.5 font-semibold',
              item.pastDue ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900',
            )}
          >
            today
          </span>
        ) : (
          <span className="font-medium text-gray-900">{formatDate(item.payBy, 'UTC')}</span>
        )}
      </p>
      {!readOnly && (
        <Button
          size="sm"
          variant="outline"
          disabled={markPaid.isPending}
          onClick={() =>
            markPaid.mutate(
              { item, today },
              {
                onSuccess: () => toast.success(`${label} marked paid today.`),
                onError: (e) => toast.error(e.message),
              },
            )
          }
        >
          {markPaid.isPending ? 'Saving...' : 'Mark paid'}
          <span className="sr-only">for {label}</span>
        </Button>
      )}
    </li>
  );
}
