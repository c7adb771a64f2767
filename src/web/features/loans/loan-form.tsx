import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { TextField } from '../../components/ui/text-field';
import { loanInput, type Loan, type LoanInput } from '../../../shared/loans';
import { FormActions } from '../../components/ui/form-actions';
import { useServerError } from '../../lib/server-error';

type Values = z.input<typeof loanInput>;
type Output = z.output<typeof loanInput>;
type Field = keyof LoanInput;

const valuesOf = (l?: Loan): Values => ({
  title: l?.title ?? '',
  aprRange: l?.aprRange ?? '',
  loanAmount: l?.loanAmount ?? '',
  termLength: l?.termLength ?? '',
  applyUrl: l?.applyUrl ?? '',
});

const fields: { name: Field; label: string; placeholder: string; type?: string; hint?: string }[] = [
  { name: 'title', label: 'Title', placeholder: 'e.g. SBA 7(a) Term Loan' },
  { name: 'aprRange', label: 'APR Range', placeholder: 'e.g. 6.5% - 9.5%' },
  { name: 'loanAmount', label: 'Loan Amount', placeholder: 'e.g. $25,000 - $250,000' },
  { name: 'termLength', label: 'Term Length', placeholder: 'e.g. 12 - 60 months' },
  {
    name: 'applyUrl',
    label: 'Apply URL',
    placeholder: 'https://',
    type: 'url',
    hint: 'The lender’s application page, starting with https://',
  },
];

/** The add and edit form, checked with the server's own schema before it is sent. */
export function LoanForm(props: {
  loan?: Loan;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field, anything else in the alert. */
  error: Error | null;
  onSubmit: (input: LoanInput) => void;
  onCancel: () => void;
}) {
  const p = props.loan ? `loan-${props.loan.id}` : 'loan-new';
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(loanInput),
    defaultValues: valuesOf(props.loan),
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-4">
      {fields.map((f) => (
        <TextField
          key={f.name}
          id={`${p}-${f.name}`}
          label={f.label}
          hint={f.hint}
          error={e[f.name]?.message}
          type={f.type ?? 'text'}
          placeholder={f.placeholder}
          required={f.name === 'title'}
          disabled={props.busy}
          {...form.register(f.name)}
        />
      ))}
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions busy={props.busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
