import { useId, useRef, useState } from 'react';
import { AlertTriangle, BadgeCheck, Check, RefreshCw, X, XCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { lazyPage } from '../../app/lazy-page';
import { checkFileBeforeUpload } from '../../components/file-upload';
import { uploadWithProgress } from '../../lib/file-requests';
import { documentKinds, isOutOfDate, outOfDateText, type DocumentKind } from '../../../shared/document-kinds-rules';
import { formatDate } from '../../../shared/format';
import { UPLOAD_ACCEPT } from '../../../shared/uploads';
import { replaceUpload, useRefreshDocuments, useSetDocumentKind, useVerifyDocument, type DocumentRow } from './api';

const RejectDocumentDialog = lazyPage(() => import('./reject-document-dialog'), 'RejectDocumentDialog');

/** The kinds as options of a native select: the empty one means none. */
export function KindOptions({ none = 'No type' }: { none?: string }) {
  return (
    <>
      <option value="">{none}</option>
      {documentKinds.map((k) => (
        <option key={k.kind} value={k.kind}>
          {k.label}
        </option>
      ))}
    </>
  );
}

/**
 * Under a document: what a lender would call it (the client or staff change it), whether it is past
 * the age lenders accept, staff's check (who and when), and for staff Verify / Reject. Replace sends
 * a new file for the same document, which clears the check.
 */
export function DocumentCheck({ doc, isAdmin }: { doc: DocumentRow; isAdmin: boolean }) {
  const id = useId();
  const setKind = useSetDocumentKind();
  const verify = useVerifyDocument();
  const refresh = useRefreshDocuments();
  const [rejecting, setRejecting] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const check = doc.verification;
  const stale = doc.kind && isOutOfDate(doc.kind, doc.createdAt);

  const changeKind = (value: string) =>
    setKind.mutate(
      { userId: doc.userId, id: doc.id, kind: (value || null) as DocumentKind | null },
      { onError: (e) => toast.error('Could not change the type.', { description: e.message }) },
    );
  const markVerified = () =>
    verify.mutate(
      { userId: doc.userId, id: doc.id, check: { status: 'verified' } },
      {
        onSuccess: () => toast.success(`${doc.documentName} verified.`),
        onError: (e) => toast.error('Could not verify the document.', { description: e.message }),
      },
    );
  async function replace(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = checkFileBeforeUpload(file);
    if (problem) return void toast.error(problem);
    setReplacing(true);
    const result = await uploadWithProgress(replaceUpload(doc), file, {}, () => undefined);
    setReplacing(false);
    if (!result.ok) return void toast.error('Could not replace the file.', { description: result.error });
    toast.success(`${file.name} replaced ${doc.documentName}.`);
    await refresh(doc.userId);
  }

  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <select
        id={`${id}-kind`}
        // A name without text in the row: the row's own text is the file's name alone.
        aria-label={`Type of ${doc.documentName}`}
        className="max-w-full rounded border border-gray-300 bg-white px-1 py-0.5 text-xs text-gray-800"
        value={doc.kind ?? ''}
        disabled={setKind.isPending}
        onChange={(e) => changeKind(e.target.value)}
      >
        <KindOptions />
      </select>
      {stale && (
        <span className="inline-flex items-center gap-1 font-medium text-amber-800">
          <AlertTriangle className="size-3.5" aria-hidden="true" /> {outOfDateText(doc.kind)}
        </span>
      )}
      {check?.status === 'verified' && (
        <span className="inline-flex items-center gap-1 font-medium text-green-800">
          <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified by {check.byName ?? 'staff'} on{' '}
          {formatDate(check.at)}
        </span>
      )}
      {check?.status === 'rejected' && (
        <span className="inline-flex items-center gap-1 font-medium text-red-800">
          <XCircle className="size-3.5" aria-hidden="true" /> Rejected by {check.byName ?? 'staff'} on{' '}
          {formatDate(check.at)}: {check.reason}
        </span>
      )}
      <span className="flex flex-wrap gap-1">
        <input
          ref={fileInput}
          id={`${id}-replace`}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`New file for ${doc.documentName}`}
          onChange={(e) => void replace(e.target.files?.[0])}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          disabled={replacing}
          aria-label={`Replace ${doc.documentName}`}
          onClick={() => fileInput.current?.click()}
        >
          <RefreshCw aria-hidden="true" /> {replacing ? 'Replacing...' : 'Replace'}
        </Button>
        {isAdmin && check?.status !== 'verified' && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={verify.isPending}
            aria-label={`Verify ${doc.documentName}`}
            onClick={markVerified}
          >
            <Check aria-hidden="true" /> Verify
          </Button>
        )}
        {isAdmin && check?.status !== 'rejected' && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs text-red-800"
            aria-label={`Reject ${doc.documentName}`}
            onClick={() => setRejecting(true)}
          >
            <X aria-hidden="true" /> Reject
          </Button>
        )}
      </span>
      {rejecting && (
        <RejectDocumentDialog
          id={`document-${doc.id}`}
          description={`Say why “${doc.documentName}” is not right. The client is asked for a new one with your reason.`}
          busy={verify.isPending}
          error={verify.error}
          onClose={() => setRejecting(false)}
          onReject={(reason) =>
            verify.mutate(
              { userId: doc.userId, id: doc.id, check: { status: 'rejected', reason } },
              {
                onSuccess: () => {
                  setRejecting(false);
                  toast.success(`${doc.documentName} rejected: the client is asked for a new one.`);
                },
                onError: (e) => toast.error('Could not reject the document.', { description: e.message }),
              },
            )
          }
        />
      )}
    </div>
  );
}
