import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export const calendarFeedKeys = { mine: ['me', 'calendar-feed'] as const };

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: calendarFeedKeys.mine,
    queryFn: async () => unwrap(await api.me['calendar-feed'].$get()),
  });

/** Turns the feed on or gives it a new address; the answer carries the address, shown this once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.me['calendar-feed'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.mine }),
  });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.me['calendar-feed'].$delete()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.mine }),
  });
}
