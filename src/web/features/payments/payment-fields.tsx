import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { paymentUpdate, type Payment, type PaymentStatus, type PaymentUpdate } from '../../../shared/payments';

/** What the add form and an inline edit hold: the amount as typed. */
export type PaymentDraft = {
  description: string;
  amount: string;
  date: string;
  status: PaymentStatus;
  included: boolean;
};

export const draftOf = (p: Payment): PaymentDraft => ({
  description: p.description,
  amount: String(p.amount),
  date: p.date,
  // A card payment Stripe marked failed or refunded is edited as one still pending.
  status: p.status === 'completed' ? 'completed' : 'pending',
  included: p.included,
});

/** Description, a non-zero amount and a date: until then saving is not offered. */
export const draftReady = (d: PaymentDraft) =>
  d.description.trim() !== '' &&
  d.amount.trim() !== '' &&
  Number(d.amount) !== 0 &&
  Number.isFinite(Number(d.amount)) &&
  d.date !== '';

/** Parses a draft with the API's own schema: the payment to send, or the first problem in words. */
export function parseDraft(d: PaymentDraft): { ok: true; value: PaymentUpdate } | { ok: false; error: string } {
  const result = paymentUpdate.safeParse({ ...d, amount: Number(d.amount) });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: result.error.issues[0]?.message ?? 'Please check the payment.' };
}

const selectClass =
  'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60';

export function PaymentFields({
  id,
  draft,
  onChange,
  disabled,
}: {
  id: string;
  draft: PaymentDraft;
  onChange: (d: PaymentDraft) => void;
  disabled?: boolean;
}) {
  const set = <K extends keyof PaymentDraft>(key: K, value: PaymentDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    // One row only from xl on, where the date keeps room for its value and calendar button (10rem).
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(10rem,1fr)_minmax(0,1fr)_auto] xl:items-end">
      <div className="col-span-2 flex flex-col gap-1 xl:col-span-1">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          value={draft.description}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-amount`}>Amount (USD)</Label>
        <Input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          step="0.01"
          value={draft.amount}
          disabled={disabled}
          onChange={(e) => set('amount', e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={draft.date}
          disabled={disabled}
          onChange={(e) => set('date', e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <select
          id={`${id}-status`}
          className={selectClass}
          value={draft.status}
          disabled={disabled}
          onChange={(e) => set('status', e.target.value as PaymentStatus)}
        >
          <option value="completed">Completed</option>
          <option value="pending">Pending</option>
        </select>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={draft.included}
          disabled={disabled}
          onChange={(e) => set('included', e.target.checked)}
        />
        Included
      </label>
    </div>
  );
}
