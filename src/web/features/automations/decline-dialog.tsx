import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { payloadResolver } from '../../lib/payload-resolver';
import { automationRequestStateInput, type AutomationRequest } from '../../../shared/automations';

// The reason is checked as the state change the API receives.
const declineResolver = payloadResolver<{ reason: string }>(automationRequestStateInput, (v) => ({
  state: 'declined',
  reason: v.reason,
}));

/** Admins: decline a request with the reason its client will read. */
export function DeclineDialog({
  request,
  onClose,
  onDecline,
  busy,
}: {
  request: AutomationRequest | null;
  onClose: () => void;
  onDecline: (r: AutomationRequest, reason: string) => Promise<unknown>;
  busy: boolean;
}) {
  const p = useId();
  const { register, handleSubmit, control, formState } = useForm<{ reason: string }>({
    resolver: declineResolver,
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  const reason = useWatch({ control, name: 'reason' });
  const error = formState.errors.reason?.message;
  return (
    <Dialog open={request !== null} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent title="Decline request" description="Tell the client why; they see the reason with the request.">
        <form
          className="flex flex-col gap-4"
          onSubmit={handleSubmit((v) => request && onDecline(request, v.reason.trim()))}
        >
          <FormField id={`${p}-reason`} label="Reason" error={error}>
            <Textarea
              id={`${p}-reason`}
              className="min-h-24"
              disabled={busy}
              maxLength={1000}
              aria-invalid={Boolean(error) || undefined}
              {...register('reason')}
            />
          </FormField>
          <FormActions busy={busy} submitLabel="Decline" canSubmit={reason.trim() !== ''} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
