import { useId, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckCircle2, ExternalLink, Pencil, Store, Trash2, Undo2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { bureauLabel } from '../../../shared/credit-rules';
import { firstStepOpenInput } from '../../../shared/credit';
import type { FirstStepAccount, FirstStepOpening } from '../../../shared/first-step';
import { formatDate, localIsoDate } from '../../../shared/format';
import { safeHref } from '../../../shared/urls-rules';
import { putServerError } from '../../lib/server-error';
import { TradelineSection } from '../tradelines/tradeline-section';
import { useDeleteFirstStepAccount, useOpenFirstStep } from './api';
import { FirstStepDialog } from './first-step-dialog';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

/** 'Mark as opened' with the date, or the opening: its date, Undo (confirmed) and its tradeline. */
function Opening({
  clientId,
  account,
  opening,
  forClient,
}: {
  clientId: string;
  account: FirstStepAccount;
  opening: FirstStepOpening | null;
  forClient: boolean;
}) {
  const p = useId();
  const { open, undo } = useOpenFirstStep(clientId, account.id);
  const [marking, setMarking] = useState(false);
  const form = useForm<z.input<typeof firstStepOpenInput>, unknown, z.output<typeof firstStepOpenInput>>({
    resolver: zodResolver(firstStepOpenInput),
    defaultValues: { dateOpened: localIsoDate() },
    shouldFocusError: false,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  // The date's problem, the form's own or the server's, is said in the line under it.
  const error = form.formState.errors.dateOpened?.message ?? serverError;
  const [confirming, setConfirming] = useState(false);

  if (opening)
    return (
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-green-50 px-2.5 py-1 text-sm font-medium text-green-800">
            <CheckCircle2 className="size-4" aria-hidden="true" /> Opened on {formatDate(opening.dateOpened)}
          </p>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <Undo2 aria-hidden="true" /> Undo<span className="sr-only"> opened {account.vendor}</span>
          </Button>
        </div>
        <TradelineSection
          source="first-step"
          id={opening.id}
          clientId={clientId}
          tradeline={opening}
          name={account.vendor}
        />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Undo opened account?"
          description={`${account.vendor} will no longer be marked as opened${forClient ? ' for this client' : ''}, and its tradeline (bureaus and dates) is removed.`}
          confirmLabel="Undo"
          busyLabel="Undoing..."
          busy={undo.isPending}
          onConfirm={() =>
            undo.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(`${account.vendor} is no longer marked as opened.`);
              },
              onError: (e) => toast.error(e.message),
            })
          }
        />
      </div>
    );

  const submit = form.handleSubmit(({ dateOpened }) => {
    setServerError(null);
    open.mutate(dateOpened, {
      onSuccess: () => {
        setMarking(false);
        toast.success(`${account.vendor} marked as opened.`);
      },
      onError: (err) => setServerError(putServerError(form, err)),
    });
  });
  if (!marking)
    return (
      <Button variant="outline" className="self-start" onClick={() => setMarking(true)}>
        <CheckCircle2 aria-hidden="true" /> Mark as opened<span className="sr-only"> for {account.vendor}</span>
      </Button>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <FormField id={`${p}-date`} label="Date opened">
        <Input
          id={`${p}-date`}
          type="date"
          max={localIsoDate()}
          disabled={open.isPending}
          aria-invalid={Boolean(error) || undefined}
          {...form.register('dateOpened')}
        />
      </FormField>
      {error && <Alert tone="error">{error}</Alert>}
      <FormActions busy={open.isPending} submitLabel="Mark as opened" onCancel={() => setMarking(false)} />
    </form>
  );
}

/**
 * One vendor account: what it sells, its requirements, the bureaus it reports to and its
 * application link; for a member (or an admin acting for a client) whether it is opened; for
 * admins edit and delete.
 */
export function FirstStepCard({
  account,
  opening,
  clientId,
  isAdmin,
}: {
  account: FirstStepAccount;
  opening: FirstStepOpening | null;
  /** The client whose opening is shown; null: the catalog alone. */
  clientId: string | null;
  isAdmin: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteFirstStepAccount(account.id);
  const href = safeHref(account.applicationUrl);

  return (
    <Card role="article" aria-label={account.vendor} className="flex min-w-0 flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <Store className="size-5 text-brand-700" aria-hidden="true" />
          </span>
          <h2 className="min-w-0 break-words text-base font-semibold text-gray-900">{account.vendor}</h2>
        </div>
        {isAdmin && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" onClick={() => setEditing(true)} aria-label={`Edit ${account.vendor}`}>
              <Pencil />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-red-700 hover:bg-red-50"
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${account.vendor}`}
            >
              <Trash2 />
            </Button>
          </div>
        )}
      </div>
      <dl className="divide-y divide-gray-100">
        <Row label="What it sells">{account.sells || <span className="text-gray-600">-</span>}</Row>
        <Row label="Requirements">{account.requirements || <span className="text-gray-600">-</span>}</Row>
        <Row label="Reports to">
          {account.bureaus.length ? (
            <span className="flex flex-wrap gap-1.5">
              {account.bureaus.map((b) => (
                <span key={b} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
                  {bureauLabel(b)}
                </span>
              ))}
            </span>
          ) : (
            <span className="text-gray-600">No bureaus listed</span>
          )}
        </Row>
      </dl>
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          Apply at {account.vendor} <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      {clientId && <Opening clientId={clientId} account={account} opening={opening} forClient={isAdmin} />}
      {isAdmin && (
        <>
          <FirstStepDialog account={account} open={editing} onOpenChange={setEditing} />
          <ConfirmDialog
            open={deleting}
            onOpenChange={setDeleting}
            title="Delete this vendor account?"
            description={`${account.vendor} is removed for every member, and members who marked it opened lose it from their tradelines.`}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setDeleting(false);
                  toast.success(`${account.vendor} deleted.`);
                },
                onError: (e) => toast.error(e.message),
              })
            }
          />
        </>
      )}
    </Card>
  );
}
