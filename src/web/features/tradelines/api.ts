import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { TradelineInput, TradelineSource } from '../../../shared/credit';

export const tradelineKeys = {
  all: ['tradelines'] as const,
  client: (clientId: string) => ['tradelines', clientId] as const,
};

/** A client's tradeline summary and their first 100 tradelines. */
export const tradelinesQuery = (clientId: string) =>
  queryOptions({
    queryKey: tradelineKeys.client(clientId),
    queryFn: async () =>
      unwrap(await api.clients[':clientId'].tradelines.$get({ param: { clientId }, query: { pageSize: '100' } })),
  });

/**
 * Records a tradeline's bureaus and dates. The cards, the First Step list and the summary all show
 * tradelines, so every one of them is refreshed (broad keys).
 */
export function useUpdateTradeline(clientId: string, source: TradelineSource, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: TradelineInput) =>
      unwrap(
        await api.clients[':clientId'].tradelines[':source'][':id'].$put({ param: { clientId, source, id }, json }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
        queryClient.invalidateQueries({ queryKey: tradelineKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['first-step'] }),
      ]),
  });
}
