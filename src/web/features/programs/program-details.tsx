import { X } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { formatMoneyWhole } from '../../../shared/format';
import { planSummary, PROGRAM_REQUEST_FAILED, type Program } from '../../../shared/programs-rules';
import { Textarea } from '../../components/ui/textarea';

type Props = {
  program: Program;
  note: string;
  onNoteChange: (note: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
  sending: boolean;
  failed: boolean;
  /** Card payments on: Make a Payment opens the agreement and Stripe, so no note for staff. */
  online?: boolean;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-gray-50 px-4 py-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-gray-900">{value}</dd>
    </div>
  );
}

/** The selected program: its figures, features, an optional note and 'Make a Payment'. */
export function ProgramDetails({ program, note, onNoteChange, onCancel, onSubmit, sending, failed, online }: Props) {
  return (
    <section
      aria-labelledby="program-details-heading"
      className="relative rounded-xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      <button
        type="button"
        onClick={onCancel}
        disabled={sending}
        className="absolute right-3 top-3 rounded-md p-1 text-gray-500 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
        aria-label="Close program details"
      >
        <X className="size-4" />
      </button>
      <h3 id="program-details-heading" className="pr-8 text-lg font-semibold text-gray-900">
        {program.name}
      </h3>
      <p className="mt-1 text-sm text-gray-600">{program.description}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Figure label="Monthly Payment" value={formatMoneyWhole(program.paymentAmount)} />
        <Figure label="Duration (months)" value={String(program.payments)} />
        <Figure label="Total Program Cost" value={formatMoneyWhole(program.totalAmount)} />
      </dl>
      <p className="mt-3 text-sm font-medium text-brand-800">{planSummary(program)}</p>
      <h4 className="mt-4 text-sm font-semibold text-gray-900">Included Features</h4>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
        {program.includedFeatures.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {!online && (
        <div className="mt-4 flex flex-col gap-1">
          <Label htmlFor="program-note">Additional Notes (Optional)</Label>
          <Textarea
            id="program-note"
            value={note}
            maxLength={2000}
            rows={3}
            disabled={sending}
            onChange={(e) => onNoteChange(e.target.value)}
          />
        </div>
      )}
      {failed && (
        <Alert tone="error" className="mt-3">
          {PROGRAM_REQUEST_FAILED}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button onClick={onSubmit} disabled={sending}>
          {sending ? 'Sending...' : 'Make a Payment'}
        </Button>
      </div>
    </section>
  );
}
