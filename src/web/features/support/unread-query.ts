import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

// Apart from api.ts: the shell's sidebar loads it on every page, so it stays this small.
export const supportUnreadKey = ['support', 'unread'] as const;

/** Conversations with client messages no staff member has read (the sidebar badge), polled every 30 s. */
export const supportUnreadQuery = () =>
  queryOptions({
    queryKey: supportUnreadKey,
    queryFn: async ({ signal }) => unwrap(await api.support.unread.$get(undefined, { init: { signal } })),
    refetchInterval: 30_000,
  });
