import { useState } from 'react';
import { Pencil, Trash2, Upload } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FileList } from '../../components/file-list';
import { FileUpload } from '../../components/file-upload';
import { formatDate, formatMoney } from '../../../shared/format';
import { DOCUMENTS_PER_RECORD, type RecordView } from '../../../shared/records';
import {
  documentDownloadUrl,
  recordDocumentUpload,
  useDeleteRecord,
  useDeleteRecordDocument,
  useRefreshRecords,
} from './api';
import type { RecordKindUi } from './kinds';
import { RecordDialog } from './record-dialog';
import { StatusBadge } from './status-badge';

/** One record: vendor, amount, date and status; Upload Document, edit and delete; its documents below. */
export function RecordCard({ k, record, showClient }: { k: RecordKindUi; record: RecordView; showClient: boolean }) {
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRecord(k, record);
  const date = record[k.dateKey];
  const clientName = record.clientName || record.clientEmail;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`${record.vendorName} deleted.`);
      },
      onError: (e) => toast.error(e.message),
    });

  return (
    <Card role="article" aria-label={record.vendorName} className="min-w-0 p-4" data-search-id={record.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 break-words text-base font-semibold text-gray-900">{record.vendorName}</h2>
            <StatusBadge status={record.status} />
          </div>
          {showClient && clientName && <p className="break-words text-xs text-gray-600">Client: {clientName}</p>}
          <dl className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
            <div className="flex items-baseline gap-1.5">
              <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">Amount</dt>
              <dd className="font-semibold tabular-nums text-gray-900">{formatMoney(record.amount)}</dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{k.dateLabel}</dt>
              <dd className="text-gray-900">{date ? formatDate(date) : '-'}</dd>
            </div>
          </dl>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setUploading(true)}
            disabled={record.documents.length >= DOCUMENTS_PER_RECORD}
            aria-label={`Upload Document to ${record.vendorName}`}
          >
            <Upload aria-hidden="true" /> Upload Document
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${record.vendorName}`}
            title="Edit"
          >
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-700 hover:bg-red-50"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${record.vendorName}`}
            title="Delete"
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <RecordDocuments k={k} record={record} />
      <RecordDialog k={k} record={record} open={editing} onOpenChange={setEditing} />
      <UploadDialog k={k} record={record} open={uploading} onOpenChange={setUploading} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete this ${k.noun}?`}
        description={`${record.vendorName} (${formatMoney(record.amount)})${record.documents.length ? ` and its ${record.documents.length === 1 ? 'document' : `${record.documents.length} documents`}` : ''} will be deleted permanently.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

function UploadDialog({
  k,
  record,
  open,
  onOpenChange,
}: {
  k: RecordKindUi;
  record: RecordView;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const refresh = useRefreshRecords(k);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Upload Document" description={`Attach a document to ${record.vendorName}.`}>
        <FileUpload
          label="Choose a file"
          target={recordDocumentUpload(k, record)}
          onUploaded={(body) => {
            toast.success(`${body.document.documentName} uploaded.`);
            void refresh();
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function RecordDocuments({ k, record }: { k: RecordKindUi; record: RecordView }) {
  const remove = useDeleteRecordDocument(k, record);
  if (!record.documents.length) return <p className="mt-3 text-xs text-gray-600">No documents yet.</p>;
  return (
    <FileList
      files={record.documents}
      href={(d) => documentDownloadUrl(k, record, d.id)}
      deleteFile={(d) => remove.mutateAsync(d.id)}
      deleting={remove.isPending}
      compact
      className="mt-3"
      aria-label={`Documents of ${record.vendorName}`}
    />
  );
}
