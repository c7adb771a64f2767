import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AlertTriangle, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formatDate } from '../../../shared/format';
import { BUREAUS, TRADELINE_STALE_DAYS, tradelineInput, type Bureau, type TradelineSource } from '../../../shared/credit';
import { isoDay, tradelineStatus } from '../../../shared/tradelines';
import { useUpdateTradeline } from './api';

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
export function TradelineSection({ source, id, clientId, tradeline }: { source: TradelineSource; id: string; clientId: string; tradeline: TradelineValues }) {
  const p = useId();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<TradelineValues>(tradeline);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateTradeline(clientId, source, id);
  const status = tradelineStatus(tradeline, isoDay(new Date()));

  const start = () => {
    setValues({ bureaus: [...tradeline.bureaus], dateOpened: tradeline.dateOpened, lastReported: tradeline.lastReported });
    setError(null);
    setEditing(true);
  };
  const toggle = (key: Bureau, on: boolean) =>
    setValues((v) => ({ ...v, bureaus: on ? BUREAUS.map((b) => b.key).filter((k) => k === key || v.bureaus.includes(k)) : v.bureaus.filter((k) => k !== key) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = tradelineInput.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the tradeline.');
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Tradeline updated');
        setEditing(false);
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <section aria-labelledby={`${p}-title`} className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2" data-testid="tradeline-section">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${p}-title`} className="text-sm font-semibold text-gray-900">
          Tradeline
        </h3>
        {!editing && (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={start} aria-label="Edit tradeline">
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
      </div>
      {!editing ? (
        <dl className="divide-y divide-gray-100">
          <Row label="Reports to">{tradeline.bureaus.length ? bureauNames(tradeline.bureaus) : <span className="text-gray-600">No bureaus recorded</span>}</Row>
          <Row label="Date opened">{tradeline.dateOpened ? formatDate(tradeline.dateOpened) : <span className="text-gray-600">-</span>}</Row>
          <Row label="Last reported">
            {tradeline.lastReported ? formatDate(tradeline.lastReported) : <span className="text-gray-600">Not reported yet</span>}
          </Row>
          {status.state === 'stale' && (
            <p className="flex items-start gap-1.5 py-1 text-xs font-medium text-amber-800">
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              Stale: not reported for {status.days} days (more than {TRADELINE_STALE_DAYS}).
            </p>
          )}
        </dl>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 py-2">
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium text-gray-800">Reports to</legend>
            {BUREAUS.map((b) => (
              <label key={b.key} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={values.bureaus.includes(b.key)}
                  disabled={update.isPending}
                  onChange={(e) => toggle(b.key, e.target.checked)}
                />
                {b.label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`${p}-opened`} label="Date opened">
              <Input
                id={`${p}-opened`}
                type="date"
                value={values.dateOpened}
                disabled={update.isPending}
                onChange={(e) => setValues((v) => ({ ...v, dateOpened: e.target.value }))}
              />
            </FormField>
            <FormField id={`${p}-reported`} label="Last reported">
              <Input
                id={`${p}-reported`}
                type="date"
                value={values.lastReported}
                disabled={update.isPending}
                onChange={(e) => setValues((v) => ({ ...v, lastReported: e.target.value }))}
              />
            </FormField>
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <FormActions busy={update.isPending} submitLabel="Save tradeline" onCancel={() => setEditing(false)} />
        </form>
      )}
    </section>
  );
}
