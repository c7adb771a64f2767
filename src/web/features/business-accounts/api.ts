import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { BusinessAccountInput } from '../../../shared/business-accounts';

export const businessAccountKeys = {
  list: (clientId: string) => ['business-accounts', clientId] as const,
};

/** One client's Business Presence Accounts, each with its details. */
export const businessAccountsQuery = (clientId: string) =>
  pagedListOptions(businessAccountKeys.list(clientId), async (page) =>
    unwrap(await api.clients[':clientId']['business-accounts'].$get({ param: { clientId }, query: { page } })),
  );

const useInvalidate = (clientId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: businessAccountKeys.list(clientId) });
};

export function useCreateBusinessAccount(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: BusinessAccountInput) =>
      (await unwrap(await api.clients[':clientId']['business-accounts'].$post({ param: { clientId }, json }))).account,
    onSuccess: invalidate,
  });
}

export function useUpdateBusinessAccount(clientId: string, businessAccountId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: BusinessAccountInput) =>
      (
        await unwrap(
          await api.clients[':clientId']['business-accounts'][':businessAccountId'].$put({
            param: { clientId, businessAccountId },
            json,
          }),
        )
      ).account,
    onSuccess: invalidate,
  });
}

export function useDeleteBusinessAccount(clientId: string, businessAccountId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.clients[':clientId']['business-accounts'][':businessAccountId'].$delete({
          param: { clientId, businessAccountId },
        }),
      ),
    onSuccess: invalidate,
  });
}
