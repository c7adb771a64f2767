import { useState } from 'react';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import {
  USER_NOT_AUTHENTICATED,
  type BankAccount,
  type BankAccountInput,
  type BankAccountWithClient,
} from '../../../shared/bank-accounts';
import { usePageClient } from '../../lib/use-page-client';
import { useFormOpen } from '../../lib/use-form-open';
import { ClientSelector } from '../../components/client-selector';
import { allBankAccountsQuery, bankAccountsQuery, useCreateBankAccount } from './api';
import { BankAccountCard } from './bank-account-card';
import { BankAccountForm } from './bank-account-form';
import { PageHeader } from '../../components/page-header';

/** /bank: a client's own accounts; an admin picks a client (?client=<id>, else the oldest). */
export function BankAccountsPage() {
  const { user } = useAuth();
  const { isAdmin, clientId, clientName, choose } = usePageClient();
  const [everyClient, setEveryClient] = useState(false);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Business Bank Accounts"
        intro="Keep your business bank accounts in one place. Account and routing numbers stay masked until you reveal them."
        actions={clientId && <AddBankAccount clientId={clientId} />}
      />
      {!user && <Alert tone="error">{USER_NOT_AUTHENTICATED}</Alert>}
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {isAdmin && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={everyClient}
            onChange={(e) => setEveryClient(e.target.checked)}
          />
          Show every client&apos;s accounts
        </label>
      )}
      {isAdmin && everyClient ? (
        <EveryClientList />
      ) : (
        clientId && <AccountList key={clientId} clientId={clientId} clientName={clientName} />
      )}
    </div>
  );
}

/** Admins: every client's accounts, each card naming its client. */
function EveryClientList() {
  const query = usePagedList(allBankAccountsQuery());
  return (
    <Accounts
      query={query}
      nameOf={(a) => (a as BankAccountWithClient).clientName || (a as BankAccountWithClient).clientEmail}
    />
  );
}

function AccountList({ clientId, clientName }: { clientId: string; clientName?: string }) {
  const query = usePagedList(bankAccountsQuery(clientId));
  return <Accounts query={query} nameOf={() => clientName} />;
}

function Accounts({
  query,
  nameOf,
}: {
  query: PagedList<BankAccount>;
  nameOf: (a: BankAccount) => string | undefined;
}) {
  return (
    <QueryStates
      query={query}
      noun="accounts"
      loading="Loading accounts..."
      error="Could not load the bank accounts."
      empty={{ title: 'No accounts found.', hint: 'Use Add Bank Account to record your first business bank account.' }}
    >
      {(accounts) => (
        <div className="grid gap-4 lg:grid-cols-2">
          {accounts.map((a) => (
            <BankAccountCard key={a.id} account={a} clientName={nameOf(a)} />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

function AddBankAccount({ clientId }: { clientId: string }) {
  const add = useFormOpen();
  const create = useCreateBankAccount(clientId);
  const save = (input: BankAccountInput) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success('Bank account added');
        add.close();
      },
      onError: add.failed,
    });
  return (
    <Dialog open={add.isOpen} onOpenChange={(o) => !create.isPending && add.to(o)}>
      <Button onClick={add.open}>
        <Plus aria-hidden="true" /> Add Bank Account
      </Button>
      <DialogContent
        title="Add Bank Account"
        description="Numbers are encrypted and shown masked."
        className="max-w-2xl"
      >
        {add.isOpen && (
          <BankAccountForm
            idPrefix="new-bank"
            submitLabel="Add Account"
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
