import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { QueryStates } from '../../components/query-states';
import { PageHeader } from '../../components/page-header';
import { selectClass } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { usePagedList } from '../../lib/paged-list';
import { cn } from '../../lib/cn';
import {
  ATTENTION_LABELS,
  ATTENTION_REASONS,
  formatWaited,
  type AttentionItem,
  type AttentionReason,
} from '../../../shared/attention-rules';
import { formatDateTime } from '../../../shared/format';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { staffMembersQuery } from '../clients/api';
import { attentionCountsQuery } from './counts-query';
import { attentionListQuery } from './api';
import { placeToAct } from './place-to-act';

const HEADING = 'Needs attention';
const reasonOf = (value: string | null) => ATTENTION_REASONS.find((r) => r === value);

/**
 * /attention (staff): the clients waiting for a person, longest waiting first, each with why and a
 * link to where it is handled. A row leaves by itself once the thing is handled. Administrators see
 * every client's, or one staff member's clients'; a staff member their own clients'.
 */
export function AttentionPage() {
  useDocumentTitle(HEADING);
  const id = useId();
  const portalAdmin = useIsPortalAdmin();
  const [params, setParams] = useSearchParams();
  const reason = reasonOf(params.get('reason'));
  const staffId = (portalAdmin && params.get('staff')) || '';
  const counts = useQuery(attentionCountsQuery(staffId)).data;
  const list = usePagedList(attentionListQuery(reason, staffId));
  const staff = useQuery({ ...staffMembersQuery(), enabled: portalAdmin });

  const set = (key: 'reason' | 'staff', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={HEADING}
        intro="Clients waiting for a person now, longest waiting first. A row leaves by itself once it is handled."
      />
      <div className="flex flex-wrap gap-4">
        <div className="flex w-full flex-col gap-1.5 sm:w-72">
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <select
            id={`${id}-reason`}
            className={selectClass}
            value={reason ?? ''}
            onChange={(e) => set('reason', e.target.value)}
          >
            <option value="">All reasons{counts ? ` (${counts.total})` : ''}</option>
            {ATTENTION_REASONS.filter((r) => portalAdmin || r !== 'loan_review').map((r) => (
              <option key={r} value={r}>
                {ATTENTION_LABELS[r]}
                {counts ? ` (${counts.reasons[r]})` : ''}
              </option>
            ))}
          </select>
        </div>
        {portalAdmin && (
          <div className="flex w-full flex-col gap-1.5 sm:w-64">
            <Label htmlFor={`${id}-staff`}>Staff member</Label>
            <select
              id={`${id}-staff`}
              className={selectClass}
              value={staffId}
              onChange={(e) => set('staff', e.target.value)}
            >
              <option value="">Every client</option>
              {staff.data?.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name || s.email}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <QueryStates
        query={list}
        noun="items"
        loading="Loading what needs attention..."
        error="Could not load what needs attention."
        empty={{
          title: reason ? `Nothing waiting: ${ATTENTION_LABELS[reason].toLowerCase()}` : 'Nothing needs attention',
          hint: 'Chats, documents, requests and overdue work of your clients appear here as they come in.',
          icon: <BellRing className="size-8 text-gray-400" aria-hidden="true" />,
        }}
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <AttentionRow key={`${item.clientId}-${item.reason}`} item={item} />
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

const urgent: AttentionReason[] = ['chat_new', 'chat_reply', 'document_submitted', 'task_overdue'];

function AttentionRow({ item }: { item: AttentionItem }) {
  const place = placeToAct(item);
  const client = item.clientName || item.clientEmail;
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between',
        urgent.includes(item.reason) ? 'border-amber-300' : 'border-gray-200',
      )}
      data-testid="attention-row"
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{client}</p>
        <p className="text-sm text-gray-700">
          {ATTENTION_LABELS[item.reason]}
          {item.count > 1 && ` (${item.count})`}
        </p>
        <p className="text-xs text-gray-600">
          Waiting{' '}
          <time dateTime={item.since} title={formatDateTime(item.since)}>
            {formatWaited(item.since)}
          </time>
        </p>
      </div>
      <Link
        to={place.to}
        className="shrink-0 text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        aria-label={`${place.label}: ${client}`}
      >
        {place.label}
      </Link>
    </li>
  );
}
