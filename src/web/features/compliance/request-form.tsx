import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { useServerError } from '../../lib/server-error';
import { taskPriorities } from '../../../shared/compliance-rules';
import { documentRequestInput, type DocumentRequestInput } from '../../../shared/document-requests';
import { documentSections } from '../../../shared/documents-rules';
import { endOfLocalDay, localIsoDate } from '../../../shared/format';

type Output = z.output<typeof documentRequestInput>;
/** Requests are due in a week unless staff choose otherwise (a task without a date sorts after every dated one). */
const inAWeek = () => localIsoDate(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));

/** Request a Document (admins): the document wanted, the Business Documents section it files under, and the task's optional fields. */
export function RequestForm(props: {
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field (the board's toast says the rest). */
  error: Error | null;
  onSubmit: (input: DocumentRequestInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<DocumentRequestInput, unknown, Output>({
    resolver: zodResolver(documentRequestInput),
    defaultValues: {
      requestedDocument: '',
      documentType: 'Standard_Corporate',
      description: '',
      dueDate: inAWeek(),
      priority: 'Medium',
    },
  });
  const { register } = form;
  const e = form.formState.errors;
  useServerError(form, props.error);
  const submit = form.handleSubmit((v) => props.onSubmit({ ...v, dueDate: endOfLocalDay(v.dueDate) }));
  return (
    <form onSubmit={submit} noValidate aria-label="Request a document" className="flex flex-col gap-4">
      <FormField
        id="request-document"
        label="Document"
        hint="For example: Articles of Organization"
        error={e.requestedDocument?.message}
      >
        <Input
          id="request-document"
          aria-invalid={Boolean(e.requestedDocument)}
          aria-describedby={describedBy('request-document', true, e.requestedDocument)}
          disabled={props.busy}
          {...register('requestedDocument')}
        />
      </FormField>
      <FormField id="request-section" label="Section" error={e.documentType?.message}>
        <select id="request-section" className={selectClass} disabled={props.busy} {...register('documentType')}>
          {documentSections.map((s) => (
            <option key={s.type} value={s.type}>
              {s.title}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="request-description" label="Note to the client (optional)" error={e.description?.message}>
        <Textarea id="request-description" disabled={props.busy} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="request-due" label="Due date" error={e.dueDate?.message}>
          <Input id="request-due" type="date" disabled={props.busy} {...register('dueDate')} />
        </FormField>
        <FormField id="request-priority" label="Priority">
          <select id="request-priority" className={selectClass} disabled={props.busy} {...register('priority')}>
            {taskPriorities.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormActions busy={props.busy} submitLabel="Request Document" onCancel={props.onCancel} />
    </form>
  );
}
