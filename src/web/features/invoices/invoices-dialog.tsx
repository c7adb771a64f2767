import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Download, FileUp, Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { FormActions } from '../../components/ui/form-actions';
import { describedBy, FormField } from '../../components/ui/form-field';
import { textFieldsOf } from '../../components/ui/text-field';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { payloadResolver } from '../../lib/payload-resolver';
import { useServerError } from '../../lib/server-error';
import { saveBlob } from '../../lib/save-download';
import { formatDate, formatMoney } from '../../../shared/format';
import type { TradelineSource } from '../../../shared/credit-rules';
import { invoiceInput, parseInvoiceCsv, type InvoiceInput, type InvoiceRowError } from '../../../shared/invoices';
import {
  INVOICE_CSV_TEMPLATE,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  TERMS_OPTIONS,
  termsLabel,
  type Invoice,
} from '../../../shared/invoices-rules';
import { invoicesQuery, useAddInvoice, useDeleteInvoice, useImportInvoices, useUpdateInvoice } from './api';

type Ref = { clientId: string; source: TradelineSource; id: string };
type View = { kind: 'list' } | { kind: 'form'; invoice?: Invoice } | { kind: 'import' };

/**
 * A tradeline's invoices in a dialog (loaded when it opens, with its forms): the list with Add,
 * Edit and Delete (confirmed), and Import CSV with its template.
 */
export function InvoicesDialog({
  open,
  onOpenChange,
  name,
  ...ref
}: Ref & { open: boolean; onOpenChange: (open: boolean) => void; name: string }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) toList();
      }}
    >
      <DialogContent
        title={`Invoices: ${name}`}
        description="What this vendor billed and when you paid: your estimated PAYDEX on the D&B page is worked out from them."
        className="max-w-2xl"
      >
        {view.kind === 'list' && (
          <InvoiceList
            ref_={ref}
            onAdd={() => setView({ kind: 'form' })}
            onEdit={(invoice) => setView({ kind: 'form', invoice })}
            onImport={() => setView({ kind: 'import' })}
          />
        )}
        {view.kind === 'form' && <InvoiceForm ref_={ref} invoice={view.invoice} onDone={toList} />}
        {view.kind === 'import' && <InvoiceImport ref_={ref} onDone={toList} />}
      </DialogContent>
    </Dialog>
  );
}

function InvoiceList({
  ref_,
  onAdd,
  onEdit,
  onImport,
}: {
  ref_: Ref;
  onAdd: () => void;
  onEdit: (invoice: Invoice) => void;
  onImport: () => void;
}) {
  const list = usePagedList(invoicesQuery(ref_));
  const remove = useDeleteInvoice(ref_);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onAdd}>
          <Plus aria-hidden="true" /> Add invoice
        </Button>
        <Button size="sm" variant="outline" onClick={onImport}>
          <FileUp aria-hidden="true" /> Import CSV
        </Button>
      </div>
      <QueryStates
        query={list}
        noun="invoices"
        loading="Loading invoices..."
        error="Could not load the invoices."
        empty={{ title: 'No invoices yet', hint: 'Add the invoices of this vendor, or import them from a CSV file.' }}
      >
        {(items) => (
          <ul className="flex flex-col gap-2" aria-label="Invoices">
            {items.map((inv) => (
              <li key={inv.id} className="rounded-lg border border-gray-200 p-3" data-testid="invoice-row">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words font-medium text-gray-900">{inv.number}</p>
                    <p className="text-sm tabular-nums text-gray-900">{formatMoney(inv.amount)}</p>
                  </div>
                  <EditDeleteButtons
                    title={`invoice ${inv.number}`}
                    onEdit={() => onEdit(inv)}
                    onDelete={() => setDeleting(inv)}
                  />
                </div>
                <p className="mt-1 text-xs text-gray-700">
                  {formatDate(inv.invoiceDate)}, {termsLabel(inv.termsDays)}: due {formatDate(inv.dueDate)}
                </p>
                <p className="text-xs text-gray-700">
                  <span className="font-medium">{INVOICE_STATUS_LABELS[inv.status]}</span>
                  {inv.paidDate && inv.paidAmount !== null
                    ? `: ${formatMoney(inv.paidAmount)} on ${formatDate(inv.paidDate)}`
                    : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this invoice?"
        description={deleting ? `Invoice ${deleting.number} (${formatMoney(deleting.amount)}) will be deleted.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(INVOICE_MESSAGES.deleted);
              setDeleting(null);
            },
            onError: (err) => toast.error(err.message),
          })
        }
      />
    </div>
  );
}

type Boxes = {
  number: string;
  invoiceDate: string;
  terms: string;
  termsDays: string;
  amount: string;
  paidDate: string;
  paidAmount: string;
};
const OTHER = 'other';
const boxesOf = (inv?: Invoice): Boxes => ({
  number: inv?.number ?? '',
  invoiceDate: inv?.invoiceDate ?? '',
  terms: !inv ? '30' : (TERMS_OPTIONS as readonly number[]).includes(inv.termsDays) ? String(inv.termsDays) : OTHER,
  termsDays: inv ? String(inv.termsDays) : '',
  amount: inv ? String(inv.amount) : '',
  paidDate: inv?.paidDate ?? '',
  paidAmount: inv?.paidAmount == null ? '' : String(inv.paidAmount),
});
const money = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(/[$,]/g, '')));
const payloadOf = (v: Boxes): InvoiceInput => ({
  number: v.number,
  invoiceDate: v.invoiceDate,
  termsDays: v.terms === OTHER ? (v.termsDays.trim() === '' ? Number.NaN : Number(v.termsDays)) : Number(v.terms),
  amount: money(v.amount),
  paidDate: v.paidDate,
  paidAmount: v.paidAmount.trim() === '' ? null : money(v.paidAmount),
});
const resolver = payloadResolver<Boxes>(invoiceInput, payloadOf);

function InvoiceForm({ ref_, invoice, onDone }: { ref_: Ref; invoice?: Invoice; onDone: () => void }) {
  const add = useAddInvoice(ref_);
  const update = useUpdateInvoice(ref_);
  const save = invoice ? update : add;
  const form = useForm<Boxes>({ resolver, defaultValues: boxesOf(invoice) });
  const alert = useServerError(form, save.error);
  const busy = save.isPending;
  const p = invoice ? `invoice-${invoice.id}` : 'new-invoice';
  const text = textFieldsOf(form, p, busy);
  const terms = useWatch({ control: form.control, name: 'terms' });
  const termsError = form.formState.errors.termsDays?.message;
  const submit = form.handleSubmit((v) => {
    const json = payloadOf(v);
    const done = {
      onSuccess: () => (toast.success(invoice ? INVOICE_MESSAGES.updated : INVOICE_MESSAGES.added), onDone()),
    };
    if (invoice) update.mutate({ invoiceId: invoice.id, json }, done);
    else add.mutate(json, done);
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={invoice ? 'Edit invoice' : 'Add invoice'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('number', 'Invoice number', { required: true, autoComplete: 'off' })}
        {text('invoiceDate', 'Invoice date', { type: 'date', required: true })}
        <FormField id={`${p}-terms`} label="Terms" error={terms === OTHER ? undefined : termsError}>
          <select
            id={`${p}-terms`}
            disabled={busy}
            className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
            aria-describedby={describedBy(`${p}-terms`, undefined, terms === OTHER ? undefined : termsError)}
            {...form.register('terms')}
          >
            <option value="0">{termsLabel(0)}</option>
            {TERMS_OPTIONS.map((d) => (
              <option key={d} value={String(d)}>
                {termsLabel(d)}
              </option>
            ))}
            <option value={OTHER}>Other (days)</option>
          </select>
        </FormField>
        {terms === OTHER && text('termsDays', 'Terms in days', { inputMode: 'numeric', required: true })}
        {text('amount', 'Invoice amount (USD)', { inputMode: 'decimal', placeholder: '0.00', required: true })}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">
          Paid (leave blank while unpaid; part of it is fine)
        </legend>
        {text('paidDate', 'Paid date', { type: 'date' })}
        {text('paidAmount', 'Paid amount (USD)', { inputMode: 'decimal', placeholder: '0.00' })}
      </fieldset>
      {alert && <Alert tone="error">{alert}</Alert>}
      <FormActions busy={busy} submitLabel={invoice ? 'Save invoice' : 'Add invoice'} onCancel={onDone} />
    </form>
  );
}

function InvoiceImport({ ref_, onDone }: { ref_: Ref; onDone: () => void }) {
  const importCsv = useImportInvoices(ref_);
  const [csv, setCsv] = useState<string | null>(null);
  const [errors, setErrors] = useState<InvoiceRowError[]>([]);
  const [count, setCount] = useState(0);
  const busy = importCsv.isPending;
  const choose = async (file: File | undefined) => {
    setCsv(null);
    setErrors([]);
    if (!file) return;
    const text = await file.text();
    const result = parseInvoiceCsv(text);
    setErrors(result.errors);
    setCount(result.invoices.length);
    if (!result.errors.length) setCsv(text);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        One invoice a row, with a header row naming the columns. Every row is checked first: if any is wrong, nothing is
        imported.
      </p>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveBlob(new Blob([INVOICE_CSV_TEMPLATE], { type: 'text/csv' }), 'invoices-template.csv')}
        >
          <Download aria-hidden="true" /> Download the template
        </Button>
      </div>
      <FormField id="invoice-csv" label="CSV file">
        <input
          id="invoice-csv"
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          className="block w-full text-sm"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </FormField>
      {errors.length > 0 && (
        <Alert tone="error">
          <p className="font-medium">{INVOICE_MESSAGES.importNothingWritten}</p>
          <ul className="mt-1 list-disc pl-5" aria-label="Rows to correct">
            {errors.slice(0, 50).map((e) => (
              <li key={e.row}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
          {errors.length > 50 && <p>...and {errors.length - 50} more rows.</p>}
        </Alert>
      )}
      {csv && (
        <p className="text-sm text-gray-800">{count === 1 ? '1 invoice' : `${count} invoices`} ready to import.</p>
      )}
      {importCsv.error && <Alert tone="error">{importCsv.error.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button
          disabled={busy || !csv}
          onClick={() =>
            csv &&
            importCsv.mutate(csv, {
              onSuccess: (r) => {
                toast.success(`${r.imported === 1 ? '1 invoice' : `${r.imported} invoices`} imported.`);
                onDone();
              },
            })
          }
        >
          {busy ? 'Importing...' : 'Import'}
        </Button>
      </div>
    </div>
  );
}
