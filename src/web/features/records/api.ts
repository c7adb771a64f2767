import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gatedFetch } from '../../lib/api-gate';
import { unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { Page } from '../../../shared/paging';
import type { RecordDocument, RecordStatus, StatusTotal } from '../../../shared/records';
import type { RecordKindUi } from './kinds';

/** A record as the pages use it: either kind, its date under `date`, its client named for admins. */
export type RecordItem = {
  id: string;
  clientId: string;
  vendorName: string;
  amount: number;
  status: RecordStatus;
  dueDate?: string;
  orderDate?: string;
  createdAt: string;
  documents: RecordDocument[];
  clientName?: string;
  clientEmail?: string;
};
export type RecordListPage = Page<RecordItem> & { totals: StatusTotal[] };
export type RecordValues = { vendorName: string; amount: number; status: RecordStatus; dueDate?: string; orderDate?: string };

export const recordKeys = {
  all: (k: RecordKindUi) => ['records', k.path] as const,
  list: (k: RecordKindUi, clientId: string | null, admin: boolean) => ['records', k.path, admin ? 'admin' : 'client', clientId ?? 'every'] as const,
};

const enc = encodeURIComponent;
const clientBase = (k: RecordKindUi, clientId: string) => `/api/clients/${enc(clientId)}/${k.path}`;
export const recordUrl = (k: RecordKindUi, r: { clientId: string; id: string }) => `${clientBase(k, r.clientId)}/${enc(r.id)}`;
export const uploadUrl = (k: RecordKindUi, r: { clientId: string; id: string }) => `${recordUrl(k, r)}/documents/upload`;
export const documentUrl = (k: RecordKindUi, r: { clientId: string; id: string }, documentId: string) => `${recordUrl(k, r)}/documents/${enc(documentId)}`;

const send = async <T>(url: string, method = 'GET', json?: unknown) =>
  unwrap<T>(await gatedFetch(url, { method, ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }) }));

/**
 * A client's records (their own, or an admin's view of one client: `admin` names the client), or
 * for an admin with no client chosen every client's. Each page carries the totals by status.
 */
export const recordsQuery = (k: RecordKindUi, clientId: string | null, admin: boolean) =>
  pagedListOptions<RecordItem, { totals: StatusTotal[] }>(recordKeys.list(k, clientId, admin), (page) =>
    send<RecordListPage>(
      admin ? `/api/${k.path}?${new URLSearchParams({ page, ...(clientId ? { clientId } : {}) })}` : `${clientBase(k, clientId ?? '')}?${new URLSearchParams({ page })}`,
    ),
  );

const useInvalidate = (k: RecordKindUi) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recordKeys.all(k) });
};

export function useCreateRecord(k: RecordKindUi, clientId: string) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async (json: RecordValues) => (await send<{ record: RecordItem }>(clientBase(k, clientId), 'POST', json)).record,
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(k: RecordKindUi, record: RecordItem) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async (json: RecordValues) => (await send<{ record: RecordItem }>(recordUrl(k, record), 'PATCH', json)).record,
    onSuccess: invalidate,
  });
}

export function useDeleteRecord(k: RecordKindUi, record: RecordItem) {
  const invalidate = useInvalidate(k);
  return useMutation({ mutationFn: () => send<{ ok: true }>(recordUrl(k, record), 'DELETE'), onSuccess: invalidate });
}

export function useDeleteRecordDocument(k: RecordKindUi, record: RecordItem) {
  const invalidate = useInvalidate(k);
  return useMutation({ mutationFn: (documentId: string) => send<{ ok: true }>(documentUrl(k, record, documentId), 'DELETE'), onSettled: invalidate });
}

export const useRefreshRecords = useInvalidate;
