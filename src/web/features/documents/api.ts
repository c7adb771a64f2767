import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import type {
  AdminBusinessDocument,
  BusinessDocument,
  DocumentType,
  DocumentVerificationInput,
} from '../../../shared/documents';
import type { DocumentKind } from '../../../shared/document-kinds-rules';
import { pagedListOptions } from '../../lib/paged-list';

export type DocumentRow = BusinessDocument & Partial<Pick<AdminBusinessDocument, 'clientName' | 'clientEmail'>>;

export const documentKeys = {
  all: ['documents'] as const,
  client: (clientId: string) => ['clients', clientId, 'documents'] as const,
  admin: (clientId: string | null) => ['documents', 'all', clientId ?? 'every'] as const,
};

/** One section of one client's documents (the client's own, or an admin's view of one client). */
export const clientDocumentsQuery = (clientId: string, type: DocumentType) =>
  pagedListOptions([...documentKeys.client(clientId), type], async (page) =>
    unwrap(await api.clients[':clientId'].documents.$get({ param: { clientId }, query: { type, page } })),
  );

/** Admins: one section of every client's documents with the client named, or of one client's. */
export const adminDocumentsQuery = (clientId: string | null, type: DocumentType) =>
  pagedListOptions([...documentKeys.admin(clientId), type], async (page) =>
    unwrap(await api.documents.$get({ query: { type, page, ...(clientId ? { clientId } : {}) } })),
  );

export const documentUpload = (clientId: string) =>
  uploadTarget(api.clients[':clientId'].documents.upload, { param: { clientId } });
export const downloadUrl = (doc: { userId: string; id: string }) =>
  api.clients[':clientId'].documents[':documentId'].download.$path({
    param: { clientId: doc.userId, documentId: doc.id },
  });
export const archiveUrl = (clientId: string) =>
  api.clients[':clientId'].documents.archive.$path({ param: { clientId } });

export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return (clientId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.client(clientId) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    ]);
}

export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (doc: { userId: string; id: string }) =>
      unwrap(
        await api.clients[':clientId'].documents[':documentId'].$delete({
          param: { clientId: doc.userId, documentId: doc.id },
        }),
      ),
    onSettled: (_data, _err, doc) => refresh(doc.userId),
  });
}

export function useSetDocumentKind() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (v: { userId: string; id: string; kind: DocumentKind | null }) =>
      unwrap(
        await api.clients[':clientId'].documents[':documentId'].kind.$put({
          param: { clientId: v.userId, documentId: v.id },
          json: { kind: v.kind },
        }),
      ),
    onSettled: (_data, _err, v) => refresh(v.userId),
  });
}

export function useVerifyDocument() {
  const queryClient = useQueryClient();
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (v: { userId: string; id: string; check: DocumentVerificationInput }) =>
      unwrap(
        await api.clients[':clientId'].documents[':documentId'].verification.$put({
          param: { clientId: v.userId, documentId: v.id },
          json: v.check,
        }),
      ),
    // A rejection adds a document request to the client's compliance tasks.
    onSettled: (_data, _err, v) =>
      Promise.all([
        refresh(v.userId),
        queryClient.invalidateQueries({ queryKey: ['clients', v.userId] }),
        queryClient.invalidateQueries({ queryKey: ['document-requests'] }),
      ]),
  });
}

export const replaceUpload = (doc: { userId: string; id: string }) =>
  uploadTarget(api.clients[':clientId'].documents[':documentId'].upload, {
    param: { clientId: doc.userId, documentId: doc.id },
  });
