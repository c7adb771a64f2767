import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { activityInput, regularActivityStatusOptions, type ActivityInput } from '../../../shared/activities';
import { Textarea } from '../../components/ui/textarea';

// What the form offers is what can be saved: Completed and In Progress. An entry that came from a
// compliance task with another status (pending, urgent) may keep it: that choice sends no status.
const KEEP = '';
const toOption = (status: string) => (status === 'Completed' ? 'completed' : status === 'In Progress' ? 'in-progress' : KEEP);
const keepLabel = (status: string) => `Keep ${status.charAt(0).toUpperCase()}${status.slice(1)}`;

type Props = {
  idPrefix: string;
  initial?: { title: string; notes: string; status: string };
  submitLabel: string;
  pending: boolean;
  serverError?: string | null;
  onSubmit: (values: ActivityInput) => void;
  onCancel?: () => void;
};

/** Add or edit an activity: the title is required and only completed / in-progress are offered. */
export function ActivityForm({ idPrefix, initial, submitLabel, pending, serverError, onSubmit, onCancel }: Props) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [status, setStatus] = useState(toOption(initial?.status ?? 'In Progress'));
  const statusOptions = initial && toOption(initial.status) === KEEP ? [{ value: KEEP, label: keepLabel(initial.status) }, ...regularActivityStatusOptions] : regularActivityStatusOptions;
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = { title, notes, ...(status === KEEP ? {} : { status }) };
    const parsed = activityInput.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: String(issue.path[0] ?? ''), message: issue.message });
      return;
    }
    setError(null);
    onSubmit(values);
  };

  const shown = error?.message ?? serverError ?? null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-title`}>Title</Label>
        <Input id={`${idPrefix}-title`} value={title} maxLength={200} aria-invalid={error?.field === 'title'} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-notes`}>Notes</Label>
        <Textarea
          id={`${idPrefix}-notes`}
          value={notes}
          maxLength={4000}
          rows={2}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-status`}>Status</Label>
        <select
          id={`${idPrefix}-status`}
          value={status}
          aria-invalid={error?.field === 'status'}
          onChange={(e) => setStatus(e.target.value)}
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
