import { ShowMore, usePagedList } from '../../lib/paged-list';
import { CreditCard } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { paymentsQuery } from './api';
import { AddPaymentForm } from './add-payment-form';
import { PaymentRow } from './payment-row';
import { PlanCards } from './plan-cards';
import { LoadFailed } from '../../components/load-states';

/** My Account's Payments panel for one client: history, admins' add and inline edit, the plans. */
export function PaymentsPanel({ clientId }: { clientId: string }) {
  const { isAdmin } = useAuth();
  const query = usePagedList(paymentsQuery(clientId));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CreditCard className="size-5 text-brand-700" aria-hidden="true" /> Payments
        </CardTitle>
        <CardDescription>
          {isAdmin ? "This client's payments. Add a payment or edit one in place." : 'Your payments, newest first.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {isAdmin && <AddPaymentForm key={clientId} clientId={clientId} />}
        <section aria-label="Payment list">
          {query.isPending && (
            <ul className="flex flex-col gap-2" aria-label="Loading payments">
              {[0, 1, 2].map((i) => (
                <li key={i} className="h-12 animate-pulse rounded-md bg-gray-100" />
              ))}
            </ul>
          )}
          {query.isError && <LoadFailed message="Could not load payments." query={query} />}
          {query.data?.length === 0 && (
            <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-600">
              {isAdmin
                ? 'No payments yet. Add the first one above.'
                : 'No payments yet. Choose a program below to get started.'}
            </p>
          )}
          {query.data && query.data.length > 0 && (
            <ul className="divide-y divide-gray-100">
              {query.data.map((p) => (
                <PaymentRow key={p.id} clientId={clientId} payment={p} canEdit={isAdmin} />
              ))}
            </ul>
          )}
          <ShowMore list={query} noun="payments" />
        </section>
        <PlanCards />
      </CardContent>
    </Card>
  );
}
