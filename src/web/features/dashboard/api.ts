import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { ActivityInput, ActivityUpdate } from '../../../shared/activities';
import { fetchFile } from '../../lib/file-requests';
import { saveResponse } from '../../lib/save-download';

export const dashboardKeys = {
  buildOut: (clientId: string) => ['clients', clientId, 'build-out'] as const,
  activities: (clientId: string) => ['clients', clientId, 'activities'] as const,
};

export const buildOutQuery = (clientId: string) =>
  queryOptions({
    queryKey: dashboardKeys.buildOut(clientId),
    queryFn: async () => unwrap(await api.clients[':clientId']['build-out'].$get({ param: { clientId } })),
  });

export const activitiesQuery = (clientId: string) =>
  pagedListOptions(dashboardKeys.activities(clientId), async (page) =>
    unwrap(await api.clients[':clientId'].activities.$get({ param: { clientId }, query: { page } })),
  );

/** After a task changes: the banner, the progress and the activity list all move. */
function useRefreshDashboard(clientId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.buildOut(clientId) }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.activities(clientId) }),
      queryClient.invalidateQueries({ queryKey: ['clients', clientId, 'compliance-tasks'] }),
    ]);
}

export function useAddActivity(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: ActivityInput) =>
      (await unwrap(await api.clients[':clientId'].activities.$post({ param: { clientId }, json }))).activity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.activities(clientId) }),
  });
}

export function useUpdateActivity(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: ActivityUpdate & { id: number }) =>
      (
        await unwrap(
          await api.clients[':clientId'].activities[':activityId'].$patch({
            param: { clientId, activityId: String(id) },
            json,
          }),
        )
      ).activity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.activities(clientId) }),
  });
}

export function useDeleteActivity(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(
        await api.clients[':clientId'].activities[':activityId'].$delete({
          param: { clientId, activityId: String(id) },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.activities(clientId) }),
  });
}

/** The Contact Support button: the server mails staff and completes the task in one call. */
export function useContactSupport(clientId: string) {
  const refresh = useRefreshDashboard(clientId);
  return useMutation({
    mutationFn: async () => unwrap(await api.clients[':clientId']['contact-support'].$post({ param: { clientId } })),
    onSuccess: refresh,
  });
}

/**
 * The Download Free Guide button: completes the task by POST (the GET download changes nothing, so a
 * link elsewhere cannot), then downloads the guide through a blob link and refreshes the tasks.
 */
export function useDownloadFreeGuide(clientId: string) {
  const refresh = useRefreshDashboard(clientId);
  return useMutation({
    mutationFn: async () => {
      const guide = api.clients[':clientId']['free-guide'];
      await unwrap(await guide.complete.$post({ param: { clientId } }));
      const res = await fetchFile(
        guide.$path({ param: { clientId } }),
        {},
        'The guide could not be downloaded. Please try again.',
      );
      await saveResponse(res, 'free-guide.pdf');
    },
    // The task may be completed even when the download then failed.
    onSettled: refresh,
  });
}
