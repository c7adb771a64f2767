import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
import type { RecordInput, RecordView, StatusTotal } from '../../../shared/records';
import type { RecordKindUi } from './kinds';

export const recordKeys = {
  all: (k: RecordKindUi) => ['records', k.path] as const,
  list: (k: RecordKindUi, clientId: string | null, admin: boolean) =>
    ['records', k.path, admin ? 'admin' : 'client', clientId ?? 'every'] as const,
};

const clientRecords = api.clients[':clientId'];
type RecordRef = { clientId: string; id: string };

// One ternary per address: the two kinds' `$path` are generic, and a union of them cannot be called.
export const recordDocumentUpload = (k: RecordKindUi, r: RecordRef) => {
  const param = { clientId: r.clientId, recordId: r.id };
  return k.path === 'receivables'
    ? uploadTarget(clientRecords.receivables[':recordId'].documents.upload, { param })
    : uploadTarget(clientRecords['purchase-orders'][':recordId'].documents.upload, { param });
};
export const documentDownloadUrl = (k: RecordKindUi, r: RecordRef, documentId: string) => {
  const param = { clientId: r.clientId, recordId: r.id, documentId };
  return k.path === 'receivables'
    ? clientRecords.receivables[':recordId'].documents[':documentId'].download.$path({ param })
    : clientRecords['purchase-orders'][':recordId'].documents[':documentId'].download.$path({ param });
};

/**
 * A client's records (their own, or an admin's view of one client: `admin` names the client), or
 * for an admin with no client chosen every client's. Each page carries the totals by status.
 */
export const recordsQuery = (k: RecordKindUi, clientId: string | null, admin: boolean) =>
  pagedListOptions<RecordView, { totals: StatusTotal[] }>(recordKeys.list(k, clientId, admin), async (page) =>
    unwrap(
      admin
        ? await api[k.path].$get({ query: { page, ...(clientId ? { clientId } : {}) } })
        : await clientRecords[k.path].$get({ param: { clientId: clientId ?? '' }, query: { page } }),
    ),
  );

const useInvalidate = (k: RecordKindUi) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recordKeys.all(k) });
};

// The form's values carry their kind's date key, which picks the kind's route and its input type.
export function useCreateRecord(k: RecordKindUi, clientId: string) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async (json: RecordInput) => {
      const param = { clientId };
      const res =
        'dueDate' in json
          ? await clientRecords.receivables.$post({ param, json })
          : await clientRecords['purchase-orders'].$post({ param, json });
      return (await unwrap(res)).record;
    },
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(k: RecordKindUi, record: RecordView) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async (json: RecordInput) => {
      const param = { clientId: record.clientId, recordId: record.id };
      const res =
        'dueDate' in json
          ? await clientRecords.receivables[':recordId'].$patch({ param, json })
          : await clientRecords['purchase-orders'][':recordId'].$patch({ param, json });
      return (await unwrap(res)).record;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteRecord(k: RecordKindUi, record: RecordView) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await clientRecords[k.path][':recordId'].$delete({ param: { clientId: record.clientId, recordId: record.id } }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteRecordDocument(k: RecordKindUi, record: RecordView) {
  const invalidate = useInvalidate(k);
  return useMutation({
    mutationFn: async (documentId: string) =>
      unwrap(
        await clientRecords[k.path][':recordId'].documents[':documentId'].$delete({
          param: { clientId: record.clientId, recordId: record.id, documentId },
        }),
      ),
    onSettled: invalidate,
  });
}

export const useRefreshRecords = useInvalidate;
