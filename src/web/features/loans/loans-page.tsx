import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { HandCoins, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { LOAN_MESSAGES, LOAN_REVIEW_LABELS } from '../../../shared/loans';
import { loansQuery } from './api';
import { LoanCard } from './loan-card';
import { LoanDialog } from './loan-dialog';
import { PageHeader } from '../../components/page-header';
import { useIsPortalAdmin } from '../../app/portal-admin';

export const LOANS_HEADING = 'Credit & Loans Directory';

/** /term-loan: the shared directory of loan offers; anyone signed in adds, authors and admins change. */
export function LoansPage() {
  useDocumentTitle(LOANS_HEADING);
  // Shared content managed by administrators: a staff member sees it as any signed-in user does.
  const isAdmin = useIsPortalAdmin();
  const [params, setParams] = useSearchParams();
  // Staff's review queue (?review=pending, where their notices link), else the whole directory.
  const waiting = isAdmin && params.get('review') === 'pending';
  const [adding, setAdding] = useState(false);
  const loans = usePagedList(loansQuery(waiting));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title={LOANS_HEADING}
        intro="Loan offers shared by our members and staff. Offers you add are shown to others once our staff approve them, and can be changed by you or our staff."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add Loan
          </Button>
        }
      />
      <LoanDialog open={adding} onOpenChange={setAdding} />
      {isAdmin && (
        <div
          role="group"
          aria-label="Offers to show"
          className="flex w-full gap-1 self-start rounded-lg border border-gray-200 bg-white p-1 sm:w-auto"
        >
          {[
            { label: 'All offers', on: false },
            { label: LOAN_REVIEW_LABELS.pending, on: true },
          ].map((v) => (
            <button
              key={v.label}
              type="button"
              aria-pressed={waiting === v.on}
              onClick={() => setParams(v.on ? { review: 'pending' } : {})}
              className={cn(
                'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:flex-none',
                waiting === v.on ? 'bg-brand-800 text-white' : 'text-gray-700 hover:bg-gray-100',
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
      )}
      <QueryStates
        query={loans}
        noun="loan offers"
        loading="Loading loan offers..."
        error="Could not load the loan offers."
        empty={{
          title: waiting ? LOAN_MESSAGES.noneWaiting : LOAN_MESSAGES.empty,
          hint: waiting
            ? 'New offers from members appear here for you to approve or reject.'
            : 'Use Add Loan to share the first offer.',
          icon: <HandCoins className="size-8 text-gray-400" aria-hidden="true" />,
        }}
      >
        {(items) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {items.map((loan) => (
              <LoanCard key={loan.id} loan={loan} isAdmin={isAdmin} />
            ))}
          </div>
        )}
      </QueryStates>
    </div>
  );
}
