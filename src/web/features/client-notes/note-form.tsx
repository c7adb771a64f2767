import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Textarea } from '../../components/ui/textarea';
import { describedBy, FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { useServerError } from '../../lib/server-error';
import { clientNoteInput, NOTE_MAX_LENGTH, type ClientNoteInput } from '../../../shared/client-notes';

/** A new note, or the edit of one: the shared schema decides, so the form says what the server would. */
export function NoteForm(props: {
  idPrefix: string;
  body?: string;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of the note is shown under it, anything else in the alert. */
  error: Error | null;
  onSubmit: (input: ClientNoteInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<ClientNoteInput, unknown, z.output<typeof clientNoteInput>>({
    resolver: zodResolver(clientNoteInput),
    defaultValues: { body: props.body ?? '' },
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  const id = `${props.idPrefix}-body`;
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-3">
      <FormField
        id={id}
        label="Note"
        hint={`Seen only by staff. Up to ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`}
        error={e.body?.message}
      >
        <Textarea
          id={id}
          rows={4}
          maxLength={NOTE_MAX_LENGTH}
          aria-invalid={Boolean(e.body)}
          aria-describedby={describedBy(id, true, e.body?.message)}
          disabled={props.busy}
          {...form.register('body')}
        />
      </FormField>
      {alert && <Alert tone="error">{`Could not save the note: ${alert}`}</Alert>}
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
