import { queryOptions } from '@tanstack/react-query';
import { gatedFetch } from '../../lib/api-gate';
import type { SupportUnread } from '../../../shared/support';

// Apart from api.ts: the shell's sidebar loads it on every page, so it stays this small.
export const supportUnreadKey = ['support', 'unread'] as const;

/** Conversations with client messages no staff member has read (the sidebar badge), polled every 30 s. */
export const supportUnreadQuery = () =>
  queryOptions({
    queryKey: supportUnreadKey,
    queryFn: async ({ signal }) => {
      const res = await gatedFetch('/api/support/unread', { signal });
      if (!res.ok) throw new Error(`Request failed (${res.status})`);
      return (await res.json()) as SupportUnread;
    },
    refetchInterval: 30_000,
  });
