import { Plus, Share2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import { ClientSelector } from '../../components/client-selector';
import { usePagedList } from '../../lib/paged-list';
import { useDocumentTitle } from '../placeholders/use-document-title';
import type { SocialAccountInput } from '../../../shared/web-presence';
import { usePageClient } from '../../lib/use-page-client';
import { useFormOpen } from '../../lib/use-form-open';
import { socialAccountsQuery, useCreateSocialAccount, type SocialAccountChanges } from './api';
import { SocialAccountCard } from './social-account-card';
import { SocialAccountForm } from './social-account-form';
import { PageHeader } from '../../components/page-header';

/** /social-media: the client's accounts as a card grid; an admin picks the client. */
export function SocialAccountsPage() {
  useDocumentTitle('Social Media Accounts');
  const { isAdmin, clientId, clientName, choose } = usePageClient();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Social Media Accounts"
        intro={
          <>
            {isAdmin && clientName ? `${clientName}'s` : 'Your'} social media logins and profiles. Passwords are
            encrypted and stay masked until you reveal them.
          </>
        }
        actions={clientId && <AddAccount key={clientId} clientId={clientId} />}
      />
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId && <Accounts key={clientId} clientId={clientId} />}
    </div>
  );
}

function Accounts({ clientId }: { clientId: string }) {
  const query = usePagedList(socialAccountsQuery(clientId));
  return (
    <QueryStates
      query={query}
      noun="accounts"
      loading="Loading accounts..."
      error="Could not load the accounts."
      empty={{
        title: 'No accounts found.',
        hint: 'Use Add Account to record a social media login.',
        icon: <Share2 className="size-8 text-gray-400" aria-hidden="true" />,
      }}
    >
      {(accounts) => (
        <div className="grid gap-4 md:grid-cols-2">
          {accounts.map((a) => (
            <SocialAccountCard key={a.id} account={a} />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

function AddAccount({ clientId }: { clientId: string }) {
  const add = useFormOpen();
  const create = useCreateSocialAccount(clientId);
  const save = (input: SocialAccountChanges) =>
    create.mutate(input as SocialAccountInput, {
      onSuccess: () => {
        toast.success('Account added.');
        add.close();
      },
      // The modal stays open with what was typed and the server's reason.
      onError: add.failed,
    });
  return (
    <Dialog open={add.isOpen} onOpenChange={(o) => !create.isPending && add.to(o)}>
      <Button onClick={add.open}>
        <Plus aria-hidden="true" /> Add Account
      </Button>
      <DialogContent
        title="Add Account"
        description="Platform, username and password are required. The password is stored encrypted."
        className="max-w-2xl"
      >
        {add.isOpen && (
          <SocialAccountForm
            idPrefix="new-social"
            submitLabel="Add Account"
            busy={create.isPending}
            error={add.error}
            errorPrefix="Could not add the account: "
            onSubmit={save}
            onCancel={add.close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
