import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './api-client';

export type ClientOption = { id: string; name: string; email: string };

/** The admin's client picker, shared by every per-client screen: oldest first, as My Account wants. */
export const clientOptionsQuery = () =>
  queryOptions({
    queryKey: ['clients', 'selector', 'oldest'] as const,
    queryFn: async () =>
      (await unwrap<{ rows: ClientOption[]; total: number }>(await api.clients.$get({ query: { sort: 'oldest', pageSize: '100' } }))).rows,
  });
