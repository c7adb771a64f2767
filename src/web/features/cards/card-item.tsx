import { useState, type ReactNode } from 'react';
import { CreditCard, ExternalLink, Store } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { EditableCard } from '../../components/editable-card';
import { useFormOpen } from '../../lib/use-form-open';
import { useSecretReveal } from '../../components/secret-reveal';
import { formatMoney } from '../../../shared/format';
import { safeHref } from '../../../shared/urls-rules';
import { CARD_MESSAGES, type StoreCardSecret } from '../../../shared/credit-rules';
import { STORE_CARD_SECRET_LABELS, type Card, type StoreCard } from '../../../shared/cards';
import { TradelineSection } from '../tradelines/tradeline-section';
import { revealCardSecret, useDeleteCard, useUpdateCard, type CardInput } from './api';
import { CardForm } from './card-form';

function Row({ label, children, actions }: { label: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-2 last:border-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <dt className="shrink-0 text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-sm text-gray-900 sm:justify-end sm:text-right">
        <span className="min-w-0 whitespace-pre-line break-words">{children}</span>
        {actions}
      </dd>
    </div>
  );
}

const none = <span className="text-gray-500">-</span>;

/** A masked secret with Reveal/Hide and Copy, both through the audited reveal route. */
function SecretRow({ card, field }: { card: StoreCard; field: StoreCardSecret }) {
  const label = STORE_CARD_SECRET_LABELS[field];
  const masked =
    field === 'account-number'
      ? card.accountNumberMasked
      : field === 'username'
        ? card.usernameMasked
        : card.passwordMasked;
  const secret = useSecretReveal({
    label,
    masked: masked ?? '',
    fetchValue: () => revealCardSecret(card.clientId, card.id, field),
    testId: `${field}-value`,
  });
  if (!masked) return <Row label={label}>{none}</Row>;
  return (
    <Row label={label} actions={secret.actions}>
      {secret.value}
    </Row>
  );
}

/** One card: its terms, the application link, secrets masked (store cards), its tradeline; edit inline, delete after confirming. */
export function CardItem({ card, clientName }: { card: Card; clientName?: string }) {
  const edit = useFormOpen();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateCard(card.kind, card.clientId, card.id);
  const remove = useDeleteCard(card.kind, card.clientId, card.id);
  const title = card.issuer || 'Card';
  const href = safeHref(card.applicationUrl);
  const Icon = card.kind === 'store' ? Store : CreditCard;

  const save = (input: CardInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success(CARD_MESSAGES.updated);
        edit.close();
      },
      onError: (e) => {
        toast.error(CARD_MESSAGES.updateFailed);
        edit.failed(e);
      },
    });
  // The original product's delete message only when the delete succeeded (it showed it even on failure).
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(CARD_MESSAGES.deleted[card.kind]);
      },
      onError: (e) => toast.error(`Could not delete the card: ${e.message}`),
    });

  return (
    // min-w-0: as a grid item the card would otherwise grow to its longest word past a phone's width.
    <EditableCard
      title={title}
      className="flex min-w-0 flex-col"
      data-search-id={card.id}
      heading={
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <Icon className="size-5 text-brand-700" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="break-words text-base font-semibold text-gray-900">{title}</h2>
            {card.cardType && <p className="break-words text-xs text-gray-600">{card.cardType}</p>}
            {clientName && <p className="truncate text-xs text-gray-600">Client: {clientName}</p>}
          </div>
        </div>
      }
      editing={edit.isOpen}
      onEdit={edit.open}
      form={
        <CardForm
          kind={card.kind}
          idPrefix={`edit-${card.id}`}
          card={card}
          submitLabel="Save Changes"
          busy={update.isPending}
          error={edit.error}
          errorPrefix={`${CARD_MESSAGES.updateFailed} `}
          onSubmit={save}
          onCancel={edit.close}
        />
      }
      contentClassName="flex flex-1 flex-col gap-3 p-4 pt-0"
      confirm={{
        open: confirming,
        onOpenChange: setConfirming,
        title: card.kind === 'store' ? 'Delete this store card?' : 'Delete this credit card?',
        description: `${title}${card.kind === 'store' ? ' and its stored account details' : ''} will be removed, with its tradeline. This cannot be undone.`,
        busy: remove.isPending,
        onConfirm: confirmDelete,
      }}
    >
      <dl>
        <Row label="Credit Limit">{card.creditLimit === null ? none : formatMoney(card.creditLimit)}</Row>
        <Row label="APR">{card.apr || none}</Row>
        {card.kind === 'revolving' && (
          <Row label="Annual Fee">{card.annualFee === null ? none : formatMoney(card.annualFee)}</Row>
        )}
        {card.kind === 'revolving' && <Row label="Rewards">{card.rewards || none}</Row>}
        <Row label="Benefits">{card.benefits || none}</Row>
        <Row label="Requirements">{card.requirements || none}</Row>
        {card.kind === 'store' &&
          (['account-number', 'username', 'password'] as const).map((f) => <SecretRow key={f} card={card} field={f} />)}
      </dl>
      {href && (
        <div>
          <Button asChild size="sm" variant="outline">
            <a href={href} target="_blank" rel="noopener noreferrer">
              Apply
              <span className="sr-only"> for {title} (opens in a new tab)</span>
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </div>
      )}
      <div className="mt-auto">
        <TradelineSection
          source={card.kind}
          id={card.id}
          clientId={card.clientId}
          tradeline={card.tradeline}
          name={title}
        />
      </div>
    </EditableCard>
  );
}
