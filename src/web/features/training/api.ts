import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { fetchFile, uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
import { hasMorePages } from '../../../shared/paging-rules';
import { LIMITS } from '../../../shared/limits';
import type { TrainingVideo, VideoResource } from '../../../shared/training';
import { saveBlob } from '../../lib/save-download';

const videos = api['training-videos'];

export const trainingKeys = {
  all: ['training-videos'] as const,
  list: ['training-videos', 'list'] as const,
  everyVideo: ['training-videos', 'every'] as const,
  intro: ['training-videos', 'intro'] as const,
  resources: (videoId: string) => ['training-videos', videoId, 'resources'] as const,
  clientProgress: (clientId: string) => ['clients', clientId, 'training-progress'] as const,
};

const videoPage = async (page: string) => unwrap(await videos.$get({ query: { page, pageSize: '100' } }));

/** The library in display order, with the caller's progress and how many they have watched. */
export const videosQuery = () => pagedListOptions(trainingKeys.list, videoPage);

/** Every video (all pages), for the re-order dialog: the order is saved for the whole library. */
export const everyVideoQuery = () =>
  queryOptions({
    queryKey: trainingKeys.everyVideo,
    queryFn: async () => {
      const items: TrainingVideo[] = [];
      const pages = Math.ceil(LIMITS.trainingVideos / 100);
      for (let page = 1; page <= pages; page++) {
        const p = await videoPage(String(page));
        items.push(...p.items);
        if (!hasMorePages(p)) break;
      }
      return items;
    },
    staleTime: 0,
  });

/** The dashboard's intro video, or null when none is chosen. */
export const introQuery = () =>
  queryOptions({
    queryKey: trainingKeys.intro,
    queryFn: async () => (await unwrap(await videos.intro.$get())).video,
  });

export const resourcesQuery = (videoId: string) =>
  pagedListOptions(trainingKeys.resources(videoId), async (page) =>
    unwrap(await videos[':videoId'].resources.$get({ param: { videoId }, query: { page, pageSize: '100' } })),
  );

export const clientProgressQuery = (clientId: string) =>
  pagedListOptions(trainingKeys.clientProgress(clientId), async (page) =>
    unwrap(
      await api.clients[':clientId']['training-progress'].$get({
        param: { clientId },
        query: { page, pageSize: '100' },
      }),
    ),
  );

export const addVideoUpload = uploadTarget(videos.upload, {});
export const editVideoUpload = (videoId: string) => uploadTarget(videos[':videoId'].upload, { param: { videoId } });
export const resourceUpload = (videoId: string) =>
  uploadTarget(videos[':videoId'].resources.upload, { param: { videoId } });

/** Where each video stopped last in this tab: newer than a list that has not been refetched yet. */
const recentPositions = new Map<string, number>();

/** Where to resume `video`: this tab's last save, else the server's; from the start once watched. */
export function resumeAt(video: TrainingVideo): number {
  const local = recentPositions.get(video.id);
  if (local !== undefined) return local;
  if (!video.progress || video.progress.watched) return 0;
  return video.progress.positionSeconds;
}

/** Saves where the caller stopped. Fire-and-forget: failures are only logged (no toasts for these). */
export async function saveProgress(videoId: string, positionSeconds: number, durationSeconds: number): Promise<void> {
  const position = Math.max(0, Math.min(positionSeconds, durationSeconds || positionSeconds));
  recentPositions.set(videoId, durationSeconds > 0 && position >= durationSeconds - 0.5 ? 0 : position);
  try {
    const res = await videos[':videoId'].progress.$put(
      {
        param: { videoId },
        json: {
          positionSeconds: Math.round(position * 10) / 10,
          durationSeconds: Math.round(durationSeconds * 10) / 10,
        },
      },
      // Survives the tab closing or navigating away (saved on unmount too).
      { init: { keepalive: true } },
    );
    if (!res.ok) console.warn(`Could not save the video progress (${res.status}).`);
  } catch (err) {
    console.warn('Could not save the video progress.', err);
  }
}

/** Refreshes the grid (progress, counts), the dashboard's intro and the admins' client progress. */
export function useRefreshTraining() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'clients' && q.queryKey[2] === 'training-progress',
      }),
    ]);
}

export function useDeleteVideo() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: async (videoId: string) => unwrap(await videos[':videoId'].$delete({ param: { videoId } })),
    onSettled: refresh,
  });
}

export function useSaveOrder() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: async (ids: string[]) => unwrap(await videos.order.$put({ json: { ids } })),
    onSettled: refresh,
  });
}

export function useSetIntro() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: async (videoId: string | null) => unwrap(await videos.intro.$put({ json: { videoId } })),
    onSettled: refresh,
  });
}

export function useDeleteResource(videoId: string) {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: async (resourceId: string) =>
      unwrap(await videos[':videoId'].resources[':resourceId'].$delete({ param: { videoId, resourceId } })),
    onSettled: refresh,
  });
}

/** Fetches a resource with the session and hands it to the browser as a download. */
export async function downloadResource(resource: VideoResource): Promise<void> {
  saveBlob(await (await fetchFile(resource.downloadUrl)).blob(), resource.name);
}
