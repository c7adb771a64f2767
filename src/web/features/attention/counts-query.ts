import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

// Apart from api.ts: the shell's sidebar loads it on every page, so it stays this small.
export const attentionKeys = {
  all: ['attention'] as const,
  counts: (staffId: string) => ['attention', 'counts', staffId] as const,
  list: (reason: string, staffId: string) => ['attention', 'list', reason, staffId] as const,
};

/** How many clients wait, per reason (the sidebar's badge and the filter), polled every minute. */
export const attentionCountsQuery = (staffId = '') =>
  queryOptions({
    queryKey: attentionKeys.counts(staffId),
    queryFn: async ({ signal }) =>
      unwrap(await api.attention.counts.$get({ query: staffId ? { staffId } : {} }, { init: { signal } })),
    refetchInterval: 60_000,
  });
