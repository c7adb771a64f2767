import type { ComponentProps, ReactNode } from 'react';
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
