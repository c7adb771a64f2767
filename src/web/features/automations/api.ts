import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gatedFetch } from '../../lib/api-gate';
import { unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import { hasMorePages, type Page } from '../../../shared/paging';
import {
  AUTOMATION_PAGE_SIZE,
  MAX_AUTOMATIONS,
  type Automation,
  type AutomationInput,
  type AutomationRequest,
  type RequestState,
} from '../../../shared/automations';

// The Automations API (src/shared/automations.ts is the contract). Plain fetch through the gate,
// as the training videos do: the image goes up as a multipart form of its own.

const base = '/api/automations';
const enc = encodeURIComponent;

export const automationKeys = {
  all: ['automations'] as const,
  list: ['automations', 'list'] as const,
  every: ['automations', 'every'] as const,
  requests: ['automation-requests'] as const,
  ownRequests: (clientId: string) => ['automation-requests', 'own', clientId] as const,
  allRequests: ['automation-requests', 'all'] as const,
};

const getJson = async <T>(url: string): Promise<T> => unwrap<T>(await gatedFetch(url, { headers: { accept: 'application/json' } }));
const sendJson = async <T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> =>
  unwrap<T>(
    await gatedFetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

/** The catalogue in display order, a page at a time. */
export const automationsQuery = () =>
  pagedListOptions<Automation>(automationKeys.list, (page) => getJson<Page<Automation>>(`${base}?page=${page}&pageSize=${AUTOMATION_PAGE_SIZE}`));

/** Every automation (all pages), for the re-order dialog: the order is saved for the whole catalogue. */
export const everyAutomationQuery = () =>
  queryOptions({
    queryKey: automationKeys.every,
    queryFn: async () => {
      const items: Automation[] = [];
      for (let page = 1; page <= Math.ceil(MAX_AUTOMATIONS / AUTOMATION_PAGE_SIZE); page++) {
        const p = await getJson<Page<Automation>>(`${base}?page=${page}&pageSize=${AUTOMATION_PAGE_SIZE}`);
        items.push(...p.items);
        if (!hasMorePages(p)) break;
      }
      return items;
    },
    staleTime: 0,
  });

export const imageUploadUrl = (id: string) => `${base}/${enc(id)}/image/upload`;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
}

export function useSaveAutomation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AutomationInput }) =>
      id ? sendJson<{ automation: Automation }>('PATCH', `${base}/${enc(id)}`, input) : sendJson<{ automation: Automation }>('POST', base, input),
    onSettled: refresh,
  });
}

export function useDeleteAutomation() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => sendJson<{ ok: true }>('DELETE', `${base}/${enc(id)}`), onSettled: refresh });
}

export function useSaveAutomationOrder() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (ids: string[]) => sendJson<{ ok: true }>('PUT', `${base}/order`, { ids }), onSettled: refresh });
}

export function useRefreshAutomations() {
  return useRefresh();
}

// --- Requests ------------------------------------------------------------------------------------

export const ownRequestsQuery = (clientId: string) =>
  pagedListOptions<AutomationRequest>(automationKeys.ownRequests(clientId), (page) => getJson<Page<AutomationRequest>>(`/api/clients/${enc(clientId)}/automation-requests?page=${page}&pageSize=50`));

export const allRequestsQuery = (state: RequestState | '') =>
  pagedListOptions<AutomationRequest>([...automationKeys.allRequests, state], (page) =>
    getJson<Page<AutomationRequest>>(`/api/automation-requests?page=${page}&pageSize=50${state ? `&state=${state}` : ''}`),
  );

export function useRequestAutomation(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { type: string; description: string; priority: string }) => sendJson<{ request: AutomationRequest }>('POST', `/api/clients/${enc(clientId)}/automation-requests`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.requests }),
  });
}

export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state, reason }: { id: string; state: RequestState; reason?: string }) =>
      sendJson<{ request: AutomationRequest }>('PATCH', `/api/automation-requests/${enc(id)}`, reason ? { state, reason } : { state }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.requests }),
  });
}
