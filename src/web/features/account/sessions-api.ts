import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { fetchFile } from '../../lib/file-requests';
import { saveResponse } from '../../lib/save-download';

export const sessionKeys = { mine: ['me', 'sessions'] as const };

export const mySessionsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.mine,
    queryFn: async () => (await unwrap(await api.me.sessions.$get())).items,
  });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      unwrap(await api.me.sessions[':sessionId'].$delete({ param: { sessionId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.me.sessions['revoke-others'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** An admin signs a client out on every device. */
export function useRevokeClientSessions(clientId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await api.clients[':clientId'].sessions.revoke.$post({ param: { clientId } })),
  });
}

/**
 * Asks for the client's data zip and hands it to the browser as a download. A POST (the password
 * travels in the body), so it is fetched and saved from a blob rather than followed as a link.
 */
export async function downloadAllData(clientId: string, password?: string) {
  const res = await fetchFile(api.clients[':clientId'].export.$path({ param: { clientId } }), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(password ? { password } : {}),
  });
  await saveResponse(res, 'all-my-data.zip');
}
