import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { ClientSort } from '../../../shared/clients';

export const CLIENTS_PAGE_SIZE = 50;

/** A page of the Clients screen (`staff`: whose clients, UNASSIGNED the pool's, '' everyone's): the first without `cursor`, else the page an answer's next or previous cursor points to. */
export const clientListQuery = (sort: ClientSort, q: string, staff: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['admin-clients', { sort, q, staff, cursor }],
    queryFn: async () =>
      unwrap(
        await api.clients.$get({
          query: {
            sort,
            pageSize: String(CLIENTS_PAGE_SIZE),
            ...(q ? { q } : {}),
            ...(staff ? { staff } : {}),
            ...(cursor ? { cursor } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The staff members an admin assigns clients to (the team page holds at most 100 per page). */
export const staffMembersQuery = () =>
  queryOptions({
    queryKey: ['staff-members'],
    queryFn: async () => unwrap(await api.staff.$get({ query: { role: 'staff', pageSize: '100' } })),
  });

/** The client's page (admins): who the client is and whom they are assigned to. */
export const clientAssignmentQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['client-assignment', clientId],
    queryFn: async () => unwrap(await api.clients[':clientId'].summary.$get({ param: { clientId } })),
  });

/** Admins: the chosen clients to one staff member, or back to the admins' pool (null), all at once. */
export function useAssignClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ clientIds, staffId }: { clientIds: string[]; staffId: string | null }) =>
      unwrap(await api.clients.assignments.$post({ json: { clientIds, staffId } })),
    onSettled: () =>
      Promise.all(
        ['admin-clients', 'staff-members', 'team', 'client-assignment'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}
