import { Globe, Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import { businessAccountMessages, type BusinessAccountInput } from '../../../shared/business-accounts';
import { usePageClient } from '../../lib/use-page-client';
import { useFormOpen } from '../../lib/use-form-open';
import { ClientSelector } from '../../components/client-selector';
import { usePagedList } from '../../lib/paged-list';
import { businessAccountsQuery, useCreateBusinessAccount } from './api';
import { BusinessAccountCard } from './business-account-card';
import { BusinessAccountForm } from './business-account-form';

/** /business-presence (labelled Business Accounts): the client's own accounts; an admin picks a client. */
export function BusinessAccountsPage() {
  const { isAdmin, clientId, choose } = usePageClient();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Business Presence Accounts</h1>
        {clientId && <AddAccount clientId={clientId} />}
      </header>
      <div className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-900">
        <Globe className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-semibold">Build a business presence lenders can find</p>
          <p className="mt-1">
            Keep every listing and profile of your business in one place: business directories, credit bureaus, review
            sites and online profiles. Add the details you need to hand (IDs, logins, phone numbers) to each account.
          </p>
        </div>
      </div>
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId && <AccountGrid key={clientId} clientId={clientId} />}
    </div>
  );
}

function AccountGrid({ clientId }: { clientId: string }) {
  const query = usePagedList(businessAccountsQuery(clientId));
  return (
    <QueryStates
      query={query}
      noun="accounts"
      loading="Loading accounts..."
      error="Could not load the accounts."
      empty={{ title: 'No accounts found.', hint: 'Use Add Account to record your first business listing or profile.' }}
    >
      {(accounts) => (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {accounts.map((a) => (
            <BusinessAccountCard key={a.id} clientId={clientId} account={a} />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

function AddAccount({ clientId }: { clientId: string }) {
  const add = useFormOpen();
  const create = useCreateBusinessAccount(clientId);
  const save = (input: BusinessAccountInput) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(businessAccountMessages.added);
        add.close();
      },
      onError: (e) => {
        toast.error(businessAccountMessages.error);
        add.failed(e);
      },
    });
  return (
    <Dialog open={add.isOpen} onOpenChange={(o) => !create.isPending && add.to(o)}>
      <Button onClick={add.open}>
        <Plus aria-hidden="true" /> Add Account
      </Button>
      <DialogContent title="Add New Account" className="max-w-2xl">
        {add.isOpen && (
          <BusinessAccountForm
            idPrefix="new-business"
            submitLabel="Save"
            busy={create.isPending}
            error={add.error}
            onSubmit={save}
            onCancel={add.close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
