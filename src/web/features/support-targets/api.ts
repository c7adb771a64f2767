import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { SupportTargetSettings } from '../../../shared/support-targets-rules';

const key = ['support-targets'] as const;

/** Admins: the business hours and the response targets. */
export const targetsQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => unwrap(await api.support.targets.$get(undefined, { init: { signal } })),
  });

/** Saving re-dates every waiting conversation: the inbox is asked again too. */
export function useSaveTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: SupportTargetSettings) => unwrap(await api.support.targets.$put({ json })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }),
      ]),
  });
}
