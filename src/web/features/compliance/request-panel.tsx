import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { toast } from '../../lib/toast';
import { FileRow } from '../../components/file-row';
import { FileUpload } from '../../components/file-upload';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { ComplianceTask } from '../../../shared/compliance';
import { sectionTitle } from '../../../shared/document-requests-rules';
import { formatDateTime } from '../../../shared/format';
import { downloadUrl, documentKeys } from '../documents/api';
import { RejectDocumentDialog } from '../documents/reject-document-dialog';
import { documentRequestKeys, requestUpload, useReviewRequest } from './api';

/**
 * A document request in the task's details: what is asked and where it files, why the last upload
 * was rejected, the upload slot (until it is completed), the uploads, and staff's Accept / Reject.
 */
export function RequestPanel({
  task,
  clientId,
  isAdmin,
}: {
  task: ComplianceTask;
  clientId: string;
  isAdmin: boolean;
}) {
  const queryClient = useQueryClient();
  const review = useReviewRequest(clientId);
  const [rejecting, setRejecting] = useState(false);
  const open = task.status !== 'Completed';

  const uploaded = async (body: { task: ComplianceTask }, file: File) => {
    toast.success(`${file.name} uploaded. Our team will review it.`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['clients', clientId] }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: documentRequestKeys.all }),
    ]);
    return body;
  };
  const accept = () =>
    review.mutate(
      { taskId: task.id },
      {
        onSuccess: () => toast.success('Document accepted'),
        onError: (e) => toast.error('Could not accept the document.', { description: e.message }),
      },
    );

  return (
    <section
      aria-label="Requested document"
      className="mt-4 flex flex-col gap-3 rounded-lg border border-violet-200 bg-violet-50/40 p-3"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">Requested document</dt>
        <dd className="font-medium break-words text-gray-900">{task.requestedDocument}</dd>
        <dt className="text-gray-600">Section</dt>
        <dd className="text-gray-900">{sectionTitle(task.requestedDocumentType)}</dd>
        {task.submittedAt && (
          <>
            <dt className="text-gray-600">Last submitted</dt>
            <dd className="text-gray-900">{formatDateTime(task.submittedAt)}</dd>
          </>
        )}
      </dl>
      {task.rejectReason && task.status === 'Awaiting Completion' && (
        <Alert tone="error">
          <span className="font-medium">Rejected:</span>{' '}
          <span className="whitespace-pre-line break-words">{task.rejectReason}</span>
        </Alert>
      )}
      {task.status === 'Submitted' && !isAdmin && (
        <p className="text-sm text-sky-800">
          Submitted: our team is reviewing your document. You can still add another file.
        </p>
      )}
      {open && (
        <FileUpload
          label={task.uploadCount ? 'Upload another file' : `Upload ${task.requestedDocument}`}
          target={requestUpload(clientId, task.id)}
          disabled={review.isPending}
          onUploaded={(body, file) => void uploaded(body, file)}
        />
      )}
      <div>
        <h3 className="text-sm font-medium text-gray-900">
          Uploads
          {task.uploadCount > task.uploads.length ? ` (newest ${task.uploads.length} of ${task.uploadCount})` : ''}
        </h3>
        {task.uploads.length ? (
          <ul className="mt-1 divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {task.uploads.map((d) => (
              <FileRow key={d.id} file={d} href={downloadUrl(d)} />
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-gray-600">Nothing uploaded yet.</p>
        )}
      </div>
      {isAdmin && task.status === 'Submitted' && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            className="text-red-700"
            disabled={review.isPending}
            onClick={() => setRejecting(true)}
          >
            <X aria-hidden="true" /> Reject
          </Button>
          <Button disabled={review.isPending} onClick={accept}>
            <Check aria-hidden="true" /> {review.isPending && !rejecting ? 'Accepting...' : 'Accept'}
          </Button>
        </div>
      )}
      {rejecting && (
        <RejectDocumentDialog
          id={`request-${task.id}`}
          description={`Say why ${task.requestedDocument} is not right. The client sees the reason and can upload again.`}
          busy={review.isPending}
          error={review.error}
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            review.mutate(
              { taskId: task.id, reject: { reason } },
              {
                onSuccess: () => {
                  toast.success('Document rejected: the client was told why');
                  setRejecting(false);
                },
                onError: (e) => toast.error('Could not reject the document.', { description: e.message }),
              },
            )
          }
        />
      )}
    </section>
  );
}
