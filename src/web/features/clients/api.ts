import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { ClientSort } from '../../../shared/clients';

export const CLIENTS_PAGE_SIZE = 50;

/** A page of the Clients screen: the first without `cursor`, else the page an answer's next or previous cursor points to. */
export const clientListQuery = (sort: ClientSort, q: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['admin-clients', { sort, q, cursor }],
    queryFn: async () =>
      unwrap(
        await api.clients.$get({
          query: { sort, pageSize: String(CLIENTS_PAGE_SIZE), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
