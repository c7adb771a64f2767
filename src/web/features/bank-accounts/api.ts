import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { BankAccountInput, BankNumberField } from '../../../shared/bank-accounts';

export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  everyClient: ['bank-accounts', 'every-client'] as const,
  list: (clientId: string) => ['bank-accounts', 'client', clientId] as const,
};

/** One client's accounts, numbers masked. */
export const bankAccountsQuery = (clientId: string) =>
  pagedListOptions(bankAccountKeys.list(clientId), async (page) =>
    unwrap(await api.clients[':clientId']['bank-accounts'].$get({ param: { clientId }, query: { page } })),
  );

/** Admins: every client's accounts, each with the client's name. */
export const allBankAccountsQuery = () =>
  pagedListOptions(bankAccountKeys.everyClient, async (page) =>
    unwrap(await api['bank-accounts'].$get({ query: { page } })),
  );

// Every write refreshes both the client's list and the admin's all-clients list.
const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
};

export function useCreateBankAccount(clientId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: BankAccountInput) =>
      (await unwrap(await api.clients[':clientId']['bank-accounts'].$post({ param: { clientId }, json }))).account,
    onSuccess: invalidate,
  });
}

export function useUpdateBankAccount(clientId: string, accountId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (json: BankAccountInput) =>
      (
        await unwrap(
          await api.clients[':clientId']['bank-accounts'][':accountId'].$patch({
            param: { clientId, accountId },
            json,
          }),
        )
      ).account,
    onSuccess: invalidate,
  });
}

export function useDeleteBankAccount(clientId: string, accountId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.clients[':clientId']['bank-accounts'][':accountId'].$delete({ param: { clientId, accountId } })),
    onSuccess: invalidate,
  });
}

/** The clear number: its own request, audited on the server (copying goes through here too). */
export async function revealBankNumber(clientId: string, accountId: string, field: BankNumberField) {
  const reveal = api.clients[':clientId']['bank-accounts'][':accountId'].reveal;
  const param = { clientId, accountId };
  const res =
    field === 'account-number'
      ? await reveal['account-number'].$post({ param })
      : await reveal['routing-number'].$post({ param });
  return (await unwrap(res)).value;
}
