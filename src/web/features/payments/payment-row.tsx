import { useState } from 'react';
import { Check, Pencil, X } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { Payment } from '../../../shared/payments';
import { useUpdatePayment } from './api';
import { formatDate } from '../../../shared/format';
import { PaymentAmount, StatusBadge } from './payment-display';
import { draftOf, draftReady, parseDraft, PaymentFields, type PaymentDraft } from './payment-fields';

/** One payment; admins edit it in place: the tick saves, the cross puts it back as it was. */
export function PaymentRow({ clientId, payment, canEdit }: { clientId: string; payment: Payment; canEdit: boolean }) {
  const [draft, setDraft] = useState<PaymentDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePayment(clientId);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    if (!draft) return;
    const parsed = parseDraft(draft);
    if (!parsed.ok) return setError(parsed.error);
    update.mutate(
      { id: payment.id, ...parsed.value },
      {
        onSuccess: () => {
          toast.success('Payment updated');
          cancel();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  if (draft) {
    return (
      <li className="flex flex-col gap-3 py-3" aria-label={`Editing ${payment.description}`}>
        <PaymentFields
          id={`payment-${payment.id}`}
          draft={draft}
          disabled={update.isPending}
          onChange={(d) => {
            setDraft(d);
            setError(null);
          }}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex gap-2">
          <Button size="sm" onClick={save} disabled={!draftReady(draft) || update.isPending} aria-label="Save payment">
            <Check aria-hidden="true" /> {update.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button size="sm" variant="outline" onClick={cancel} disabled={update.isPending} aria-label="Cancel editing">
            <X aria-hidden="true" /> Cancel
          </Button>
        </div>
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium text-gray-900">{payment.description}</p>
        <p className="text-gray-500">
          <time dateTime={payment.date}>{formatDate(payment.date)}</time>
        </p>
      </div>
      <StatusBadge status={payment.status} />
      <div className="min-w-28 text-right">
        <PaymentAmount payment={payment} />
      </div>
      {canEdit && (
        <Button
          size="icon"
          variant="ghost"
          onClick={() => setDraft(draftOf(payment))}
          aria-label={`Edit payment ${payment.description}`}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
