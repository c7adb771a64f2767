import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gatedFetch } from '../../lib/api-gate';
import { unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import { hasMorePages, type Page } from '../../../shared/paging';
import { LIMITS } from '../../../shared/limits';
import type { ClientProgressPage, ClientVideoProgress, TrainingVideo, TrainingVideoPage, VideoResource } from '../../../shared/training';
import { saveBlob } from '../../lib/save-download';

// The Training Videos API (src/shared/training.ts is the contract). Plain fetch through the gate:
// the video routes stream files and take multipart forms, which the typed client does not help with.

const base = '/api/training-videos';
const enc = encodeURIComponent;

export const trainingKeys = {
  all: ['training-videos'] as const,
  list: ['training-videos', 'list'] as const,
  everyVideo: ['training-videos', 'every'] as const,
  intro: ['training-videos', 'intro'] as const,
  resources: (videoId: string) => ['training-videos', videoId, 'resources'] as const,
  clientProgress: (clientId: string) => ['clients', clientId, 'training-progress'] as const,
};

async function getJson<T>(url: string): Promise<T> {
  return unwrap<T>(await gatedFetch(url, { headers: { accept: 'application/json' } }));
}

async function sendJson<T>(method: 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  return unwrap<T>(
    await gatedFetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** The library in display order, with the caller's progress and how many they have watched. */
export const videosQuery = () =>
  pagedListOptions<TrainingVideo, { watchedCount: number }>(trainingKeys.list, (page) => getJson<TrainingVideoPage>(`${base}?page=${page}&pageSize=100`));

/** Every video (all pages), for the re-order dialog: the order is saved for the whole library. */
export const everyVideoQuery = () =>
  queryOptions({
    queryKey: trainingKeys.everyVideo,
    queryFn: async () => {
      const items: TrainingVideo[] = [];
      const pages = Math.ceil(LIMITS.trainingVideos / 100);
      for (let page = 1; page <= pages; page++) {
        const p = await getJson<TrainingVideoPage>(`${base}?page=${page}&pageSize=100`);
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
    queryFn: async () => {
      const body = await getJson<{ video?: TrainingVideo | null } | TrainingVideo | null>(`${base}/intro`);
      if (!body) return null;
      if ('video' in body) return body.video ?? null;
      return 'id' in body ? body : null;
    },
  });

export const resourcesQuery = (videoId: string) =>
  pagedListOptions<VideoResource>(trainingKeys.resources(videoId), (page) => getJson<Page<VideoResource>>(`${base}/${enc(videoId)}/resources?page=${page}&pageSize=100`));

export const clientProgressQuery = (clientId: string) =>
  pagedListOptions<ClientVideoProgress, { watchedCount: number }>(trainingKeys.clientProgress(clientId), (page) =>
    getJson<ClientProgressPage>(`/api/clients/${enc(clientId)}/training-progress?page=${page}&pageSize=100`),
  );

export const addVideoUrl = `${base}/upload`;
export const editVideoUrl = (videoId: string) => `${base}/${enc(videoId)}/upload`;
export const resourceUploadUrl = (videoId: string) => `${base}/${enc(videoId)}/resources/upload`;

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
    const res = await gatedFetch(`${base}/${enc(videoId)}/progress`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ positionSeconds: Math.round(position * 10) / 10, durationSeconds: Math.round(durationSeconds * 10) / 10 }),
      // Survives the tab closing or navigating away (saved on unmount too).
      keepalive: true,
    });
    if (!res.ok) console.warn(`Could not save the video progress (${res.status}).`);
  } catch (err) {
    console.warn('Could not save the video progress.', err);
  }
}

/** Refreshes the grid (progress, counts), the dashboard's intro and the admins' client progress. */
export function useRefreshTraining() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: trainingKeys.all }), queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'clients' && q.queryKey[2] === 'training-progress' })]);
}

export function useDeleteVideo() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (videoId: string) => sendJson<{ ok: true }>('DELETE', `${base}/${enc(videoId)}`),
    onSettled: refresh,
  });
}

export function useSaveOrder() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (ids: string[]) => sendJson<unknown>('PUT', `${base}/order`, { ids }),
    onSettled: refresh,
  });
}

export function useSetIntro() {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (videoId: string | null) => sendJson<unknown>('PUT', `${base}/intro`, { videoId }),
    onSettled: refresh,
  });
}

export function useDeleteResource(videoId: string) {
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: (resourceId: string) => sendJson<{ ok: true }>('DELETE', `${base}/${enc(videoId)}/resources/${enc(resourceId)}`),
    onSettled: refresh,
  });
}

/** Fetches a resource with the session and hands it to the browser as a download. */
export async function downloadResource(resource: VideoResource): Promise<void> {
  const res = await gatedFetch(resource.downloadUrl);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error || `Request failed (${res.status})`);
  }
  saveBlob(await res.blob(), resource.name);
}
