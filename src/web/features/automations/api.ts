import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
import { hasMorePages } from '../../../shared/paging-rules';
import { AUTOMATION_PAGE_SIZE, MAX_AUTOMATIONS } from '../../../shared/automations-rules';
import type { Automation, AutomationInput, AutomationRequestInput, RequestState } from '../../../shared/automations';

export const automationKeys = {
  all: ['automations'] as const,
  list: ['automations', 'list'] as const,
  every: ['automations', 'every'] as const,
  requests: ['automation-requests'] as const,
  ownRequests: (clientId: string) => ['automation-requests', 'own', clientId] as const,
  allRequests: ['automation-requests', 'all'] as const,
};

const automationPage = async (page: string) =>
  unwrap(await api.automations.$get({ query: { page, pageSize: String(AUTOMATION_PAGE_SIZE) } }));

/** The catalogue in display order, a page at a time. */
export const automationsQuery = () => pagedListOptions(automationKeys.list, automationPage);

/** Every automation (all pages), for the re-order dialog: the order is saved for the whole catalogue. */
export const everyAutomationQuery = () =>
  queryOptions({
    queryKey: automationKeys.every,
    queryFn: async () => {
      const items: Automation[] = [];
      for (let page = 1; page <= Math.ceil(MAX_AUTOMATIONS / AUTOMATION_PAGE_SIZE); page++) {
        const p = await automationPage(String(page));
        items.push(...p.items);
        if (!hasMorePages(p)) break;
      }
      return items;
    },
    staleTime: 0,
  });

export const imageUpload = (automationId: string) =>
  uploadTarget(api.automations[':automationId'].image.upload, { param: { automationId } });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
}

export function useSaveAutomation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: AutomationInput }) =>
      unwrap(
        id
          ? await api.automations[':automationId'].$patch({ param: { automationId: id }, json: input })
          : await api.automations.$post({ json: input }),
      ),
    onSettled: refresh,
  });
}

export function useDeleteAutomation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.automations[':automationId'].$delete({ param: { automationId: id } })),
    onSettled: refresh,
  });
}

export function useSaveAutomationOrder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (ids: string[]) => unwrap(await api.automations.order.$put({ json: { ids } })),
    onSettled: refresh,
  });
}

export function useRefreshAutomations() {
  return useRefresh();
}

// --- Requests ------------------------------------------------------------------------------------

export const ownRequestsQuery = (clientId: string) =>
  pagedListOptions(automationKeys.ownRequests(clientId), async (page) =>
    unwrap(
      await api.clients[':clientId']['automation-requests'].$get({
        param: { clientId },
        query: { page, pageSize: '50' },
      }),
    ),
  );

/** Every client's requests, or one client's (`clientId`: where "Needs attention" links). */
export const allRequestsQuery = (state: RequestState | '', clientId: string | null = null) =>
  pagedListOptions([...automationKeys.allRequests, state, clientId ?? ''], async (page) =>
    unwrap(
      await api['automation-requests'].$get({
        query: { page, pageSize: '50', ...(state ? { state } : {}), ...(clientId ? { clientId } : {}) },
      }),
    ),
  );

export function useRequestAutomation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: AutomationRequestInput) =>
      unwrap(await api.clients[':clientId']['automation-requests'].$post({ param: { clientId }, json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.requests }),
  });
}

export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, state, reason }: { id: string; state: RequestState; reason?: string }) =>
      unwrap(
        await api['automation-requests'][':requestId'].$patch({
          param: { requestId: id },
          json: reason ? { state, reason } : { state },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.requests }),
  });
}
