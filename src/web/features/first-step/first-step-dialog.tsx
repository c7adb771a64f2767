import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';
import { BUREAUS } from '../../../shared/credit-rules';
import { firstStepAccountInput, type FirstStepAccountInput } from '../../../shared/credit';
import type { FirstStepAccount } from '../../../shared/first-step';
import { useSaveFirstStepAccount } from './api';
import { Textarea } from '../../components/ui/textarea';

type Values = z.input<typeof firstStepAccountInput>;
type Output = z.output<typeof firstStepAccountInput>;
const valuesOf = (a?: FirstStepAccount): Values => ({
  vendor: a?.vendor ?? '',
  sells: a?.sells ?? '',
  requirements: a?.requirements ?? '',
  bureaus: a?.bureaus ?? [],
  applicationUrl: a?.applicationUrl ?? '',
});

function AccountForm(props: {
  account?: FirstStepAccount;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field, anything else in the alert. */
  error: Error | null;
  onSubmit: (v: FirstStepAccountInput) => void;
  onCancel: () => void;
}) {
  const p = props.account ? `fsa-${props.account.id}` : 'fsa-new';
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(firstStepAccountInput),
    defaultValues: valuesOf(props.account),
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  const text = textFieldsOf(form, p, props.busy);
  const area = (name: 'sells' | 'requirements', label: string, placeholder: string) => {
    const id = `${p}-${name}`;
    const error = e[name]?.message;
    return (
      <FormField id={id} label={label} error={error}>
        <Textarea
          id={id}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, undefined, error)}
          disabled={props.busy}
          {...form.register(name)}
        />
      </FormField>
    );
  };
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-4">
      {text('vendor', 'Vendor', { placeholder: 'e.g. Office supply company', required: true })}
      {area('sells', 'What it sells', 'e.g. Office supplies, shipping materials')}
      {area('requirements', 'Requirements', 'e.g. EIN, D-U-N-S number, business address')}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">Reports to</legend>
        {BUREAUS.map((b) => (
          <label key={b.key} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              value={b.key}
              className="size-4 accent-brand-700"
              disabled={props.busy}
              {...form.register('bureaus')}
            />{' '}
            {b.label}
          </label>
        ))}
        {e.bureaus?.message && (
          <p className="text-xs text-red-700" role="alert">
            {e.bureaus.message}
          </p>
        )}
      </fieldset>
      {text('applicationUrl', 'Application URL', {
        type: 'url',
        placeholder: 'https://',
        hint: 'The vendor’s application page, starting with https://',
      })}
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions
        busy={props.busy}
        submitLabel={props.account ? 'Save Changes' : 'Add Account'}
        onCancel={props.onCancel}
      />
    </form>
  );
}

/** Admins: add (no `account`) or edit a vendor account; stays open with the server's words when a save fails. */
export function FirstStepDialog({
  account,
  open,
  onOpenChange,
}: {
  account?: FirstStepAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [error, setError] = useState<Error | null>(null);
  const save = useSaveFirstStepAccount(account?.id ?? null);
  const close = () => {
    setError(null);
    onOpenChange(false);
  };
  const submit = (input: FirstStepAccountInput) => {
    setError(null);
    save.mutate(input, {
      onSuccess: () => {
        toast.success(account ? 'Account updated.' : 'Account added.');
        close();
      },
      onError: setError,
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (save.isPending) return;
        if (o) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent
        title={account ? 'Edit Vendor Account' : 'Add Vendor Account'}
        description="Starter vendor accounts (net-30 tradelines) every member sees."
      >
        {open && (
          <AccountForm account={account} busy={save.isPending} error={error} onSubmit={submit} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}
