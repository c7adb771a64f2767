import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Input } from './input';
import { describedBy, FormField } from './form-field';

/**
 * A FormField around one Input, its hint and error announced with it (aria-describedby); the rest
 * of the props go to the input, so `{...register(name)}` wires it to the form.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: ComponentProps<'input'> & { id: string; label: ReactNode; hint?: ReactNode; error?: string }) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, hint, error)} {...input} />
    </FormField>
  );
}

/**
 * A form's TextFields, each named by its field: `const text = textFieldsOf(form, 'new-bank', busy)`,
 * then `text('bankName', 'Bank Name', { required: true })`. Ids are the prefix and the name.
 */
export function textFieldsOf<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>,
  idPrefix: string,
  disabled: boolean,
) {
  return (
    name: Path<T>,
    label: ReactNode,
    extra: Omit<ComponentProps<'input'>, 'id' | 'name'> & { hint?: ReactNode } = {},
  ) => (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label}
      error={form.getFieldState(name, form.formState).error?.message}
      {...extra}
      disabled={disabled}
      {...form.register(name)}
    />
  );
}
