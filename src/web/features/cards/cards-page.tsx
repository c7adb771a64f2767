import { useState } from 'react';
import { CreditCard, Plus, Store } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import { ClientSelector } from '../../components/client-selector';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { usePageClient } from '../../lib/use-page-client';
import { useFormOpen } from '../../lib/use-form-open';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { CARD_MESSAGES, type CardKind } from '../../../shared/credit-rules';
import type { Card, WithClient } from '../../../shared/cards';
import { allCardsQuery, cardsQuery, useCreateCard, type CardInput } from './api';
import { CardItem } from './card-item';
import { CardForm } from './card-form';
import { PageHeader } from '../../components/page-header';

const TEXT = {
  store: {
    heading: 'Store Credit Building',
    intro:
      'Store cards that build your business credit. Account numbers, usernames and passwords are encrypted and stay masked until you reveal them.',
    add: 'Add Store Card',
    noun: 'store cards',
    everyClient: "Show every client's store cards",
    empty: { title: 'No store cards yet.', hint: 'Use Add Store Card to record the first store card you applied for.' },
  },
  revolving: {
    heading: 'Revolving Credit',
    intro: 'Business credit cards: limits, APR, rewards and annual fees in one place.',
    add: 'Add Credit Card',
    noun: 'credit cards',
    everyClient: "Show every client's credit cards",
    empty: { title: 'No credit cards yet.', hint: 'Use Add Credit Card to record your first business credit card.' },
  },
} as const;

/** /store-credit */
export const StoreCreditPage = () => <CardsPage kind="store" />;
/** /revolving-credit */
export const RevolvingCreditPage = () => <CardsPage kind="revolving" />;

/** A client's own cards; an admin picks a client (?client=<id>, else the oldest) or views every client's. */
function CardsPage({ kind }: { kind: CardKind }) {
  const text = TEXT[kind];
  useDocumentTitle(text.heading);
  const { isAdmin, clientId, clientName, choose } = usePageClient();
  const [everyClient, setEveryClient] = useState(false);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={text.heading}
        intro={text.intro}
        actions={clientId && <AddCard kind={kind} clientId={clientId} />}
      />
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {isAdmin && (
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={everyClient}
            onChange={(e) => setEveryClient(e.target.checked)}
          />
          {text.everyClient}
        </label>
      )}
      {isAdmin && everyClient ? (
        <EveryClientList kind={kind} />
      ) : (
        clientId && <ClientList key={clientId} kind={kind} clientId={clientId} clientName={clientName} />
      )}
    </div>
  );
}

/** Admins: every client's cards, each naming its client. */
function EveryClientList({ kind }: { kind: CardKind }) {
  const query = usePagedList(allCardsQuery(kind));
  return (
    <Cards
      kind={kind}
      query={query}
      nameOf={(c) => (c as WithClient<Card>).clientName || (c as WithClient<Card>).clientEmail}
    />
  );
}

function ClientList({ kind, clientId, clientName }: { kind: CardKind; clientId: string; clientName?: string }) {
  const query = usePagedList(cardsQuery(kind, clientId));
  return <Cards kind={kind} query={query} nameOf={() => clientName} />;
}

function Cards({
  kind,
  query,
  nameOf,
}: {
  kind: CardKind;
  query: PagedList<Card>;
  nameOf: (c: Card) => string | undefined;
}) {
  const text = TEXT[kind];
  const Icon = kind === 'store' ? Store : CreditCard;
  return (
    <QueryStates
      query={query}
      noun={text.noun}
      loading={`Loading ${text.noun}...`}
      error={`Could not load the ${text.noun}.`}
      empty={{ ...text.empty, icon: <Icon className="size-8 text-gray-400" aria-hidden="true" /> }}
    >
      {(cards) => (
        <div className="grid gap-4 lg:grid-cols-2">
          {cards.map((c) => (
            <CardItem key={c.id} card={c} clientName={nameOf(c)} />
          ))}
        </div>
      )}
    </QueryStates>
  );
}

function AddCard({ kind, clientId }: { kind: CardKind; clientId: string }) {
  const text = TEXT[kind];
  const add = useFormOpen();
  const create = useCreateCard(kind, clientId);
  const save = (input: CardInput) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(CARD_MESSAGES.added);
        add.close();
      },
      // The dialog stays open with what was typed and the server's reason.
      onError: (e) => {
        toast.error(CARD_MESSAGES.addFailed);
        add.failed(e);
      },
    });
  return (
    <Dialog open={add.isOpen} onOpenChange={(o) => !create.isPending && add.to(o)}>
      <Button onClick={add.open}>
        <Plus aria-hidden="true" /> {text.add}
      </Button>
      <DialogContent
        title={text.add}
        description={
          kind === 'store' ? 'Account details are encrypted and shown masked.' : 'Only the issuer is required.'
        }
        className="max-w-2xl"
      >
        {add.isOpen && (
          <CardForm
            kind={kind}
            idPrefix={`new-${kind}`}
            submitLabel="Add Card"
            busy={create.isPending}
            error={add.error}
            errorPrefix={`${CARD_MESSAGES.addFailed} `}
            onSubmit={save}
            onCancel={add.close}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
