import { useState, type ReactNode } from 'react';
import { Check, ExternalLink, Landmark, X } from 'lucide-react';
import { toast } from '../../lib/toast';
import { formatDate, formatMoney } from '../../../shared/format';
import { safeHref } from '../../../shared/urls-rules';
import {
  bankAccountFlags,
  type BankAccount,
  type BankAccountInput,
  type BankNumberField,
} from '../../../shared/bank-accounts';
import { revealBankNumber, useDeleteBankAccount, useUpdateBankAccount } from './api';
import { BankAccountForm } from './bank-account-form';
import { EditableCard } from '../../components/editable-card';
import { useFormOpen } from '../../lib/use-form-open';
import { useSecretReveal } from '../../components/secret-reveal';
import { CopyButton } from '../../components/copy-button';

function Row({ label, children, copy }: { label: string; children: ReactNode; copy?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-2 last:border-0 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-sm text-gray-900 sm:justify-end">
        <span className="min-w-0 break-words">{children}</span>
        {copy}
      </dd>
    </div>
  );
}

const empty = <span className="text-gray-500">-</span>;

/** A masked number with Reveal/Hide and Copy, both through the audited reveal route. */
function NumberRow({ account, field, label }: { account: BankAccount; field: BankNumberField; label: string }) {
  const masked = field === 'account-number' ? account.accountNumberMasked : account.routingNumberMasked;
  const secret = useSecretReveal({
    label,
    masked: masked ?? '',
    fetchValue: () => revealBankNumber(account.clientId, account.id, field),
    testId: `${field}-value`,
  });
  if (!masked) return <Row label={label}>{empty}</Row>;
  return (
    <Row label={label} copy={secret.actions}>
      {secret.value}
    </Row>
  );
}

function TextRow({ label, value }: { label: string; value: string }) {
  return (
    <Row label={label} copy={value ? <CopyButton label={label} value={() => value} /> : undefined}>
      {value || empty}
    </Row>
  );
}

/** One account: every field, copy per field, inline edit, delete after confirmation. */
export function BankAccountCard({ account, clientName }: { account: BankAccount; clientName?: string }) {
  const edit = useFormOpen();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateBankAccount(account.clientId, account.id);
  const remove = useDeleteBankAccount(account.clientId, account.id);
  const title = account.bankName || 'Bank account';

  const save = (input: BankAccountInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Bank account updated');
        edit.close();
      },
      onError: edit.failed,
    });
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Bank account deleted');
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    // min-w-0: as a grid item the card would otherwise grow to its longest line (a long bank name) past a phone's width.
    <EditableCard
      title={title}
      className="min-w-0"
      data-search-id={account.id}
      heading={
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <Landmark className="size-5 text-brand-700" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-gray-900">{title}</h2>
            {clientName && <p className="truncate text-xs text-gray-500">Client: {clientName}</p>}
          </div>
        </div>
      }
      editing={edit.isOpen}
      onEdit={edit.open}
      form={
        <BankAccountForm
          idPrefix={`edit-${account.id}`}
          account={account}
          submitLabel="Save Changes"
          busy={update.isPending}
          error={edit.error}
          onSubmit={save}
          onCancel={edit.close}
        />
      }
      contentClassName="p-4 pt-0"
      confirm={{
        open: confirming,
        onOpenChange: setConfirming,
        title: 'Delete this bank account?',
        description: `${title} and its numbers will be removed. This cannot be undone.`,
        busy: remove.isPending,
        onConfirm: confirmDelete,
      }}
    >
      <dl>
        <TextRow label="Bank Name" value={account.bankName} />
        <NumberRow account={account} field="account-number" label="Account Number" />
        <NumberRow account={account} field="routing-number" label="Routing Number" />
        <TextRow label="Account Owner" value={account.accountOwner} />
        <TextRow label="Address on the account" value={account.address} />
        <TextRow label="Phone on the account" value={account.phone} />
        <TextRow label="Date Opened" value={account.dateOpened ? formatDate(account.dateOpened) : ''} />
        <TextRow label="Monthly Fees" value={formatMoney(account.monthlyFees)} />
        <Row
          label="Business Url"
          copy={
            account.businessAccountUrl ? (
              <CopyButton label="Business Url" value={() => account.businessAccountUrl} />
            ) : undefined
          }
        >
          {safeHref(account.businessAccountUrl) ? (
            <a
              href={safeHref(account.businessAccountUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
            >
              Business Url <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          ) : (
            account.businessAccountUrl || empty
          )}
        </Row>
        <TextRow label="Notes" value={account.notes} />
      </dl>
      <div className="flex flex-wrap gap-2 pt-3" aria-label="Account type">
        {bankAccountFlags.map((f) => (
          <span
            key={f.key}
            className={
              account[f.key]
                ? 'inline-flex items-center gap-1 rounded-full border border-green-200 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800'
                : 'inline-flex items-center gap-1 rounded-full border border-gray-200 bg-gray-50 px-2 py-0.5 text-xs text-gray-500'
            }
          >
            {account[f.key] ? (
              <Check className="size-3" aria-hidden="true" />
            ) : (
              <X className="size-3" aria-hidden="true" />
            )}
            {f.label}
            <span className="sr-only">{account[f.key] ? ': yes' : ': no'}</span>
          </span>
        ))}
      </div>
    </EditableCard>
  );
}
