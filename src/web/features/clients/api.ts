import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { ClientSort } from '../../../shared/clients';

export const CLIENTS_PAGE_SIZE = 50;

export const clientListQuery = (sort: ClientSort, page: number, q: string) =>
  queryOptions({
    queryKey: ['admin-clients', { sort, page, q }],
    queryFn: async () =>
      unwrap(
        await api.clients.$get({
          query: { sort, page: String(page), pageSize: String(CLIENTS_PAGE_SIZE), ...(q ? { q } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
