import { FileList } from '../../components/file-list';
import { useAuth } from '../../app/auth-context';
import { downloadUrl, useDeleteDocument, type DocumentRow } from './api';
import { DocumentCheck } from './document-check';

/** A section's documents: name, (client,) date, size, its type and staff's check, download and delete. */
export function DocumentList({
  documents,
  showClient,
  empty = 'No documents yet. Upload one above.',
}: {
  documents: DocumentRow[];
  showClient: boolean;
  empty?: string;
}) {
  const remove = useDeleteDocument();
  const { isAdmin } = useAuth();

  if (!documents.length)
    return <p className="rounded-md bg-gray-50 px-3 py-4 text-center text-sm text-gray-600">{empty}</p>;

  return (
    <FileList
      files={documents}
      href={downloadUrl}
      deleteFile={(d) => remove.mutateAsync(d)}
      deleting={remove.isPending}
      searchable
      below={(d) => <DocumentCheck doc={d} isAdmin={isAdmin} />}
      before={(d) =>
        showClient && <span className="font-medium text-gray-700">{d.clientName || d.clientEmail} · </span>
      }
    />
  );
}
