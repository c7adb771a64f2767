import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { localIsoDate } from '../../../shared/format';
import { paymentInput } from '../../../shared/payments';
import { putServerError } from '../../lib/server-error';
import { useAddPayment } from './api';
import { draftReady, PaymentFields, type PaymentDraft } from './payment-fields';

const emptyDraft = (): PaymentDraft => ({
  description: '',
  amount: '',
  date: localIsoDate(),
  status: 'completed',
  included: false,
});

// The amount is held as typed (an emptied number box is '', not 0); the API's schema reads a number.
const checkPayment = zodResolver(paymentInput);
const resolver: Resolver<PaymentDraft, unknown, z.output<typeof paymentInput>> = (values, context, options) =>
  checkPayment(
    { ...values, amount: Number(values.amount) },
    context,
    options as unknown as Parameters<typeof checkPayment>[2],
  );

/** Admins only: a new payment for the selected client. Add stays disabled until the payment is complete. */
export function AddPaymentForm({ clientId }: { clientId: string }) {
  const form = useForm<PaymentDraft, unknown, z.output<typeof paymentInput>>({
    resolver,
    defaultValues: emptyDraft(),
    shouldFocusError: false,
  });
  const draft = useWatch({ control: form.control }) as PaymentDraft;
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddPayment(clientId);

  const submit = form.handleSubmit((value) => {
    if (add.isPending) return;
    setServerError(null);
    add.mutate(value, {
      onSuccess: () => {
        toast.success('Payment added');
        form.reset(emptyDraft());
      },
      onError: (err) => setServerError(putServerError(form, err)),
    });
  });

  // The payment's problems are said in one line under the fields, the first one only.
  const error = Object.values(form.formState.errors)[0]?.message ?? serverError;
  return (
    <form
      onSubmit={(e) => (draftReady(draft) ? void submit(e) : e.preventDefault())}
      className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4"
      aria-labelledby="add-payment-heading"
    >
      <h3 id="add-payment-heading" className="text-sm font-semibold text-gray-900">
        Add a payment
      </h3>
      <PaymentFields
        id="new-payment"
        draft={draft}
        disabled={add.isPending}
        onChange={(d) => {
          for (const key of Object.keys(d) as (keyof PaymentDraft)[])
            if (d[key] !== draft[key]) form.setValue(key, d[key] as never);
          form.clearErrors();
          setServerError(null);
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
