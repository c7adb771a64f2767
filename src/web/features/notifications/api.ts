import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export const NOTIFICATIONS_POLL_MS = 60_000;
export const notificationKeys = { list: ['me', 'notifications'] as const };

/** The bell's list (first page), polled every minute. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: async () => unwrap(await api.me.notifications.$get({ query: { page: '1', pageSize: '20' } })),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks the given ids read, or all of them when none are given. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: number[]) => unwrap(await api.me.notifications.read.$post({ json: ids ? { ids } : {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
