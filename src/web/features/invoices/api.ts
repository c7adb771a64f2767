import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { TradelineSource } from '../../../shared/credit-rules';
import type { InvoiceInput } from '../../../shared/invoices';
import type { PlanItem, PlanTarget } from '../../../shared/paydex-plan';

export const invoiceKeys = {
  all: ['invoices'] as const,
  tradeline: (clientId: string, source: TradelineSource, id: string) => ['invoices', clientId, source, id] as const,
  estimate: (clientId: string) => ['invoices', clientId, 'estimate'] as const,
  plan: (clientId: string, target: PlanTarget | 'own') => ['invoices', clientId, 'plan', target] as const,
};

type Ref = { clientId: string; source: TradelineSource; id: string };
const route = () => api.clients[':clientId'].tradelines[':source'][':id'].invoices;

/** A tradeline's invoices, a page of 50 at a time. */
export const invoicesQuery = ({ clientId, source, id }: Ref) =>
  pagedListOptions(invoiceKeys.tradeline(clientId, source, id), async (page) =>
    unwrap(await route().$get({ param: { clientId, source, id }, query: { page, pageSize: '50' } })),
  );

/** The estimated PAYDEX from the client's invoices, with its last 12 months. */
export const paydexEstimateQuery = (clientId: string) =>
  queryOptions({
    queryKey: invoiceKeys.estimate(clientId),
    queryFn: async () => unwrap(await api.clients[':clientId']['paydex-estimate'].$get({ param: { clientId } })),
  });

/** Every invoice write changes the list and the estimate: both are asked again (the area's keys). */
function useInvoiceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

export const useAddInvoice = ({ clientId, source, id }: Ref) =>
  useInvoiceMutation(async (json: InvoiceInput) =>
    unwrap(await route().$post({ param: { clientId, source, id }, json })),
  );

export const useUpdateInvoice = ({ clientId, source, id }: Ref) =>
  useInvoiceMutation(async ({ invoiceId, json }: { invoiceId: string; json: InvoiceInput }) =>
    unwrap(await route()[':invoiceId'].$put({ param: { clientId, source, id, invoiceId }, json })),
  );

export const useDeleteInvoice = ({ clientId, source, id }: Ref) =>
  useInvoiceMutation(async (invoiceId: string) =>
    unwrap(await route()[':invoiceId'].$delete({ param: { clientId, source, id, invoiceId } })),
  );

export const useImportInvoices = ({ clientId, source, id }: Ref) =>
  useInvoiceMutation(async (csv: string) =>
    unwrap(await route().import.$post({ param: { clientId, source, id }, json: { csv } })),
  );

/**
 * The pay-early plan for a target, or for the client's own when left out (under the area's key:
 * every invoice write asks it again).
 */
export const paydexPlanQuery = (clientId: string, target?: PlanTarget) =>
  queryOptions({
    queryKey: invoiceKeys.plan(clientId, target ?? 'own'),
    queryFn: async () =>
      unwrap(
        await api.clients[':clientId']['paydex-plan'].$get({
          param: { clientId },
          query: target === undefined ? {} : { target: String(target) as '80' | '90' | '100' },
        }),
      ),
  });

/** The client's own target (the plan shown, its reminders and calendar events follow it). */
export const useSetOwnTarget = (clientId: string) =>
  useInvoiceMutation(async (target: PlanTarget) =>
    unwrap(await api.clients[':clientId']['paydex-plan'].target.$put({ param: { clientId }, json: { target } })),
  );

/** 'Mark paid': the invoice's own PUT, paid in full on `today` (the plan's day, the server's). */
export const useMarkPaid = (clientId: string) =>
  useInvoiceMutation(async ({ item, today }: { item: PlanItem; today: string }) =>
    unwrap(
      await route()[':invoiceId'].$put({
        param: { clientId, source: item.source, id: item.tradelineId, invoiceId: item.invoiceId },
        json: {
          number: item.number,
          invoiceDate: item.invoiceDate,
          termsDays: item.termsDays,
          amount: item.amount,
          paidDate: today,
          paidAmount: item.amount,
        },
      }),
    ),
  );
