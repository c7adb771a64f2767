import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Input } from '../../components/ui/input';
import {
  bankAccountFlags,
  bankAccountInput,
  type BankAccount,
  type BankAccountInput,
} from '../../../shared/bank-accounts';
import { FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { Textarea } from '../../components/ui/textarea';
import { textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';

type Output = z.output<typeof bankAccountInput>;
const valuesOf = (a?: BankAccount): BankAccountInput => ({
  bankName: a?.bankName ?? '',
  accountNumber: '',
  routingNumber: '',
  accountOwner: a?.accountOwner ?? '',
  address: a?.address ?? '',
  phone: a?.phone ?? '',
  dateOpened: a?.dateOpened ?? '',
  notes: a?.notes ?? '',
  businessAccountUrl: a?.businessAccountUrl ?? '',
  monthlyFees: a ? String(a.monthlyFees) : '',
  isDebitCard: a?.isDebitCard ?? false,
  isCreditCard: a?.isCreditCard ?? false,
  isCdAccount: a?.isCdAccount ?? false,
  isSavings: a?.isSavings ?? false,
});

/**
 * Add and inline edit. Numbers are never prefilled (that would reveal them): on edit a blank number
 * keeps the stored one.
 */
export function BankAccountForm(props: {
  idPrefix: string;
  account?: BankAccount;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field. */
  error: Error | null;
  onSubmit: (input: BankAccountInput) => void;
  onCancel: () => void;
}) {
  const { idPrefix: p, account } = props;
  const form = useForm<BankAccountInput, unknown, Output>({
    resolver: zodResolver(bankAccountInput),
    defaultValues: valuesOf(account),
  });
  const { register, formState } = form;
  const e = formState.errors;
  const alert = useServerError(form, props.error);

  const submit = form.handleSubmit((v) => {
    const keep = (n: string | undefined, stored: boolean | undefined) => (account && stored && !n ? undefined : n);
    props.onSubmit({
      ...v,
      accountNumber: keep(v.accountNumber, account?.hasAccountNumber),
      routingNumber: keep(v.routingNumber, account?.hasRoutingNumber),
    });
  });

  const text = textFieldsOf(form, p, props.busy);
  const number = (name: 'accountNumber' | 'routingNumber', label: string, masked: string | undefined) =>
    text(name, label, {
      hint: masked ? `Leave blank to keep ${masked}.` : undefined,
      inputMode: 'numeric',
      autoComplete: 'off',
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('bankName', 'Bank Name', { placeholder: 'e.g. First National Bank', required: true })}
        {text('accountOwner', 'Account Owner')}
        {text('address', 'Address on the account')}
        {text('phone', 'Phone on the account', { type: 'tel' })}
        {number('accountNumber', 'Account Number', account?.accountNumberMasked || undefined)}
        {number('routingNumber', 'Routing Number', account?.routingNumberMasked || undefined)}
        <FormField id={`${p}-dateOpened`} label="Date Opened" error={e.dateOpened?.message}>
          <Input
            id={`${p}-dateOpened`}
            type="date"
            disabled={props.busy}
            aria-invalid={Boolean(e.dateOpened)}
            {...register('dateOpened')}
          />
        </FormField>
        {text('monthlyFees', 'Monthly Fees (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
      </div>
      {text('businessAccountUrl', 'Business Url', { type: 'url', placeholder: 'https://' })}
      <FormField id={`${p}-notes`} label="Notes" error={e.notes?.message}>
        <Textarea id={`${p}-notes`} disabled={props.busy} {...register('notes')} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">Account type</legend>
        <div className="grid grid-cols-2 gap-2">
          {bankAccountFlags.map((f) => (
            <label key={f.key} className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" className="size-4 accent-brand-700" disabled={props.busy} {...register(f.key)} />{' '}
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
