import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { trainingVideos, videoResources } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { removeStored } from '../../storage/remove-stored';
import { storeThenRecord, type ReceivedUpload } from '../../uploads/upload';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import { LIMITS, limitReached } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { VIDEO_NOT_FOUND, type VideoResource } from '../../../shared/training';
import { isTrainingId } from './training.service';

// A video's resource materials: files admins attach to a video, listed and downloaded by everyone.

type Log = { warn: (m: string) => void };

const resourceColumns = {
  id: videoResources.id,
  videoId: videoResources.videoId,
  name: videoResources.name,
  contentType: videoResources.contentType,
  size: videoResources.size,
  createdAt: videoResources.createdAt,
};
const toResource = (r: {
  id: string;
  videoId: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: Date;
}): VideoResource => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  downloadUrl: `/api/training-videos/${r.videoId}/resources/${r.id}/download`,
});

export async function videoExists(db: Db, videoId: string | undefined) {
  if (!isTrainingId(videoId)) return false;
  return (await db.$count(trainingVideos, eq(trainingVideos.id, videoId))) > 0;
}

/** A page of a video's resources, oldest first. */
export async function listResources(db: Db, videoId: string, q: PageQuery): Promise<Page<VideoResource>> {
  const { limit, offset } = pageWindow(q);
  const where = eq(videoResources.videoId, videoId);
  const rows = await db
    .select({ ...resourceColumns, total: totalOver() })
    .from(videoResources)
    .where(where)
    .orderBy(asc(videoResources.createdAt), asc(videoResources.id))
    .limit(limit)
    .offset(offset);
  return pageOf(q, rows, () => db.$count(videoResources, where), toResource);
}

/** Stores the file and records it under the video (LIMITS.resourcesPerVideo); null when the video is gone. */
export async function addResource(
  db: Db,
  storage: Storage,
  videoId: string,
  upload: ReceivedUpload,
  name: string,
): Promise<VideoResource | null> {
  const id = randomUUID();
  const key = `training-videos/resources/${videoId}/${id}.${upload.ext}`;
  return storeThenRecord(storage, key, upload, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('video_resources'), hashtext(${videoId}))`);
      const [video] = await tx
        .select({ id: trainingVideos.id })
        .from(trainingVideos)
        .where(eq(trainingVideos.id, videoId))
        .for('share');
      if (!video) throw new NotFoundError(VIDEO_NOT_FOUND);
      const n = await tx.$count(videoResources, eq(videoResources.videoId, videoId));
      if (n >= LIMITS.resourcesPerVideo)
        throw new ConflictError(limitReached(LIMITS.resourcesPerVideo, 'resources on this video'));
      const [row] = await tx
        .insert(videoResources)
        .values({ id, videoId, name, storageKey: key, contentType: upload.contentType, size: upload.bytes.length })
        .returning(resourceColumns);
      return toResource(row);
    }),
  );
}

export async function findResource(db: Db, videoId: string | undefined, resourceId: string | undefined) {
  if (!isTrainingId(videoId) || !isTrainingId(resourceId)) return null;
  const [row] = await db
    .select({ ...resourceColumns, storageKey: videoResources.storageKey })
    .from(videoResources)
    .where(and(eq(videoResources.id, resourceId), eq(videoResources.videoId, videoId)));
  return row ?? null;
}

export async function deleteResource(
  db: Db,
  storage: Storage,
  videoId: string | undefined,
  resourceId: string | undefined,
  log: Log,
) {
  if (!isTrainingId(videoId) || !isTrainingId(resourceId)) return false;
  const [row] = await db
    .delete(videoResources)
    .where(and(eq(videoResources.id, resourceId), eq(videoResources.videoId, videoId)))
    .returning({ key: videoResources.storageKey });
  if (!row) return false;
  await removeStored(storage, [row.key], log);
  return true;
}
