import { useState } from 'react';
import { toast } from '../../lib/toast';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { LOAN_MESSAGES, type Loan, type LoanInput } from '../../../shared/loans';
import { useCreateLoan, useUpdateLoan } from './api';
import { LoanForm } from './loan-form';

/** Add (no `loan`) or edit one offer; stays open with the server's words when a save fails. */
export function LoanDialog({
  loan,
  open,
  onOpenChange,
}: {
  loan?: Loan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [error, setError] = useState<Error | null>(null);
  const create = useCreateLoan();
  const update = useUpdateLoan(loan?.id ?? '');
  const saving = create.isPending || update.isPending;
  const close = () => {
    setError(null);
    onOpenChange(false);
  };
  const save = (input: LoanInput) => {
    setError(null);
    const done = {
      onSuccess: () => {
        toast.success(loan ? LOAN_MESSAGES.updated : LOAN_MESSAGES.added);
        close();
      },
      onError: setError,
    };
    if (loan) update.mutate(input, done);
    else create.mutate(input, done);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (saving) return;
        if (o) onOpenChange(true);
        else close();
      }}
    >
      <DialogContent
        title={loan ? 'Edit Loan' : 'Add Loan'}
        description="Offers are shared with everyone who uses the portal, once our staff approve them."
      >
        {open && (
          <LoanForm
            loan={loan}
            submitLabel={loan ? 'Save Changes' : 'Save'}
            busy={saving}
            error={error}
            onSubmit={save}
            onCancel={close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
