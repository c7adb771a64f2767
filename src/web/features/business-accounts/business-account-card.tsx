import { useState } from 'react';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/cn';
import { safeHref } from '../../../shared/urls-rules';
import {
  businessAccountMessages,
  type BusinessAccount,
  type BusinessAccountInput,
} from '../../../shared/business-accounts';
import { useDeleteBusinessAccount, useUpdateBusinessAccount } from './api';
import { BusinessAccountForm } from './business-account-form';
import { useFormOpen } from '../../lib/use-form-open';

/** Blue for Active, yellow otherwise (as the original product does); the word is always shown, so colour is not the only signal. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        status === 'Active'
          ? 'border-blue-200 bg-blue-50 text-blue-800'
          : 'border-yellow-200 bg-yellow-50 text-yellow-900',
      )}
    >
      {status || 'Pending'}
    </span>
  );
}

/** One account: view mode, or edit mode (the account and its details saved together). */
export function BusinessAccountCard({ clientId, account }: { clientId: string; account: BusinessAccount }) {
  const edit = useFormOpen();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateBusinessAccount(clientId, account.id);
  const remove = useDeleteBusinessAccount(clientId, account.id);

  const save = (input: BusinessAccountInput) =>
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Account updated successfully');
        edit.close();
      },
      onError: (e) => {
        toast.error(businessAccountMessages.error);
        edit.failed(e);
      },
    });
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(businessAccountMessages.deleted);
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    <Card role="article" aria-label={account.name} className="flex flex-col" data-search-id={account.id}>
      <div className="flex items-start justify-between gap-2 p-4 pb-2">
        <h2 className="min-w-0 break-words text-base font-semibold text-gray-900">{account.name}</h2>
        <StatusBadge status={account.status} />
      </div>
      <CardContent className="flex flex-1 flex-col gap-3 p-4 pt-0">
        {edit.isOpen ? (
          <BusinessAccountForm
            idPrefix={`edit-${account.id}`}
            account={account}
            submitLabel="Save"
            busy={update.isPending}
            error={edit.error}
            onSubmit={save}
            onCancel={edit.close}
          />
        ) : (
          <>
            {account.description && <p className="whitespace-pre-line text-sm text-gray-700">{account.description}</p>}
            {safeHref(account.businessAccountUrl) ? (
              <a
                href={safeHref(account.businessAccountUrl)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 break-all text-sm text-brand-700 underline-offset-4 hover:underline"
              >
                {account.businessAccountUrl} <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              </a>
            ) : (
              account.businessAccountUrl && (
                <p className="break-all text-sm text-gray-700">{account.businessAccountUrl}</p>
              )
            )}
            {account.details.length > 0 && (
              <dl className="rounded-md border border-gray-100 bg-gray-50 px-3 py-1">
                {account.details.map((d) => (
                  <div
                    key={d.id}
                    className="flex flex-wrap justify-between gap-x-3 border-b border-gray-100 py-1.5 text-sm last:border-0"
                  >
                    <dt className="font-medium text-gray-600">{d.label}</dt>
                    <dd className="min-w-0 break-words text-gray-900">{d.value || '-'}</dd>
                  </div>
                ))}
              </dl>
            )}
            {account.notes && (
              <p className="whitespace-pre-line text-sm text-gray-600">
                <span className="font-medium text-gray-800">Notes: </span>
                {account.notes}
              </p>
            )}
            <div className="mt-auto flex gap-2 pt-2">
              <Button variant="outline" size="sm" onClick={edit.open} aria-label={`Edit ${account.name}`}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${account.name}`}
              >
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this account?"
        description={`${account.name} and its details will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
