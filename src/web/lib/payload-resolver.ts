import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver with the schema the API validates with, applied to what the form would send rather
 * than to its boxes (a number typed as text, a blank secret that means "keep"), so the form says
 * what the server would; the form keeps its own values.
 */
export function payloadResolver<V extends FieldValues>(
  schema: z.ZodType<unknown, FieldValues>,
  payloadOf: (values: V) => unknown,
): Resolver<V> {
  const check = zodResolver(schema) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await check(payloadOf(values) as FieldValues, context, options as never);
    return Object.keys(result.errors).length
      ? { values: {}, errors: result.errors as FieldErrors<V> }
      : { values, errors: {} };
  };
}
