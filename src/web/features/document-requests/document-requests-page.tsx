import { useState } from 'react';
import { Link } from 'react-router';
import { FileUp } from 'lucide-react';
import { QueryStates } from '../../components/query-states';
import { selectClass } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { usePagedList } from '../../lib/paged-list';
import { cn } from '../../lib/cn';
import { sectionTitle } from '../../../shared/document-requests-rules';
import { openRequestStates, type OpenDocumentRequest } from '../../../shared/document-requests';
import { formatDate } from '../../../shared/format';
import { openRequestsQuery } from '../compliance/api';

type Status = (typeof openRequestStates)[number];

/** /document-requests (admins): every client's open document requests, oldest first, each linking to its task. */
export function DocumentRequestsPage() {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const list = usePagedList(openRequestsQuery(status));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Document Requests</h1>
        <p className="text-sm text-gray-600">
          Open requests across clients, oldest first. Submitted ones are waiting for your review.
        </p>
      </header>
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor="request-status">Status</Label>
        <select
          id="request-status"
          className={selectClass}
          value={status ?? ''}
          onChange={(e) => setStatus(openRequestStates.find((s) => s === e.target.value))}
        >
          <option value="">All open</option>
          {openRequestStates.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryStates
        query={list}
        noun="requests"
        loading="Loading document requests..."
        error="Could not load the document requests."
        empty={{
          title: status
            ? `No requests ${status === 'Submitted' ? 'waiting for review' : 'awaiting the client'}`
            : 'No open document requests',
          hint: 'Request a document from a client on their Business Compliance page.',
          icon: <FileUp className="size-8 text-gray-400" aria-hidden="true" />,
        }}
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((r) => (
              <RequestRow key={r.id} request={r} />
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

function RequestRow({ request: r }: { request: OpenDocumentRequest }) {
  const submitted = r.status === 'Submitted';
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between',
        submitted ? 'border-sky-300' : 'border-amber-300',
      )}
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{r.requestedDocument}</p>
        <p className="text-sm text-gray-700">
          <span className="font-medium">{r.clientName || r.clientEmail}</span> · {sectionTitle(r.requestedDocumentType)}
        </p>
        <p className="text-xs text-gray-600">
          Requested {formatDate(r.createdAt)}
          {r.submittedAt && ` · submitted ${formatDate(r.submittedAt)}`}
          {r.dueDate && ` · due ${formatDate(r.dueDate)}`}
        </p>
        {r.rejectReason && !submitted && (
          <p className="mt-1 line-clamp-2 text-sm break-words text-red-800">Rejected: {r.rejectReason}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-medium',
            submitted ? 'border-sky-200 bg-sky-50 text-sky-800' : 'border-amber-200 bg-amber-50 text-amber-800',
          )}
        >
          {submitted ? 'Submitted: review' : 'Awaiting client'}
        </span>
        <Link
          to={`/compliance?client=${encodeURIComponent(r.clientId)}&task=${r.id}`}
          className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          aria-label={`Open task: ${r.requestedDocument} for ${r.clientName || r.clientEmail}`}
        >
          Open task
        </Link>
      </div>
    </li>
  );
}
