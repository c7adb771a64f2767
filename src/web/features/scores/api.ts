import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export type ScoreKind = 'capital' | 'paydex';

export const scoresKey = (clientId: string) => ['scores', clientId] as const;

/** A client's CapitalScore and PAYDEX, each with its recent history. */
export const scoresQuery = (clientId: string) =>
  queryOptions({
    queryKey: scoresKey(clientId),
    queryFn: async ({ signal }) =>
      unwrap(await api.clients[':clientId'].scores.$get({ param: { clientId } }, { init: { signal } })),
  });

/** Admins: set one of the client's scores; the answer is the client's scores after the save. */
export function useSetScore(clientId: string, kind: ScoreKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (score: number) => {
      const route = api.clients[':clientId'].scores[kind];
      return unwrap(await route.$put({ param: { clientId }, json: { score } }));
    },
    onSuccess: (scores) => queryClient.setQueryData(scoresKey(clientId), scores),
  });
}
