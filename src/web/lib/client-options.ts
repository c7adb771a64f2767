import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { CLIENT_SEARCH_LIMIT, type ClientSummary } from '../../shared/clients-rules';
import type { ClientSort } from '../../shared/clients';

/** One client as the admin's client selector shows it. */
export type ClientOption = ClientSummary;
export type ClientSearch = { options: ClientOption[]; total: number };

const toOption = ({ id, name, email, phone }: ClientOption): ClientOption => ({ id, name, email, phone });

/** The selector's matches for `q` (name, e-mail or phone, searched on the server), by name, at most CLIENT_SEARCH_LIMIT. */
export const clientSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['client-search', q] as const,
    queryFn: async ({ signal }): Promise<ClientSearch> => {
      const query = { sort: 'name_asc', pageSize: String(CLIENT_SEARCH_LIMIT), ...(q ? { q } : {}) } as const;
      const page = await unwrap(await api.clients.$get({ query }, { init: { signal } }));
      return { options: page.rows.map(toOption), total: page.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Who the chosen client is, whether or not the current search lists them. */
export const clientSummaryQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['clients', clientId, 'summary'] as const,
    queryFn: async ({ signal }) =>
      toOption(
        await unwrap(await api.clients[':clientId'].summary.$get({ param: { clientId } }, { init: { signal } })),
      ),
    staleTime: 60_000,
  });

/** The client a page shows when the URL names none: the first in `sort` order (null when there are no clients). */
export const firstClientQuery = (sort: Extract<ClientSort, 'oldest' | 'name_asc'> = 'oldest') =>
  queryOptions({
    queryKey: ['client-search', 'first', sort] as const,
    queryFn: async ({ signal }) => {
      const page = await unwrap(await api.clients.$get({ query: { sort, pageSize: '1' } }, { init: { signal } }));
      return page.rows[0] ? toOption(page.rows[0]) : null;
    },
  });

/** The client an admin's page acts for: the URL's ?client=<id>, else the first client in `sort` order. */
export function useDefaultClient(
  enabled: boolean,
  requested: string | null,
  sort: Parameters<typeof firstClientQuery>[0] = 'oldest',
) {
  const first = useQuery({ ...firstClientQuery(sort), enabled: enabled && !requested });
  return requested || (first.data?.id ?? null);
}

/** The name the selector shows for a client: the name, else the e-mail. */
export const clientLabel = (c: Pick<ClientOption, 'name' | 'email'>) => c.name || c.email;
