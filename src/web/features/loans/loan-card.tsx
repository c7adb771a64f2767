import { useState } from 'react';
import { BadgeCheck, ExternalLink, HandCoins, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { safeHref } from '../../../shared/urls';
import { LOAN_MESSAGES, type Loan } from '../../../shared/loans';
import { useDeleteLoan } from './api';
import { LoanDialog } from './loan-dialog';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 border-b border-gray-100 py-2 last:border-0">
      <dt className="shrink-0 text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="min-w-0 break-words text-right text-sm font-medium text-gray-900">{value || <span className="font-normal text-gray-500">Not given</span>}</dd>
    </div>
  );
}

/** One offer: its terms, Apply (only for an http(s) address), and edit and delete for its author or an admin. */
export function LoanCard({ loan }: { loan: Loan }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLoan(loan.id);
  const href = safeHref(loan.applyUrl);
  const byStaff = loan.author?.isAdmin ?? false;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(LOAN_MESSAGES.deleted);
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    // min-w-0: a grid item would otherwise grow to its longest word past a phone's width.
    <Card role="article" aria-label={loan.title} className="flex min-w-0 flex-col">
      <div className="flex items-start justify-between gap-2 p-4 pb-2">
        <div className="flex min-w-0 items-start gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <HandCoins className="size-5 text-brand-700" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="break-words text-base font-semibold text-gray-900">{loan.title}</h2>
            {byStaff ? (
              <p className="mt-1 inline-flex items-center gap-1 rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
                <BadgeCheck className="size-3.5" aria-hidden="true" /> Added by staff
              </p>
            ) : (
              loan.author && <p className="truncate text-xs text-gray-600">Added by {loan.author.isYou ? 'you' : (loan.author.name ?? 'a member')}</p>
            )}
          </div>
        </div>
        {loan.canEdit && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label={`Edit ${loan.title}`}>
              <Pencil />
            </Button>
            <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)} aria-label={`Delete ${loan.title}`}>
              <Trash2 />
            </Button>
          </div>
        )}
      </div>
      <CardContent className="flex flex-1 flex-col gap-4 p-4 pt-0">
        <dl>
          <Fact label="APR Range" value={loan.aprRange} />
          <Fact label="Loan Amount" value={loan.loanAmount} />
          <Fact label="Term Length" value={loan.termLength} />
        </dl>
        {href && (
          <div className="mt-auto">
            <Button asChild size="sm">
              <a href={href} target="_blank" rel="noopener noreferrer">
                Apply
                <span className="sr-only"> for {loan.title} (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </div>
        )}
      </CardContent>
      {loan.canEdit && (
        <>
          <LoanDialog loan={loan} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this loan offer?"
            description={`${loan.title} will be removed from the directory for everyone. This cannot be undone.`}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={confirmDelete}
          />
        </>
      )}
    </Card>
  );
}
