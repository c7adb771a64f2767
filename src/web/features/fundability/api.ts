import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

/** Points the history chart shows: the newest page (the server answers at most 100). */
export const HISTORY_POINTS = 100;

export const fundabilityKeys = {
  answer: (clientId: string) => ['fundability', clientId] as const,
  history: (clientId: string, after: string) => ['fundability', clientId, 'history', after] as const,
};

// Always read again when shown: the score follows records changed on other pages (bank accounts,
// profile, tasks), and the server computes it on each read.
export const fundabilityQuery = (clientId: string) =>
  queryOptions({
    queryKey: fundabilityKeys.answer(clientId),
    queryFn: async ({ signal }) =>
      unwrap(await api.clients[':clientId'].fundability.$get({ param: { clientId } }, { init: { signal } })),
    refetchOnMount: 'always',
  });

/**
 * The newest HISTORY_POINTS points, oldest first (as a chart reads them). Keyed by the answer's
 * computedAt: read again with each answer, since writes on other pages add points.
 */
export const fundabilityHistoryQuery = (clientId: string, computedAt: string) =>
  queryOptions({
    queryKey: fundabilityKeys.history(clientId, computedAt),
    queryFn: async ({ signal }) => {
      const page = await unwrap(
        await api.clients[':clientId'].fundability.history.$get(
          { param: { clientId }, query: { pageSize: String(HISTORY_POINTS) } },
          { init: { signal } },
        ),
      );
      return { points: [...page.items].reverse(), total: page.total };
    },
  });
