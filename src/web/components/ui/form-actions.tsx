import { Button } from './button';

/**
 * A dialog form's Cancel and submit buttons: both disabled while saving, the submit one saying
 * 'Saving...'; stacked with the submit on top on a phone.
 */
export function FormActions({
  busy,
  submitLabel,
  onCancel,
  canSubmit = true,
}: {
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  canSubmit?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || !canSubmit}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
