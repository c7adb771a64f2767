import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { FirstStepAccountInput } from '../../../shared/credit';

export const firstStepKeys = {
  all: ['first-step'] as const,
  catalog: ['first-step', 'catalog'] as const,
  client: (clientId: string) => ['first-step', 'client', clientId] as const,
};

/** The catalog alone (an admin with no client chosen). */
export const catalogQuery = () =>
  pagedListOptions(firstStepKeys.catalog, async (page) =>
    unwrap(await api['first-step-accounts'].$get({ query: { page } })),
  );

/** The catalog with the client's opening of each account. */
export const clientFirstStepQuery = (clientId: string) =>
  pagedListOptions(firstStepKeys.client(clientId), async (page) =>
    unwrap(await api.clients[':clientId']['first-step-accounts'].$get({ param: { clientId }, query: { page } })),
  );

// Openings are tradelines: every write refreshes the First Step lists and the tradeline summary.
const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: firstStepKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['tradelines'] }),
    ]);
};

export function useSaveFirstStepAccount(id: string | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: FirstStepAccountInput) => {
      const res = id
        ? await api['first-step-accounts'][':firstStepId'].$put({ param: { firstStepId: id }, json })
        : await api['first-step-accounts'].$post({ json });
      return (await unwrap(res)).account;
    },
    onSuccess: invalidate,
  });
}

export function useDeleteFirstStepAccount(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api['first-step-accounts'][':firstStepId'].$delete({ param: { firstStepId: id } })),
    onSuccess: invalidate,
  });
}

export function useOpenFirstStep(clientId: string, id: string) {
  const invalidate = useInvalidate();
  const opening = api.clients[':clientId']['first-step-accounts'][':firstStepId'].opening;
  return {
    open: useMutation({
      mutationFn: async (dateOpened: string) =>
        (await unwrap(await opening.$post({ param: { clientId, firstStepId: id }, json: { dateOpened } }))).opening,
      onSuccess: invalidate,
    }),
    undo: useMutation({
      mutationFn: async () => unwrap(await opening.$delete({ param: { clientId, firstStepId: id } })),
      onSuccess: invalidate,
    }),
  };
}
