import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

type FormLike<T extends FieldValues> = { setError: UseFormSetError<T>; getValues: UseFormGetValues<T> };

/** The form field a refusal names, when the form has it (the server checks the same schema, so names match). */
function fieldOf<T extends FieldValues>(form: FormLike<T>, error: unknown): Path<T> | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return Object.prototype.hasOwnProperty.call(form.getValues(), error.field) ? (error.field as Path<T>) : null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : error ? String(error) : null);

/**
 * A failed save: a refusal of one field goes under that field, as the form's own checks do;
 * anything else is returned for the form's alert.
 */
export function putServerError<T extends FieldValues>(form: FormLike<T>, error: unknown): string | null {
  const field = fieldOf(form, error);
  if (!field) return messageOf(error);
  form.setError(field, { type: 'server', message: messageOf(error) ?? '' });
  return null;
}

/**
 * The same for a form whose parent runs the save and hands down its error: the field's refusal is
 * placed when the error arrives; the returned sentence (null for a field's) is for the alert.
 */
export function useServerError<T extends FieldValues>(form: FormLike<T>, latest: unknown): string | null {
  // An error the form opened with is an earlier attempt's (a dialog closed after a failed save, a
  // mutation's error kept until its next run): this form's fields and alert start clean.
  const [before] = useState(latest);
  const error = latest === before ? null : latest;
  const field = fieldOf(form, error);
  const { setError } = form;
  useEffect(() => {
    if (field) setError(field, { type: 'server', message: messageOf(error) ?? '' });
  }, [field, error, setError]);
  return field ? null : messageOf(error);
}
