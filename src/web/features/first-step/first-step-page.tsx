import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Lock, Plus, Store } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { ClientSelector } from '../../components/client-selector';
import { QueryStates } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { clientLabel, clientSummaryQuery, useDefaultClient } from '../../lib/client-options';
import { usePagedList } from '../../lib/paged-list';
import { MEMBERS_ONLY_TITLE } from '../../../shared/credit-rules';
import { MEMBERS_ONLY_ERROR, MEMBERS_ONLY_TEXT } from '../../../shared/first-step';
import { JOIN_LINK, JOIN_LINK_LABEL } from '../../../shared/membership-rules';
import { membershipQuery } from '../account/membership-api';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { catalogQuery, clientFirstStepQuery } from './api';
import { FirstStepCard } from './first-step-card';
import { FirstStepDialog } from './first-step-dialog';
import { LoadFailed, Loading } from '../../components/load-states';
import { useIsPortalAdmin } from '../../app/portal-admin';

export const FIRST_STEP_HEADING = 'First Step Accounts';

const grid = 'grid gap-4 md:grid-cols-2 xl:grid-cols-3';

/** The original product's notice for non-members, with the way to join. */
function MembersOnlyNotice() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
          <Lock className="size-6 text-brand-700" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold text-gray-900">{MEMBERS_ONLY_TITLE}</h2>
        <p className="max-w-md text-sm text-gray-700">{MEMBERS_ONLY_TEXT}</p>
        <Button asChild>
          <Link to={JOIN_LINK}>See {JOIN_LINK_LABEL}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

const emptyFor = (isAdmin: boolean) => ({
  title: 'No vendor accounts yet',
  hint: isAdmin
    ? 'Use Add Vendor Account to list the first starter account (net-30 vendors that report to the bureaus).'
    : 'Our staff have not listed any starter accounts yet. Check back soon.',
  icon: <Store className="size-8 text-gray-400" aria-hidden="true" />,
});

/** The catalog with one client's openings (a member's own, or an admin's chosen client). */
function ClientAccounts({ clientId, isAdmin }: { clientId: string; isAdmin: boolean }) {
  const list = usePagedList(clientFirstStepQuery(clientId));
  // Membership ended while the page was open: the server says so.
  if (list.isError && list.error?.message === MEMBERS_ONLY_ERROR) return <MembersOnlyNotice />;
  return (
    <QueryStates
      query={list}
      noun="accounts"
      loading="Loading accounts..."
      error="Could not load the First Step Accounts."
      empty={emptyFor(isAdmin)}
    >
      {(items) => (
        <div className={grid}>
          {items.map((a) => (
            <FirstStepCard key={a.id} account={a} opening={a.opening} clientId={clientId} isAdmin={isAdmin} />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

/** An admin with no client chosen (no clients yet): the catalog alone. */
function Catalog() {
  const list = usePagedList(catalogQuery());
  return (
    <QueryStates
      query={list}
      noun="accounts"
      loading="Loading accounts..."
      error="Could not load the First Step Accounts."
      empty={emptyFor(true)}
    >
      {(items) => (
        <div className={grid}>
          {items.map((a) => (
            <FirstStepCard key={a.id} account={a} opening={null} clientId={null} isAdmin />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

function ClientMembership({ clientId }: { clientId: string }) {
  const membership = useQuery(membershipQuery(clientId));
  const client = useQuery(clientSummaryQuery(clientId));
  if (membership.data?.isPaid !== false) return null;
  const name = client.data ? clientLabel(client.data) : 'This client';
  return (
    <Alert tone="warning">
      {name} is not a member: they see the {MEMBERS_ONLY_TITLE} notice. You can still mark accounts opened for them;
      turn their membership on from the{' '}
      <Link to="/clients" className="font-medium underline underline-offset-2">
        Clients
      </Link>{' '}
      page.
    </Alert>
  );
}

function AdminView() {
  const [params, setParams] = useSearchParams();
  const clientId = useDefaultClient(true, params.get('client'));
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <ClientSelector value={clientId} onChange={(id) => setParams({ client: id })} />
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add Vendor Account
        </Button>
      </div>
      <FirstStepDialog open={adding} onOpenChange={setAdding} />
      {clientId && <ClientMembership clientId={clientId} />}
      {clientId ? <ClientAccounts key={clientId} clientId={clientId} isAdmin /> : <Catalog />}
    </>
  );
}

function MemberView({ clientId }: { clientId: string }) {
  const membership = useQuery(membershipQuery(clientId));
  if (membership.isError && !membership.data)
    return <LoadFailed message="Could not check your membership." query={membership} />;
  if (!membership.data) return <Loading label="Loading..." />;
  return membership.data.isPaid ? <ClientAccounts clientId={clientId} isAdmin={false} /> : <MembersOnlyNotice />;
}

/** /first-step-accounts: starter vendor accounts for members and admins; non-members see the original product's notice. */
export function FirstStepAccountsPage() {
  useDocumentTitle(FIRST_STEP_HEADING);
  // Shared content managed by administrators: a staff member sees it as any signed-in user does.
  const { user } = useAuth();
  const isAdmin = useIsPortalAdmin();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{FIRST_STEP_HEADING}</h1>
        <p className="text-sm text-gray-600">
          Starter vendor accounts (net-30) that report to the business credit bureaus. Open one with the vendor, then
          mark it as opened here: it becomes one of your tradelines.
        </p>
      </header>
      {isAdmin ? <AdminView /> : user ? <MemberView clientId={user.id} /> : null}
    </div>
  );
}
