import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { TASKS_PER_VIEW, type ComplianceTask, type TaskInput, type TaskUpdate } from '../../../shared/compliance';

export const complianceKeys = {
  client: (clientId: string) => ['clients', clientId, 'compliance-tasks'] as const,
  list: (clientId: string, limit: number) => ['clients', clientId, 'compliance-tasks', limit] as const,
};

/** A client's tasks by due date (the compliance page shows 45, as the spec does). */
export const complianceTasksQuery = (clientId: string, limit = TASKS_PER_VIEW) =>
  queryOptions({
    queryKey: complianceKeys.list(clientId, limit),
    queryFn: async () =>
      (
        await unwrap<{ tasks: ComplianceTask[] }>(
          await api.clients[':clientId']['compliance-tasks'].$get({ param: { clientId }, query: { limit: String(limit) } }),
        )
      ).tasks,
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
      (await unwrap<{ task: ComplianceTask }>(await api.clients[':clientId']['compliance-tasks'].$post({ param: { clientId }, json }))).task,
    onSuccess: invalidate,
  });
}

export function useUpdateTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async ({ taskId, json }: { taskId: number; json: TaskUpdate }) =>
      (
        await unwrap<{ task: ComplianceTask }>(
          await api.clients[':clientId']['compliance-tasks'][':taskId'].$patch({ param: { clientId, taskId: String(taskId) }, json }),
        )
      ).task,
    onSuccess: invalidate,
  });
}

export function useDeleteTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (taskId: number) =>
      unwrap<{ ok: true }>(await api.clients[':clientId']['compliance-tasks'][':taskId'].$delete({ param: { clientId, taskId: String(taskId) } })),
    onSuccess: invalidate,
  });
}

/** The one-click completion (Contact Support for clients; any task for admins). */
export function useCompleteTask(clientId: string) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: async (taskId: number) =>
      (
        await unwrap<{ task: ComplianceTask }>(
          await api.clients[':clientId']['compliance-tasks'][':taskId'].complete.$post({ param: { clientId, taskId: String(taskId) } }),
        )
      ).task,
    onSuccess: invalidate,
  });
}
