import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { putServerError } from '../../lib/server-error';
import { automationRequestInput, REQUEST_PRIORITIES } from '../../../shared/automations';
import { useRequestAutomation } from './api';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Request Automation (clients): type, description, priority. Stays open with the server's reason on failure. */
export function RequestDialog({
  clientId,
  open,
  onOpenChange,
}: {
  clientId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Request Automation"
        description="Tell us what you would like automated. Our team will get back to you."
      >
        {open && <RequestForm clientId={clientId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RequestForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const p = useId();
  const request = useRequestAutomation(clientId);
  const form = useForm<z.input<typeof automationRequestInput>, unknown, z.output<typeof automationRequestInput>>({
    resolver: zodResolver(automationRequestInput),
    defaultValues: { type: '', description: '', priority: 'Medium' },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const [error, setError] = useState<string | null>(null);
  // A field the shared schema (here or on the server) refused: its message shows under that field.
  const errorOf = (field: 'type' | 'description' | 'priority') => formState.errors[field]?.message;
  const submit = form.handleSubmit(async (value) => {
    setError(null);
    try {
      await request.mutateAsync(value);
      toast.success('Your automation request was sent.');
      onDone();
    } catch (err) {
      setError(putServerError(form, err));
      toast.error(`Could not send your request: ${message(err)}`);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <FormField id={`${p}-type`} label="Type" error={errorOf('type')}>
        <Input
          id={`${p}-type`}
          autoComplete="off"
          placeholder="e.g. Invoice reminders"
          disabled={request.isPending}
          aria-invalid={Boolean(errorOf('type'))}
          aria-describedby={describedBy(`${p}-type`, undefined, errorOf('type'))}
          {...register('type')}
        />
      </FormField>
      <FormField id={`${p}-description`} label="Description" error={errorOf('description')}>
        <Textarea
          id={`${p}-description`}
          className="min-h-24"
          disabled={request.isPending}
          aria-invalid={Boolean(errorOf('description'))}
          aria-describedby={describedBy(`${p}-description`, undefined, errorOf('description'))}
          {...register('description')}
        />
      </FormField>
      <FormField id={`${p}-priority`} label="Priority" error={errorOf('priority')}>
        <select id={`${p}-priority`} className={selectClass} disabled={request.isPending} {...register('priority')}>
          {REQUEST_PRIORITIES.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </select>
      </FormField>
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions busy={request.isPending} submitLabel="Send Request" onCancel={onDone} />
    </form>
  );
}
