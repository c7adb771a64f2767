import { useState } from 'react';
import { HandCoins, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { LOAN_MESSAGES } from '../../../shared/loans';
import { loansQuery } from './api';
import { LoanCard } from './loan-card';
import { LoanDialog } from './loan-dialog';

export const LOANS_HEADING = 'Credit & Loans Directory';

/** /term-loan: the shared directory of loan offers; anyone signed in adds, authors and admins change. */
export function LoansPage() {
  useDocumentTitle(LOANS_HEADING);
  const [adding, setAdding] = useState(false);
  const loans = usePagedList(loansQuery());
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{LOANS_HEADING}</h1>
          <p className="text-sm text-gray-600">Loan offers shared by our members and staff. Offers you add can be changed by you or our staff.</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add Loan
        </Button>
      </header>
      <LoanDialog open={adding} onOpenChange={setAdding} />
      <QueryStates
        query={loans}
        noun="loan offers"
        loading="Loading loan offers..."
        error="Could not load the loan offers."
        empty={{
          title: LOAN_MESSAGES.empty,
          hint: 'Use Add Loan to share the first offer.',
          icon: <HandCoins className="size-8 text-gray-400" aria-hidden="true" />,
        }}
      >
        {(items) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {items.map((loan) => (
              <LoanCard key={loan.id} loan={loan} />
            ))}
          </div>
        )}
      </QueryStates>
    </div>
  );
}
