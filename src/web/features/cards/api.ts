import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { CardKind, RevolvingCreditInput, StoreCardInput, StoreCardSecret } from '../../../shared/credit';

export type CardInput = StoreCardInput | RevolvingCreditInput;

export const cardKeys = {
  kind: (kind: CardKind) => ['cards', kind] as const,
  everyClient: (kind: CardKind) => ['cards', kind, 'every-client'] as const,
  list: (kind: CardKind, clientId: string) => ['cards', kind, 'client', clientId] as const,
};

const routes = (kind: CardKind) =>
  kind === 'store' ? api.clients[':clientId']['store-cards'] : api.clients[':clientId']['revolving-credits'];

/** One client's cards of a kind, secrets masked. */
export const cardsQuery = (kind: CardKind, clientId: string) =>
  pagedListOptions(cardKeys.list(kind, clientId), async (page) =>
    unwrap(await routes(kind).$get({ param: { clientId }, query: { page } })),
  );

/** Admins: every client's cards of a kind, each with the client's name. */
export const allCardsQuery = (kind: CardKind) =>
  pagedListOptions(cardKeys.everyClient(kind), async (page) =>
    unwrap(await (kind === 'store' ? api['store-cards'] : api['revolving-credits']).$get({ query: { page } })),
  );

// Every write refreshes the client's list and the admin's all-clients list of that kind, and the
// tradelines summary (each card is a tradeline; the key is the tradelines feature's).
const useInvalidate = (kind: CardKind) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cardKeys.kind(kind) }),
      queryClient.invalidateQueries({ queryKey: ['tradelines'] }),
    ]);
};

export function useCreateCard(kind: CardKind, clientId: string) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: async (json: CardInput) =>
      (
        await unwrap(
          kind === 'store'
            ? await api.clients[':clientId']['store-cards'].$post({ param: { clientId }, json: json as StoreCardInput })
            : await api.clients[':clientId']['revolving-credits'].$post({
                param: { clientId },
                json: json as RevolvingCreditInput,
              }),
        )
      ).card,
    onSuccess: invalidate,
  });
}

export function useUpdateCard(kind: CardKind, clientId: string, cardId: string) {
  const invalidate = useInvalidate(kind);
  const param = { clientId, cardId };
  return useMutation({
    mutationFn: async (json: CardInput) =>
      (
        await unwrap(
          kind === 'store'
            ? await api.clients[':clientId']['store-cards'][':cardId'].$patch({ param, json: json as StoreCardInput })
            : await api.clients[':clientId']['revolving-credits'][':cardId'].$patch({
                param,
                json: json as RevolvingCreditInput,
              }),
        )
      ).card,
    onSuccess: invalidate,
  });
}

export function useDeleteCard(kind: CardKind, clientId: string, cardId: string) {
  const invalidate = useInvalidate(kind);
  const param = { clientId, cardId };
  return useMutation({
    mutationFn: async () =>
      unwrap(
        kind === 'store'
          ? await api.clients[':clientId']['store-cards'][':cardId'].$delete({ param })
          : await api.clients[':clientId']['revolving-credits'][':cardId'].$delete({ param }),
      ),
    onSuccess: invalidate,
  });
}

/** A store card's secret in clear: its own request, audited on the server (copying goes through here too). */
export async function revealCardSecret(clientId: string, cardId: string, field: StoreCardSecret) {
  const reveal = api.clients[':clientId']['store-cards'][':cardId'].reveal;
  const param = { clientId, cardId };
  const res =
    field === 'account-number'
      ? await reveal['account-number'].$post({ param })
      : field === 'username'
        ? await reveal.username.$post({ param })
        : await reveal.password.$post({ param });
  return (await unwrap(res)).value;
}
