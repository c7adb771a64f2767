import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type {
  AgreementTemplateInput,
  CheckoutInput,
  SettleInstalmentInput,
  SignAgreementInput,
} from '../../../shared/billing';
import { fetchFile } from '../../lib/file-requests';
import { saveResponse } from '../../lib/save-download';
import type { ProgramId } from '../../../shared/programs-rules';
import { paymentKeys } from '../payments/api';

export const billingKeys = {
  agreement: (clientId: string, programId: ProgramId) => ['clients', clientId, 'agreement', programId] as const,
  signed: (clientId: string) => ['clients', clientId, 'agreements'] as const,
  instalments: (clientId: string) => ['clients', clientId, 'instalments'] as const,
  templates: (programId: ProgramId) => ['agreement-templates', programId] as const,
};

export const agreementQuery = (clientId: string, programId: ProgramId) =>
  queryOptions({
    queryKey: billingKeys.agreement(clientId, programId),
    queryFn: async () =>
      unwrap(await api.clients[':clientId'].agreement.$get({ param: { clientId }, query: { programId } })),
  });

export const signedAgreementsQuery = (clientId: string) =>
  pagedListOptions(billingKeys.signed(clientId), async (page) =>
    unwrap(await api.clients[':clientId'].agreements.$get({ param: { clientId }, query: { page } })),
  );

export const instalmentsQuery = (clientId: string) =>
  pagedListOptions(billingKeys.instalments(clientId), async (page) =>
    unwrap(await api.clients[':clientId'].instalments.$get({ param: { clientId }, query: { page } })),
  );

export const templatesQuery = (programId: ProgramId) =>
  pagedListOptions(billingKeys.templates(programId), async (page) =>
    unwrap(await api['agreement-templates'].$get({ query: { programId, page } })),
  );

export function useSignAgreement(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: SignAgreementInput) =>
      (await unwrap(await api.clients[':clientId'].agreements.$post({ param: { clientId }, json }))).agreement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['clients', clientId] }),
  });
}

/** Opens Stripe Checkout for the program's next instalment: the page leaves for Stripe's. */
export function useCheckout(clientId: string) {
  return useMutation({
    mutationFn: async (json: CheckoutInput) =>
      unwrap(await api.clients[':clientId'].checkout.$post({ param: { clientId }, json })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useAddTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: AgreementTemplateInput) =>
      (await unwrap(await api['agreement-templates'].$post({ json }))).template,
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: billingKeys.templates(v.programId) }),
  });
}

export const refreshPayments = (queryClient: ReturnType<typeof useQueryClient>, clientId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: paymentKeys.list(clientId) }),
    queryClient.invalidateQueries({ queryKey: billingKeys.instalments(clientId) }),
  ]);

export const revenueQuery = () =>
  queryOptions({
    queryKey: ['billing', 'revenue'] as const,
    queryFn: async () => unwrap(await api.billing.revenue.$get()),
  });

export function useDownloadRevenue() {
  return useMutation({
    mutationFn: async () => {
      const res = await fetchFile(
        api.billing['revenue.csv'].$path(),
        {},
        'The revenue table could not be downloaded. Please try again.',
      );
      await saveResponse(res, 'program-revenue.csv');
    },
  });
}

/** Administrators: waived, or paid outside Stripe. */
export function useSettleInstalment(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: SettleInstalmentInput & { id: number }) =>
      unwrap(
        await api.clients[':clientId'].instalments[':instalmentId'].settle.$post({
          param: { clientId, instalmentId: String(id) },
          json,
        }),
      ),
    onSettled: () => refreshPayments(queryClient, clientId),
  });
}

export function useRefundInstalment(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(
        await api.clients[':clientId'].instalments[':instalmentId'].refund.$post({
          param: { clientId, instalmentId: String(id) },
        }),
      ),
    onSettled: () => refreshPayments(queryClient, clientId),
  });
}

/** Staff: ask the client to pay an instalment now. */
export function useRequestInstalment(clientId: string) {
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(
        await api.clients[':clientId'].instalments[':instalmentId'].request.$post({
          param: { clientId, instalmentId: String(id) },
        }),
      ),
  });
}
