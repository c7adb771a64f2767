import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Textarea } from '../../components/ui/textarea';
import { describedBy, FormField } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { useServerError } from '../../lib/server-error';
import { agreementTemplateInput, type AgreementTemplateInput } from '../../../shared/billing';
import type { ProgramId } from '../../../shared/programs-rules';

/** A new version of a program's agreement, starting from the current text. */
export function TemplateForm(props: {
  programId: ProgramId;
  body: string;
  busy: boolean;
  error: Error | null;
  onSubmit: (input: z.output<typeof agreementTemplateInput>) => void;
  onCancel: () => void;
}) {
  const form = useForm<AgreementTemplateInput, unknown, z.output<typeof agreementTemplateInput>>({
    resolver: zodResolver(agreementTemplateInput),
    defaultValues: { programId: props.programId, body: props.body },
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  const id = 'agreement-body';
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-3">
      <FormField id={id} label="Agreement text (Markdown)" hint="Up to 20,000 characters." error={e.body?.message}>
        <Textarea
          id={id}
          rows={18}
          maxLength={20_000}
          className="font-mono text-xs"
          aria-invalid={Boolean(e.body)}
          aria-describedby={describedBy(id, true, e.body?.message)}
          disabled={props.busy}
          {...form.register('body')}
        />
      </FormField>
      {alert && <Alert tone="error">{`Could not save the agreement: ${alert}`}</Alert>}
      <FormActions busy={props.busy} submitLabel="Save as new version" onCancel={props.onCancel} />
    </form>
  );
}
