import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ClipboardList, Plus, ReceiptText } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ClientSelector } from '../../components/client-selector';
import { QueryStates } from '../../components/query-states';
import { clientLabel, clientSummaryQuery } from '../../lib/client-options';
import { usePagedList } from '../../lib/paged-list';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { recordsQuery } from './api';
import { PURCHASE_ORDERS, RECEIVABLES, type RecordKindUi } from './kinds';
import { RecordCard } from './record-card';
import { RecordDialog } from './record-dialog';
import { StatusTotals } from './status-totals';

export const AccountReceivablesPage = () => <RecordsPage k={RECEIVABLES} />;
export const PurchaseOrdersPage = () => <RecordsPage k={PURCHASE_ORDERS} />;

/**
 * /account-receivable and /purchase-order: a client's own records with the totals by status; an
 * admin sees every client's (each named) or picks one (?client=<id>) to see and add theirs.
 */
function RecordsPage({ k }: { k: RecordKindUi }) {
  useDocumentTitle(k.heading);
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const clientId = isAdmin ? params.get('client') || null : (user?.id ?? null);
  const chosen = useQuery({ ...clientSummaryQuery(clientId ?? ''), enabled: isAdmin && Boolean(clientId) }).data;
  const [adding, setAdding] = useState(false);
  const list = usePagedList(recordsQuery(k, clientId, isAdmin), isAdmin || Boolean(clientId));
  const Icon = k.kind === 'receivable' ? ReceiptText : ClipboardList;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{k.heading}</h1>
          <p className="text-sm text-gray-600">
            {isAdmin
              ? `Every client’s ${k.nounPlural}. Choose a client to see only theirs and to add one for them.`
              : k.intro}
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button onClick={() => setAdding(true)} disabled={!clientId}>
            <Plus aria-hidden="true" /> {k.newLabel}
          </Button>
          {isAdmin && (
            <p className="text-xs text-gray-600">
              {clientId
                ? `For ${chosen ? clientLabel(chosen) : 'the chosen client'}`
                : 'Choose a client below to add one for them.'}
            </p>
          )}
        </div>
      </header>
      {isAdmin && (
        <ClientSelector
          value={clientId ?? ''}
          allOption="All clients"
          onChange={(id) => setParams(id ? { client: id } : {})}
        />
      )}
      {clientId && <RecordDialog k={k} clientId={clientId} open={adding} onOpenChange={setAdding} />}
      {list.lastPage && <StatusTotals k={k} totals={list.lastPage.totals} />}
      <QueryStates
        query={list}
        noun={k.nounPlural}
        loading={`Loading ${k.nounPlural}...`}
        error={`Could not load the ${k.nounPlural}.`}
        empty={{
          title: `No ${k.nounPlural} yet.`,
          hint: isAdmin && !clientId ? 'No client has recorded one yet.' : `Use ${k.newLabel} to record the first one.`,
          icon: <Icon className="size-8 text-gray-400" aria-hidden="true" />,
        }}
      >
        {(records) => (
          <div className="flex flex-col gap-3">
            {records.map((r) => (
              <RecordCard key={r.id} k={k} record={r} showClient={isAdmin} />
            ))}
          </div>
        )}
      </QueryStates>
    </div>
  );
}
