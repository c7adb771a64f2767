import { useForm } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { activityInput, regularActivityStatusOptions, type ActivityInput } from '../../../shared/activities';
import { Textarea } from '../../components/ui/textarea';
import { useServerError } from '../../lib/server-error';

// What the form offers is what can be saved: Completed and In Progress. An entry that came from a
// compliance task with another status (pending, urgent) may keep it: that choice sends no status.
const KEEP = '';
const toOption = (status: string) =>
  status === 'Completed' ? 'completed' : status === 'In Progress' ? 'in-progress' : KEEP;
const keepLabel = (status: string) => `Keep ${status.charAt(0).toUpperCase()}${status.slice(1)}`;

type Props = {
  idPrefix: string;
  initial?: { title: string; notes: string; status: string };
  submitLabel: string;
  pending: boolean;
  /** The failed save's error: a refusal of one field marks that field. */
  serverError?: unknown;
  onSubmit: (values: ActivityInput) => void;
  onCancel?: () => void;
};

type Values = { title: string; notes: string; status: string };

// What is sent is what was typed (the server trims); the keep choice sends no status at all.
const toInput = ({ status, ...rest }: Values): ActivityInput => ({ ...rest, ...(status === KEEP ? {} : { status }) });
const resolver = payloadResolver<Values>(activityInput, toInput);

/** Add or edit an activity: the title is required and only completed / in-progress are offered. */
export function ActivityForm({ idPrefix, initial, submitLabel, pending, serverError, onSubmit, onCancel }: Props) {
  const statusOptions =
    initial && toOption(initial.status) === KEEP
      ? [{ value: KEEP, label: keepLabel(initial.status) }, ...regularActivityStatusOptions]
      : regularActivityStatusOptions;
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      title: initial?.title ?? '',
      notes: initial?.notes ?? '',
      status: toOption(initial?.status ?? 'In Progress'),
    },
    shouldFocusError: false,
  });
  const { register, formState } = form;
  const submit = form.handleSubmit((values) => onSubmit(toInput(values)));

  const fromServer = useServerError(form, serverError);
  const invalid = (name: keyof Values) => Boolean(formState.errors[name]);
  // One line under the fields says the first problem, the form's own or the server's.
  const shown = Object.values(formState.errors)[0]?.message ?? fromServer;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-title`}>Title</Label>
        <Input id={`${idPrefix}-title`} maxLength={200} aria-invalid={invalid('title')} {...register('title')} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-notes`}>Notes</Label>
        <Textarea
          id={`${idPrefix}-notes`}
          maxLength={4000}
          rows={2}
          aria-invalid={invalid('notes') || undefined}
          {...register('notes')}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-status`}>Status</Label>
        <select
          id={`${idPrefix}-status`}
          aria-invalid={invalid('status')}
          {...register('status')}
          className="flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {shown && <Alert tone="error">{shown}</Alert>}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button variant="outline" size="sm" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
