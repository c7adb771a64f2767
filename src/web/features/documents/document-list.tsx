import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { FileRow } from '../../components/file-row';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DOCUMENT_DELETED } from '../../../shared/documents';
import { downloadUrl, useDeleteDocument, type DocumentRow } from './api';

/** A section's documents: name, (client,) date, size, download and delete. */
export function DocumentList({
  documents,
  showClient,
  empty = 'No documents yet. Upload one above.',
}: {
  documents: DocumentRow[];
  showClient: boolean;
  empty?: string;
}) {
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  const remove = useDeleteDocument();

  if (!documents.length)
    return <p className="rounded-md bg-gray-50 px-3 py-4 text-center text-sm text-gray-600">{empty}</p>;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      toast.success(DOCUMENT_DELETED, { duration: 2000 });
      setDeleting(null);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not delete the document.');
    }
  }

  return (
    <>
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        {documents.map((d) => (
          <FileRow
            key={d.id}
            data-search-id={d.id}
            file={d}
            href={downloadUrl(d)}
            before={showClient && <span className="font-medium text-gray-700">{d.clientName || d.clientEmail} · </span>}
          >
            <Button
              variant="ghost"
              size="icon"
              className="text-red-600 hover:bg-red-50"
              aria-label={`Delete ${d.documentName}`}
              title="Delete"
              onClick={() => setDeleting(d)}
            >
              <Trash2 />
            </Button>
          </FileRow>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this document?"
        description={deleting ? `“${deleting.documentName}” will be deleted permanently.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
