import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { PaymentInput, PaymentUpdate } from '../../../shared/payments';

export const paymentKeys = {
  list: (clientId: string) => ['clients', clientId, 'payments'] as const,
};

export const paymentsQuery = (clientId: string) =>
  pagedListOptions(paymentKeys.list(clientId), async (page) =>
    unwrap(await api.clients[':clientId'].payments.$get({ param: { clientId }, query: { page } })),
  );

export function useAddPayment(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: PaymentInput) =>
      (await unwrap(await api.clients[':clientId'].payments.$post({ param: { clientId }, json }))).payment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.list(clientId) }),
  });
}

export function useUpdatePayment(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: PaymentUpdate & { id: number }) =>
      (
        await unwrap(
          await api.clients[':clientId'].payments[':paymentId'].$patch({
            param: { clientId, paymentId: String(id) },
            json,
          }),
        )
      ).payment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.list(clientId) }),
  });
}
