import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '../../components/ui/input';
import { endOfLocalDay, localIsoDate } from '../../../shared/format';
import { taskPriorities, taskStatuses } from '../../../shared/compliance-rules';
import { taskInput, type ComplianceTask, type TaskInput } from '../../../shared/compliance';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { useServerError } from '../../lib/server-error';
import { Textarea } from '../../components/ui/textarea';

type Output = z.output<typeof taskInput>;

const valuesOf = (t?: ComplianceTask): TaskInput => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  // The stored due date as the local calendar date the date picker shows.
  dueDate: t?.dueDate ? localIsoDate(new Date(t.dueDate)) : '',
  priority: t?.priority ?? 'Medium',
  // A Submitted document request is still open as far as the task form goes: staff review it elsewhere.
  status: t?.status === 'Completed' ? 'Completed' : 'Awaiting Completion',
  isBusinessLicense: t?.isBusinessLicense ?? false,
  isTaxForm: t?.isTaxForm ?? false,
  isCompliance: t?.isCompliance ?? false,
});

const flags = [
  ['isBusinessLicense', 'Business License'],
  ['isTaxForm', 'Tax Form'],
  ['isCompliance', 'Compliance'],
] as const;

/** Add and edit (admins): name, description, due date, priority (default Medium), status and the three flags. */
export function TaskForm(props: {
  task?: ComplianceTask;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field (the board's toast says the rest). */
  error: Error | null;
  onSubmit: (input: TaskInput) => void;
  onCancel: () => void;
}) {
  const p = props.task ? `task-${props.task.id}` : 'new-task';
  const form = useForm<TaskInput, unknown, Output>({
    resolver: zodResolver(taskInput),
    defaultValues: valuesOf(props.task),
  });
  const { register } = form;
  const e = form.formState.errors;
  useServerError(form, props.error);
  // A document request's status moves with the client's upload and staff's Accept or Reject, not here.
  const isRequest = props.task?.kind === 'document_request';
  const submit = form.handleSubmit(({ status, ...v }) =>
    props.onSubmit({ ...v, ...(isRequest ? {} : { status }), dueDate: endOfLocalDay(v.dueDate) }),
  );
  const id = (name: string) => `${p}-${name}`;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={props.task ? `Edit ${props.task.name}` : 'Add a task'}
      className="flex flex-col gap-4"
    >
      <FormField id={id('name')} label="Task name" error={e.name?.message}>
        <Input
          id={id('name')}
          aria-invalid={Boolean(e.name)}
          aria-describedby={describedBy(id('name'), undefined, e.name)}
          disabled={props.busy}
          {...register('name')}
        />
      </FormField>
      <FormField id={id('description')} label="Description" error={e.description?.message}>
        <Textarea id={id('description')} className="min-h-24" disabled={props.busy} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={id('due')} label="Due date" error={e.dueDate?.message}>
          <Input id={id('due')} type="date" disabled={props.busy} {...register('dueDate')} />
        </FormField>
        <FormField id={id('priority')} label="Priority">
          <select id={id('priority')} className={selectClass} disabled={props.busy} {...register('priority')}>
            {taskPriorities.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </FormField>
        {!isRequest && (
          <FormField id={id('status')} label="Status">
            <select id={id('status')} className={selectClass} disabled={props.busy} {...register('status')}>
              {taskStatuses.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </FormField>
        )}
      </div>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="mb-2 text-sm font-medium text-gray-900">Task type</legend>
        {flags.map(([name, label]) => (
          <label key={name} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" className="size-4 accent-brand-700" disabled={props.busy} {...register(name)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
