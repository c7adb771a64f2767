import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import {
  businessAccountInput,
  MAX_DETAILS,
  type BusinessAccount,
  type BusinessAccountInput,
} from '../../../shared/business-accounts';
import { FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { Textarea } from '../../components/ui/textarea';
import { textFieldsOf } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';

type Output = z.output<typeof businessAccountInput>;
// The form starts as Pending (as the original product does); the server saves new accounts as Active whatever it says.
const valuesOf = (a?: BusinessAccount): BusinessAccountInput => ({
  name: a?.name ?? '',
  description: a?.description ?? '',
  businessAccountUrl: a?.businessAccountUrl ?? '',
  notes: a?.notes ?? '',
  status: a?.status ?? 'Pending',
  details: a?.details.map((d) => ({ label: d.label, value: d.value })) ?? [],
});

/** Add and edit: name (required: Save stays disabled without it), description, URL, notes and label/value rows. */
export function BusinessAccountForm(props: {
  idPrefix: string;
  account?: BusinessAccount;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field (the parent's toast says the rest). */
  error: Error | null;
  onSubmit: (input: BusinessAccountInput) => void;
  onCancel: () => void;
}) {
  const p = props.idPrefix;
  const form = useForm<BusinessAccountInput, unknown, Output>({
    resolver: zodResolver(businessAccountInput),
    defaultValues: valuesOf(props.account),
  });
  const { register, control, formState } = form;
  const e = formState.errors;
  useServerError(form, props.error);
  const details = useFieldArray({ control, name: 'details' });
  const name = useWatch({ control, name: 'name' }) ?? '';
  const canSave = name.trim() !== '' && !props.busy;

  const field = textFieldsOf(form, p, props.busy);

  return (
    <form onSubmit={form.handleSubmit((v) => props.onSubmit(v))} noValidate className="flex flex-col gap-4">
      {field('name', 'Account Name *', { placeholder: 'e.g. Dun & Bradstreet' })}
      <FormField id={`${p}-description`} label="Description" error={e.description?.message}>
        <Textarea id={`${p}-description`} disabled={props.busy} {...register('description')} />
      </FormField>
      {field('businessAccountUrl', 'URL', { type: 'url', placeholder: 'https://' })}
      <FormField id={`${p}-notes`} label="Notes" error={e.notes?.message}>
        <Textarea id={`${p}-notes`} disabled={props.busy} {...register('notes')} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">Account Details</legend>
        {details.fields.length === 0 && (
          <p className="text-sm text-gray-500">
            No details yet. Add a label and a value, such as a login e-mail or an ID.
          </p>
        )}
        {details.fields.map((f, i) => {
          const labelError = e.details?.[i]?.label?.message;
          const valueError = e.details?.[i]?.value?.message;
          return (
            <div key={f.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <div className="flex flex-col gap-1">
                <label htmlFor={`${p}-detail-${i}-label`} className="sr-only">{`Detail ${i + 1} label`}</label>
                <Input
                  id={`${p}-detail-${i}-label`}
                  placeholder="Label"
                  aria-invalid={Boolean(labelError)}
                  disabled={props.busy}
                  {...register(`details.${i}.label`)}
                />
                {labelError && (
                  <p className="text-xs text-red-700" role="alert">
                    {labelError}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${p}-detail-${i}-value`} className="sr-only">{`Detail ${i + 1} value`}</label>
                <Input
                  id={`${p}-detail-${i}-value`}
                  placeholder="Value"
                  aria-invalid={Boolean(valueError)}
                  disabled={props.busy}
                  {...register(`details.${i}.value`)}
                />
                {valueError && (
                  <p className="text-xs text-red-700" role="alert">
                    {valueError}
                  </p>
                )}
              </div>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => details.remove(i)}
                disabled={props.busy}
                aria-label={`Remove detail ${i + 1}`}
              >
                <Trash2 />
              </Button>
            </div>
          );
        })}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => details.append({ label: '', value: '' })}
            disabled={props.busy || details.fields.length >= MAX_DETAILS}
          >
            <Plus aria-hidden="true" /> Add Detail
          </Button>
        </div>
      </fieldset>
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} canSubmit={canSave} />
    </form>
  );
}
