import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { describedBy, FormField, selectClass } from '../../components/ui/form-field';
import { FormActions } from '../../components/ui/form-actions';
import { STATUS_LABELS, type RecordInput, type RecordView } from '../../../shared/records';
import { useServerError } from '../../lib/server-error';
import { useCreateRecord, useUpdateRecord } from './api';
import type { RecordKindUi } from './kinds';

/** The 'New ...' dialog (for `clientId`) or the edit dialog (of `record`); stays open with the server's sentence on failure. */
export function RecordDialog(
  props: { k: RecordKindUi; open: boolean; onOpenChange: (open: boolean) => void } & (
    { clientId: string; record?: undefined } | { record: RecordView; clientId?: undefined }
  ),
) {
  const { k, open, onOpenChange } = props;
  // Not closed (Escape, outside click, the X) while a save is under way.
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent
        title={props.record ? k.newLabel.replace(/^New /, 'Edit ') : k.newLabel}
        description={props.record ? props.record.vendorName : `Record a new ${k.noun}.`}
      >
        {open &&
          (props.record ? (
            <EditForm k={k} record={props.record} onBusy={setBusy} close={() => onOpenChange(false)} />
          ) : (
            <CreateForm k={k} clientId={props.clientId!} onBusy={setBusy} close={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({
  k,
  clientId,
  onBusy,
  close,
}: {
  k: RecordKindUi;
  clientId: string;
  onBusy: (busy: boolean) => void;
  close: () => void;
}) {
  const create = useCreateRecord(k, clientId);
  useEffect(() => {
    onBusy(create.isPending);
    return () => onBusy(false);
  }, [create.isPending, onBusy]);
  const [error, setError] = useState<Error | null>(null);
  return (
    <RecordForm
      k={k}
      submitLabel="Save"
      busy={create.isPending}
      error={error}
      onCancel={close}
      onSubmit={(v) =>
        create.mutate(v, {
          onSuccess: () => {
            toast.success(`${k.noun.replace(/^./, (c) => c.toUpperCase())} added.`);
            close();
          },
          onError: setError,
        })
      }
    />
  );
}

function EditForm({
  k,
  record,
  onBusy,
  close,
}: {
  k: RecordKindUi;
  record: RecordView;
  onBusy: (busy: boolean) => void;
  close: () => void;
}) {
  const update = useUpdateRecord(k, record);
  useEffect(() => {
    onBusy(update.isPending);
    return () => onBusy(false);
  }, [update.isPending, onBusy]);
  const [error, setError] = useState<Error | null>(null);
  return (
    <RecordForm
      k={k}
      record={record}
      submitLabel="Save Changes"
      busy={update.isPending}
      error={error}
      onCancel={close}
      onSubmit={(v) =>
        update.mutate(v, {
          onSuccess: () => {
            toast.success(`${k.noun.replace(/^./, (c) => c.toUpperCase())} updated.`);
            close();
          },
          onError: setError,
        })
      }
    />
  );
}

function RecordForm(props: {
  k: RecordKindUi;
  record?: RecordView;
  submitLabel: string;
  busy: boolean;
  /** The failed save's error: a refusal of one field is shown under that field, anything else in the alert. */
  error: Error | null;
  onSubmit: (v: RecordInput) => void;
  onCancel: () => void;
}) {
  const { k, record, busy } = props;
  const form = useForm<RecordInput>({
    resolver: zodResolver(k.schema) as unknown as Resolver<RecordInput>,
    defaultValues: {
      vendorName: record?.vendorName ?? '',
      amount: record?.amount,
      [k.dateKey]: record?.[k.dateKey] ?? '',
      status: record?.status ?? 'pending',
    },
  });
  const e = form.formState.errors;
  const alert = useServerError(form, props.error);
  const id = (name: string) => `${k.path}-${record?.id ?? 'new'}-${name}`;
  const dateError = form.getFieldState(k.dateKey, form.formState).error?.message;
  return (
    <form onSubmit={form.handleSubmit(props.onSubmit)} noValidate className="flex flex-col gap-4">
      <FormField id={id('vendor')} label="Vendor Name" error={e.vendorName?.message}>
        <Input
          id={id('vendor')}
          autoComplete="off"
          disabled={busy}
          aria-invalid={Boolean(e.vendorName)}
          aria-describedby={describedBy(id('vendor'), undefined, e.vendorName)}
          {...form.register('vendorName')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('amount')} label="Amount (USD)" error={e.amount?.message}>
          <Input
            id={id('amount')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            placeholder="0.00"
            disabled={busy}
            aria-invalid={Boolean(e.amount)}
            aria-describedby={describedBy(id('amount'), undefined, e.amount)}
            {...form.register('amount', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id={id('date')} label={k.dateLabel} error={dateError}>
          <Input
            id={id('date')}
            type="date"
            disabled={busy}
            aria-invalid={Boolean(dateError)}
            aria-describedby={describedBy(id('date'), undefined, dateError)}
            {...form.register(k.dateKey)}
          />
        </FormField>
      </div>
      <FormField id={id('status')} label="Status" error={e.status?.message}>
        <select id={id('status')} className={selectClass} disabled={busy} {...form.register('status')}>
          {k.statuses.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </FormField>
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions busy={busy} submitLabel={props.submitLabel} onCancel={props.onCancel} />
    </form>
  );
}
