import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { SocialAccountInput } from '../../../shared/web-presence';

export type SocialAccountChanges = Omit<SocialAccountInput, 'password'> & { password?: string };

const key = (clientId: string) => ['clients', clientId, 'social-accounts'] as const;
const routes = () => api.clients[':clientId']['social-accounts'];

/** One client's social accounts (never a password). */
export const socialAccountsQuery = (clientId: string) =>
  pagedListOptions(key(clientId), async (page) =>
    unwrap(await routes().$get({ param: { clientId }, query: { page } })),
  );

const useInvalidate = (clientId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key(clientId) });
};

export function useCreateSocialAccount(clientId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: SocialAccountInput) =>
      (await unwrap(await routes().$post({ param: { clientId }, json }))).account,
    onSuccess,
  });
}

export function useUpdateSocialAccount(clientId: string, socialAccountId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: SocialAccountChanges) =>
      (await unwrap(await routes()[':socialAccountId'].$patch({ param: { clientId, socialAccountId }, json }))).account,
    onSuccess,
  });
}

export function useDeleteSocialAccount(clientId: string, socialAccountId: string) {
  const onSuccess = useInvalidate(clientId);
  return useMutation({
    mutationFn: async () =>
      unwrap(await routes()[':socialAccountId'].$delete({ param: { clientId, socialAccountId } })),
    onSuccess,
  });
}

/** The password in clear: its own request, audited on the server (copying goes through here too). */
export async function revealSocialPassword(clientId: string, socialAccountId: string) {
  return (
    await unwrap(await routes()[':socialAccountId'].reveal.password.$post({ param: { clientId, socialAccountId } }))
  ).value;
}
