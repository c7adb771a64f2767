import { Suspense, useId, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AlertTriangle, Pencil, ReceiptText } from 'lucide-react';
import { lazyPage } from '../../app/lazy-page';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatDate } from '../../../shared/format';
import { BUREAUS, TRADELINE_STALE_DAYS, type Bureau, type TradelineSource } from '../../../shared/credit-rules';
import { tradelineInput, type TradelineInput } from '../../../shared/credit';
import { putServerError } from '../../lib/server-error';
import { isoDay, tradelineStatus } from '../../../shared/tradelines';
import { useUpdateTradeline } from './api';

// The invoices (list, forms, import) load when their dialog first opens.
const InvoicesDialog = lazyPage(() => import('../invoices/invoices-dialog'), 'InvoicesDialog');

export type TradelineValues = { bureaus: string[]; dateOpened: string; lastReported: string };

const bureauNames = (keys: string[]) =>
  BUREAUS.filter((b) => keys.includes(b.key))
    .map((b) => b.label)
    .join(', ');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * A card's (or an opened First Step Account's) tradeline: the bureaus it reports to, the date
 * opened and the last reported date (flagged stale after TRADELINE_STALE_DAYS days), with an
 * inline form to record them. Compact: it sits inside a card.
 */
export function TradelineSection({
  source,
  id,
  clientId,
  tradeline,
  name,
}: {
  source: TradelineSource;
  id: string;
  clientId: string;
  tradeline: TradelineValues;
  /** The vendor or card, for the invoices dialog's title. */
  name: string;
}) {
  const p = useId();
  const [editing, setEditing] = useState(false);
  const [invoicesOpen, setInvoicesOpen] = useState(false);
  const status = tradelineStatus(tradeline, isoDay(new Date()));
  return (
    <section
      aria-labelledby={`${p}-title`}
      className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2"
      data-testid="tradeline-section"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${p}-title`} className="text-sm font-semibold text-gray-900">
          Tradeline
        </h3>
        {!editing && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => setEditing(true)}
            aria-label="Edit tradeline"
          >
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
      </div>
      {!editing ? (
        <>
          <dl className="divide-y divide-gray-100">
            <Row label="Reports to">
              {tradeline.bureaus.length ? (
                bureauNames(tradeline.bureaus)
              ) : (
                <span className="text-gray-600">No bureaus recorded</span>
              )}
            </Row>
            <Row label="Date opened">
              {tradeline.dateOpened ? formatDate(tradeline.dateOpened) : <span className="text-gray-600">-</span>}
            </Row>
            <Row label="Last reported">
              {tradeline.lastReported ? (
                formatDate(tradeline.lastReported)
              ) : (
                <span className="text-gray-600">Not reported yet</span>
              )}
            </Row>
            {status.state === 'stale' && (
              <p className="flex items-start gap-1.5 py-1 text-xs font-medium text-amber-800">
                <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                Stale: not reported for {status.days} days (more than {TRADELINE_STALE_DAYS}).
              </p>
            )}
          </dl>
          <div className="pt-2">
            <Button variant="outline" size="sm" className="h-8" onClick={() => setInvoicesOpen(true)}>
              <ReceiptText aria-hidden="true" /> Invoices<span className="sr-only"> of {name}</span>
            </Button>
          </div>
        </>
      ) : (
        <TradelineForm
          source={source}
          id={id}
          clientId={clientId}
          tradeline={tradeline}
          onDone={() => setEditing(false)}
        />
      )}
      {invoicesOpen && (
        <Suspense fallback={null}>
          <InvoicesDialog open onOpenChange={setInvoicesOpen} clientId={clientId} source={source} id={id} name={name} />
        </Suspense>
      )}
    </section>
  );
}

/** The inline form: opens with the stored values each time. */
function TradelineForm({
  source,
  id,
  clientId,
  tradeline,
  onDone,
}: {
  source: TradelineSource;
  id: string;
  clientId: string;
  tradeline: TradelineValues;
  onDone: () => void;
}) {
  const p = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateTradeline(clientId, source, id);
  const form = useForm<TradelineInput, unknown, z.output<typeof tradelineInput>>({
    resolver: zodResolver(tradelineInput),
    defaultValues: {
      bureaus: [...tradeline.bureaus] as Bureau[],
      dateOpened: tradeline.dateOpened,
      lastReported: tradeline.lastReported,
    },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const bureaus = useWatch({ control: form.control, name: 'bureaus' }) as string[];
  // Ticked bureaus keep the bureaus' own order, whatever order they were ticked in.
  const toggle = (key: Bureau, on: boolean) =>
    form.setValue(
      'bureaus',
      on
        ? BUREAUS.map((b) => b.key).filter((k) => k === key || bureaus.includes(k))
        : (bureaus.filter((k) => k !== key) as Bureau[]),
    );
  const fieldError = (name: 'dateOpened' | 'lastReported') =>
    formState.errors[name]?.type === 'server' ? formState.errors[name]?.message : undefined;
  // The form's own checks are said in the one line under the fields, the first problem only.
  const error = Object.values(formState.errors).find((e) => e?.type !== 'server')?.message ?? serverError;

  const submit = form.handleSubmit((value) => {
    setServerError(null);
    update.mutate(value, {
      onSuccess: () => {
        toast.success('Tradeline updated');
        onDone();
      },
      onError: (err) => setServerError(putServerError(form, err)),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 py-2">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-gray-800">Reports to</legend>
        {BUREAUS.map((b) => (
          <label key={b.key} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={bureaus.includes(b.key)}
              disabled={update.isPending}
              onChange={(e) => toggle(b.key, e.target.checked)}
            />
            {b.label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${p}-opened`} label="Date opened" error={fieldError('dateOpened')}>
          <Input
            id={`${p}-opened`}
            type="date"
            disabled={update.isPending}
            aria-invalid={Boolean(fieldError('dateOpened')) || undefined}
            aria-describedby={describedBy(`${p}-opened`, undefined, fieldError('dateOpened'))}
            {...register('dateOpened')}
          />
        </FormField>
        <FormField id={`${p}-reported`} label="Last reported" error={fieldError('lastReported')}>
          <Input
            id={`${p}-reported`}
            type="date"
            disabled={update.isPending}
            aria-invalid={Boolean(fieldError('lastReported')) || undefined}
            aria-describedby={describedBy(`${p}-reported`, undefined, fieldError('lastReported'))}
            {...register('lastReported')}
          />
        </FormField>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions busy={update.isPending} submitLabel="Save tradeline" onCancel={onDone} />
    </form>
  );
}
