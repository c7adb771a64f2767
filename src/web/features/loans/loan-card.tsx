import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { payloadResolver } from '../../lib/payload-resolver';
import { BadgeCheck, Check, Clock, ExternalLink, HandCoins, Pencil, Trash2, X } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { safeHref } from '../../../shared/urls-rules';
import {
  LOAN_MESSAGES,
  LOAN_REJECT_REASON_MAX,
  LOAN_REVIEW_LABELS,
  loanReviewInput,
  type Loan,
} from '../../../shared/loans';
import { putServerError } from '../../lib/server-error';
import { useDeleteLoan, useReviewLoan } from './api';
import { LoanDialog } from './loan-dialog';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3 border-b border-gray-100 py-2 last:border-0">
      <dt className="shrink-0 text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="min-w-0 break-words text-right text-sm font-medium text-gray-900">
        {value || <span className="font-normal text-gray-500">Not given</span>}
      </dd>
    </div>
  );
}

/** Where an offer not yet shown to others stands: only its author and staff ever see one. */
function ReviewState({ loan }: { loan: Loan }) {
  if (loan.review === 'approved') return null;
  const waiting = loan.review === 'pending';
  return (
    <div
      className={
        waiting
          ? 'rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900'
          : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900'
      }
    >
      <p className="flex items-center gap-1.5 font-medium">
        {waiting ? (
          <Clock className="size-4 shrink-0" aria-hidden="true" />
        ) : (
          <X className="size-4 shrink-0" aria-hidden="true" />
        )}
        {LOAN_REVIEW_LABELS[loan.review]}
      </p>
      <p className="mt-0.5 break-words text-xs">
        {waiting
          ? loan.author?.isYou
            ? 'Only you and our staff see this offer until staff approve it.'
            : 'Other members do not see this offer until it is approved.'
          : loan.rejectReason
            ? `Reason: ${loan.rejectReason}`
            : 'Staff did not approve this offer.'}
        {!waiting && loan.author?.isYou && ' Edit it to send it for review again.'}
      </p>
    </div>
  );
}

/** Staff: approve the offer (everyone sees it), or reject it with an optional reason for its author. */
function ReviewActions({ loan }: { loan: Loan }) {
  const review = useReviewLoan(loan.id);
  const [rejecting, setRejecting] = useState(false);
  const approve = () =>
    review.mutate(
      { state: 'approved', reason: '' },
      { onSuccess: () => toast.success(LOAN_MESSAGES.approved), onError: (e) => toast.error(e.message) },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {loan.review !== 'approved' && (
        <Button size="sm" onClick={approve} disabled={review.isPending} aria-label={`Approve ${loan.title}`}>
          <Check aria-hidden="true" /> Approve
        </Button>
      )}
      {loan.review === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          className="text-red-700"
          onClick={() => setRejecting(true)}
          disabled={review.isPending}
          aria-label={`Reject ${loan.title}`}
        >
          <X aria-hidden="true" /> Reject
        </Button>
      )}
      <RejectDialog loan={loan} review={review} open={rejecting} onClose={() => setRejecting(false)} />
    </div>
  );
}

// The reason is checked as the review the API receives.
const resolver = payloadResolver<{ reason: string }>(loanReviewInput, (v) => ({
  state: 'rejected',
  reason: v.reason.trim(),
}));

function RejectDialog({
  loan,
  review,
  open,
  onClose,
}: {
  loan: Loan;
  review: ReturnType<typeof useReviewLoan>;
  open: boolean;
  onClose: () => void;
}) {
  const p = useId();
  const form = useForm<{ reason: string }>({
    resolver,
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  const error = form.formState.errors.reason?.message;
  const busy = review.isPending;
  const reject = form.handleSubmit((v) =>
    review.mutate(
      { state: 'rejected', reason: v.reason.trim() },
      {
        onSuccess: () => {
          onClose();
          toast.success(LOAN_MESSAGES.rejected);
        },
        // A refusal of the reason stands under it; anything else is said as before, in a toast.
        onError: (err) => {
          const message = putServerError(form, err);
          if (message) toast.error(message);
        },
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent
        title="Reject this offer?"
        description={`${loan.title} stays hidden from other members. Its author is told, with your reason if you give one.`}
      >
        <form className="flex flex-col gap-4" onSubmit={reject}>
          <FormField id={`${p}-reason`} label="Reason (optional)" error={error}>
            <Textarea
              id={`${p}-reason`}
              className="min-h-24"
              disabled={busy}
              maxLength={LOAN_REJECT_REASON_MAX}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={describedBy(`${p}-reason`, undefined, error)}
              {...form.register('reason')}
            />
          </FormField>
          <FormActions busy={busy} submitLabel="Reject" onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One offer: its terms, Apply (only for an http(s) address), edit and delete for its author or an
 * admin, its review state for its author and staff, and Approve / Reject for staff.
 */
export function LoanCard({ loan, isAdmin = false }: { loan: Loan; isAdmin?: boolean }) {
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
              loan.author && (
                <p className="truncate text-xs text-gray-600">
                  Added by {loan.author.isYou ? 'you' : (loan.author.name ?? 'a member')}
                </p>
              )
            )}
          </div>
        </div>
        {loan.canEdit && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label={`Edit ${loan.title}`}>
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${loan.title}`}
            >
              <Trash2 />
            </Button>
          </div>
        )}
      </div>
      <CardContent className="flex flex-1 flex-col gap-4 p-4 pt-0">
        <ReviewState loan={loan} />
        <dl>
          <Fact label="APR Range" value={loan.aprRange} />
          <Fact label="Loan Amount" value={loan.loanAmount} />
          <Fact label="Term Length" value={loan.termLength} />
        </dl>
        {(href || (isAdmin && loan.review !== 'approved')) && (
          <div className="mt-auto flex flex-wrap items-center gap-2">
            {href && (
              <Button asChild size="sm" variant={loan.review === 'approved' ? 'default' : 'outline'}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  Apply
                  <span className="sr-only"> for {loan.title} (opens in a new tab)</span>
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            )}
            {isAdmin && loan.review !== 'approved' && <ReviewActions loan={loan} />}
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
