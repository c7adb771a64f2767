import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export const membershipKey = (clientId: string) => ['clients', clientId, 'membership'] as const;

export const membershipQuery = (clientId: string) =>
  queryOptions({
    queryKey: membershipKey(clientId),
    queryFn: async () => unwrap(await api.clients[':clientId'].membership.$get({ param: { clientId } })),
  });

/** Admins: turn a client's membership on or off; the Clients list, the books and the client's panel follow. */
export function useSetMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientId, isPaid }: { clientId: string; isPaid: boolean }) =>
      unwrap(await api.clients[':clientId'].membership.$put({ param: { clientId }, json: { isPaid } })),
    onSuccess: (data, { clientId }) => queryClient.setQueryData(membershipKey(clientId), data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-clients'] }),
        queryClient.invalidateQueries({ queryKey: ['books'] }),
      ]),
  });
}
