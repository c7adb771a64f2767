import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';

/** The 6-digit authenticator code field: numeric keyboard on phones, and the browser may fill it from an SMS-free app. */
export function CodeField({
  id,
  field,
  label = 'Code from your authenticator app',
}: {
  id: string;
  /** The form's registration of its code. */
  field: UseFormRegisterReturn;
  label?: string;
}) {
  return (
    <FormField id={id} label={label} hint="6 digits; a new code shows every 30 seconds.">
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        aria-describedby={`${id}-hint`}
        className="font-mono tracking-widest"
        {...field}
      />
    </FormField>
  );
}
