import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { ClientNoteInput } from '../../../shared/client-notes';

const key = (clientId: string) => ['clients', clientId, 'notes'] as const;
const routes = () => api.clients[':clientId'].notes;

/** Staff's notes on one client, newest first. */
export const clientNotesQuery = (clientId: string) =>
  pagedListOptions(key(clientId), async (page) =>
    unwrap(await routes().$get({ param: { clientId }, query: { page } })),
  );

/** A change to notes changes what the top bar's search finds in them too. */
const useInvalidate = (clientId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key(clientId) }),
      queryClient.invalidateQueries({ queryKey: ['search'] }),
    ]);
};

export function useAddNote(clientId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: ClientNoteInput) =>
      (await unwrap(await routes().$post({ param: { clientId }, json }))).note,
    onSuccess,
  });
}

export function useUpdateNote(clientId: string, noteId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: ClientNoteInput) =>
      (await unwrap(await routes()[':noteId'].$patch({ param: { clientId, noteId }, json }))).note,
    onSuccess,
  });
}

export function useDeleteNote(clientId: string, noteId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async () => unwrap(await routes()[':noteId'].$delete({ param: { clientId, noteId } })),
    onSuccess,
  });
}
