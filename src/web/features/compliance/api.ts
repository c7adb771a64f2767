import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
import type { TaskFilters, TaskInput, TaskUpdate } from '../../../shared/compliance';
import type { DocumentRequestInput, openRequestStates, RejectInput } from '../../../shared/document-requests';

type OpenRequestState = (typeof openRequestStates)[number];

export const complianceKeys = {
  client: (clientId: string) => ['clients', clientId, 'compliance-tasks'] as const,
  list: (clientId: string, filters: TaskFilters) => ['clients', clientId, 'compliance-tasks', 'list', filters] as const,
  task: (clientId: string, taskId: number) => ['clients', clientId, 'compliance-tasks', 'task', taskId] as const,
};

/** A client's tasks by due date, 45 a page (the original product's view), filtered on the server; each page carries the counts over all tasks. */
export const complianceTasksQuery = (clientId: string, filters: TaskFilters = {}) =>
  pagedListOptions(complianceKeys.list(clientId, filters), async (page) =>
    unwrap(
      await api.clients[':clientId']['compliance-tasks'].$get({ param: { clientId }, query: { ...filters, page } }),
    ),
  );

/** One task by id: the ?task= deep link, wherever the task sits in the list. */
export const complianceTaskQuery = (clientId: string, taskId: number) =>
  queryOptions({
    queryKey: complianceKeys.task(clientId, taskId),
    queryFn: async () =>
      (
        await unwrap(
          await api.clients[':clientId']['compliance-tasks'][':taskId'].$get({
            param: { clientId, taskId: String(taskId) },
          }),
        )
      ).task,
    retry: false,
  });

// A task change also moves the home page's numbers: refresh everything about the client.
const useInvalidate = (clientId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
};

export function useAddTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: TaskInput) =>
      (await unwrap(await api.clients[':clientId']['compliance-tasks'].$post({ param: { clientId }, json }))).task,
    onSuccess: invalidate,
  });
}

export function useUpdateTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async ({ taskId, json }: { taskId: number; json: TaskUpdate }) =>
      (
        await unwrap(
          await api.clients[':clientId']['compliance-tasks'][':taskId'].$patch({
            param: { clientId, taskId: String(taskId) },
            json,
          }),
        )
      ).task,
    onSuccess: invalidate,
  });
}

export function useDeleteTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (taskId: number) =>
      unwrap(
        await api.clients[':clientId']['compliance-tasks'][':taskId'].$delete({
          param: { clientId, taskId: String(taskId) },
        }),
      ),
    onSuccess: invalidate,
  });
}

/** Document requests: staff ask for a document (admins). */
export function useAddDocumentRequest(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (json: DocumentRequestInput) =>
      (
        await unwrap(
          await api.clients[':clientId']['compliance-tasks']['document-requests'].$post({ param: { clientId }, json }),
        )
      ).task,
    onSuccess: invalidate,
  });
}

/** Staff's review of a submitted request: accept, or reject with the reason the client sees. */
export function useReviewRequest(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskId, reject }: { taskId: number; reject?: RejectInput }) => {
      const param = { clientId, taskId: String(taskId) };
      const route = api.clients[':clientId']['compliance-tasks'][':taskId'];
      return (
        await unwrap(await (reject ? route.reject.$post({ param, json: reject }) : route.accept.$post({ param })))
      ).task;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['clients', clientId] }),
        queryClient.invalidateQueries({ queryKey: documentRequestKeys.all }),
      ]),
  });
}

/** Where the client's (or an admin's, for them) file goes: the request's upload slot. */
export const requestUpload = (clientId: string, taskId: number) =>
  uploadTarget(api.clients[':clientId']['compliance-tasks'][':taskId'].upload, {
    param: { clientId, taskId: String(taskId) },
  });

export const documentRequestKeys = {
  all: ['document-requests'] as const,
  list: (status: string) => ['document-requests', status] as const,
};

/** Admins: open document requests across clients, oldest first. */
export const openRequestsQuery = (status: OpenRequestState | undefined) =>
  pagedListOptions(documentRequestKeys.list(status ?? 'open'), async (page) =>
    unwrap(await api['document-requests'].$get({ query: { page, ...(status ? { status } : {}) } })),
  );
