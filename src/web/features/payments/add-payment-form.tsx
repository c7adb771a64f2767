import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { localIsoDate } from '../../../shared/format';
import { useAddPayment } from './api';
import { draftReady, parseDraft, PaymentFields, type PaymentDraft } from './payment-fields';

const emptyDraft = (): PaymentDraft => ({ description: '', amount: '', date: localIsoDate(), status: 'completed', included: false });

/** Admins only: a new payment for the selected client. Add stays disabled until the payment is complete. */
export function AddPaymentForm({ clientId }: { clientId: string }) {
  const [draft, setDraft] = useState(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const add = useAddPayment(clientId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draftReady(draft) || add.isPending) return;
    const parsed = parseDraft(draft);
    if (!parsed.ok) return setError(parsed.error);
    setError(null);
    add.mutate(parsed.value, {
      onSuccess: () => {
        toast.success('Payment added');
        setDraft(emptyDraft());
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4" aria-labelledby="add-payment-heading">
      <h3 id="add-payment-heading" className="text-sm font-semibold text-gray-900">
        Add a payment
      </h3>
      <PaymentFields
        id="new-payment"
        draft={draft}
        disabled={add.isPending}
        onChange={(d) => {
          setDraft(d);
          setError(null);
        }}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <Button type="submit" disabled={!draftReady(draft) || add.isPending}>
          <Plus aria-hidden="true" /> {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
