import { useState, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from '../lib/toast';
import { FileRow } from './file-row';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { cn } from '../lib/cn';
import { DOCUMENT_DELETED } from '../../shared/documents-rules';

type StoredFile = { id: string; documentName: string; createdAt: string; size: number };

/**
 * Stored documents, each with Download and Delete. Delete asks first; a failed delete leaves the
 * dialog open and says why, so the user can try again or cancel.
 */
export function FileList<F extends StoredFile>({
  files,
  href,
  deleteFile,
  deleting: busy,
  compact,
  before,
  below,
  searchable,
  className,
  'aria-label': label,
}: {
  files: F[];
  href: (file: F) => string;
  /** Deletes one file; rejects with the reason. */
  deleteFile: (file: F) => Promise<unknown>;
  /** A delete is running (the dialog's buttons wait for it). */
  deleting: boolean;
  compact?: boolean;
  /** Ahead of a row's date (e.g. the client's name). */
  before?: (file: F) => ReactNode;
  /** Under a row's date line. */
  below?: (file: F) => ReactNode;
  /** Each row carries its id for the search dialog to scroll to. */
  searchable?: boolean;
  className?: string;
  'aria-label'?: string;
}) {
  const [asking, setAsking] = useState<F | null>(null);

  async function confirmDelete() {
    if (!asking) return;
    try {
      await deleteFile(asking);
      toast.success(DOCUMENT_DELETED, { duration: 2000 });
      setAsking(null);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not delete the document.');
    }
  }

  return (
    <>
      <ul className={cn('divide-y divide-gray-100 rounded-lg border border-gray-200', className)} aria-label={label}>
        {files.map((f) => (
          <FileRow
            key={f.id}
            data-search-id={searchable ? f.id : undefined}
            compact={compact}
            file={f}
            href={href(f)}
            before={before?.(f)}
            below={below?.(f)}
          >
            <Button
              variant="ghost"
              size="icon"
              className="text-red-700 hover:bg-red-50"
              aria-label={`Delete ${f.documentName}`}
              title="Delete"
              onClick={() => setAsking(f)}
            >
              <Trash2 />
            </Button>
          </FileRow>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(o) => !o && setAsking(null)}
        title="Delete this document?"
        description={asking ? `“${asking.documentName}” will be deleted permanently.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
