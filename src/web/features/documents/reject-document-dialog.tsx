import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { useServerError } from '../../lib/server-error';
import { rejectInput } from '../../../shared/document-requests';

/**
 * Staff's reason for rejecting a document (required, up to 1000 characters), for a Business
 * Document and for an upload to a document request alike; `description` says what the client is told.
 */
export function RejectDocumentDialog(props: {
  /** Unique on the page: the reason box's id. */
  id: string;
  description: string;
  busy: boolean;
  /** The failed review's error: a refusal of the reason is shown under it (the toast says the rest). */
  error: Error | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const form = useForm<z.input<typeof rejectInput>, unknown, z.output<typeof rejectInput>>({
    resolver: zodResolver(rejectInput),
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  useServerError(form, props.error);
  const error = form.formState.errors.reason?.message;
  const id = `reject-${props.id}`;
  const submit = form.handleSubmit((v) => props.onReject(v.reason));
  return (
    <Dialog open onOpenChange={(o) => !o && !props.busy && props.onClose()}>
      <DialogContent title="Reject document" description={props.description}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id={id} label="Reason" error={error}>
            <Textarea
              id={id}
              className="min-h-24"
              maxLength={1000}
              disabled={props.busy}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register('reason')}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" disabled={props.busy} onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={props.busy}>
              {props.busy ? 'Rejecting...' : 'Reject document'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
