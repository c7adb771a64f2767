import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A two-factor form (a password, a code or both). Its one alert says the schema's first refusal,
 * else the endpoint's: better-auth's two-factor answers name no field, and these forms never showed
 * a message under a field. A refusal stays until the next try.
 */
export function useCodeForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
  /** Said when a failure has no sentence of its own. */
  fallback = 'Something went wrong. Please try again.',
) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (action: (values: Out) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await action(values);
      } catch (e) {
        setFailure(e instanceof Error && e.message ? e.message : fallback);
      }
    });
  const refused = Object.values(form.formState.errors)[0]?.message;
  return {
    form,
    error: (typeof refused === 'string' && refused) || failure,
    busy: form.formState.isSubmitting,
    onSubmit,
    /** Empty again, as a closed dialog is. */
    clear: () => {
      form.reset();
      setFailure(null);
    },
  };
}
