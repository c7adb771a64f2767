import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { Role } from '../../../shared/roles';

export const TEAM_PAGE_SIZE = 50;

/** The Team screen: administrators first, then staff members, by name, a page at a time. */
export const teamQuery = () =>
  pagedListOptions(['team'], async (page) =>
    unwrap(await api.staff.$get({ query: { page, pageSize: String(TEAM_PAGE_SIZE) } })),
  );

/** Admins: make a user a client, a staff member or an administrator (never themselves: the server refuses). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: Role }) =>
      unwrap(await api.users[':userId'].role.$put({ param: { userId }, json: { role } })),
    // Who is a client, who is staff and whose clients are whose all follow from a role.
    onSettled: () =>
      Promise.all(
        ['team', 'staff-members', 'admin-clients', 'client-search', 'client-assignment', 'clients'].map((key) =>
          queryClient.invalidateQueries({ queryKey: [key] }),
        ),
      ),
  });
}

/** Admins: whether a staff member takes new clients (round-robin at sign-up). */
export function useSetTakesNewClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ staffId, takesNewClients }: { staffId: string; takesNewClients: boolean }) =>
      unwrap(await api.staff[':staffId']['new-clients'].$put({ param: { staffId }, json: { takesNewClients } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
}
