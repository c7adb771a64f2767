import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { trainingVideos, videoProgress, videoResources } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { pageWindow } from '../../lib/paging';
import { isDocumentId } from '../documents/documents.service';
import { LIMITS, limitReached } from '../../../shared/limits';
import type { PageQuery } from '../../../shared/paging';
import {
  VIDEO_NOT_FOUND,
  type TrainingVideo,
  type TrainingVideoPage,
  type VideoFields,
  type VideoProgress,
} from '../../../shared/training';
import { removeStored } from '../../storage/remove-stored';

/** Route parameters are text: anything but a UUID names no video or resource. */
export const isTrainingId = isDocumentId;

type Log = { warn: (m: string) => void };

// One lock for every change to the library's order (adds, deletes, reorders): they serialise.
const lockLibrary = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('training_videos'), 0)`);

const resourceCount =
  sql<number>`(select count(*) from ${videoResources} where ${videoResources.videoId} = ${trainingVideos.id})`.mapWith(
    Number,
  );

const videoColumns = {
  id: trainingVideos.id,
  title: trainingVideos.title,
  description: trainingVideos.description,
  duration: trainingVideos.duration,
  displayOrder: trainingVideos.displayOrder,
  isIntro: trainingVideos.isIntro,
  createdAt: trainingVideos.createdAt,
};
export const progressColumns = {
  positionSeconds: videoProgress.positionSeconds,
  durationSeconds: videoProgress.durationSeconds,
  watched: videoProgress.watched,
  updatedAt: videoProgress.updatedAt,
};

type ProgressRow = { positionSeconds: number; durationSeconds: number; watched: boolean; updatedAt: Date } | null;
export const toProgress = (p: ProgressRow): VideoProgress | null =>
  p ? { ...p, updatedAt: p.updatedAt.toISOString() } : null;

type VideoRow = {
  id: string;
  title: string;
  description: string;
  duration: string;
  displayOrder: number;
  isIntro: boolean;
  createdAt: Date;
  resourceCount: number;
  progress: ProgressRow;
};
const toVideo = (r: VideoRow): TrainingVideo => ({
  id: r.id,
  title: r.title,
  description: r.description,
  duration: r.duration,
  displayOrder: r.displayOrder,
  isIntro: r.isIntro,
  resourceCount: r.resourceCount,
  thumbnailUrl: `/api/training-videos/${r.id}/thumbnail`,
  streamUrl: `/api/training-videos/${r.id}/stream`,
  createdAt: r.createdAt.toISOString(),
  progress: toProgress(r.progress),
});

/** Videos with their resource count and `userId`'s progress, in one statement. */
const videosFor = (db: Db, userId: string) =>
  db
    .select({ ...videoColumns, resourceCount, progress: progressColumns })
    .from(trainingVideos)
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, trainingVideos.id), eq(videoProgress.userId, userId)));

/** The library's size and how many of its videos `userId` has watched, in one statement. */
export async function counts(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      watched:
        sql<number>`(select count(*) from ${videoProgress} where ${videoProgress.userId} = ${userId} and ${videoProgress.watched})`.mapWith(
          Number,
        ),
    })
    .from(trainingVideos);
  return { total: row?.total ?? 0, watched: row?.watched ?? 0 };
}

/** GET /api/training-videos: a page of the library in display order, with the caller's progress. */
export async function listVideos(db: Db, userId: string, q: PageQuery): Promise<TrainingVideoPage> {
  const { limit, offset } = pageWindow(q);
  const [rows, c] = await Promise.all([
    videosFor(db, userId).orderBy(asc(trainingVideos.displayOrder), asc(trainingVideos.id)).limit(limit).offset(offset),
    counts(db, userId),
  ]);
  return { items: rows.map(toVideo), total: c.total, page: q.page, pageSize: q.pageSize, watchedCount: c.watched };
}

/** The dashboard's intro video, or null. */
export async function introVideo(db: Db, userId: string): Promise<TrainingVideo | null> {
  const [row] = await videosFor(db, userId).where(eq(trainingVideos.isIntro, true)).limit(1);
  return row ? toVideo(row) : null;
}

async function videoById(db: Db, userId: string, videoId: string) {
  const [row] = await videosFor(db, userId).where(eq(trainingVideos.id, videoId));
  return row ? toVideo(row) : null;
}

/** A video's stored files (for the stream and thumbnail routes); null when there is no such video. */
export async function findVideoFiles(db: Db, videoId: string | undefined) {
  if (!isTrainingId(videoId)) return null;
  const [row] = await db
    .select({
      videoKey: trainingVideos.videoKey,
      videoContentType: trainingVideos.videoContentType,
      videoSize: trainingVideos.videoSize,
      thumbnailKey: trainingVideos.thumbnailKey,
      thumbnailContentType: trainingVideos.thumbnailContentType,
    })
    .from(trainingVideos)
    .where(eq(trainingVideos.id, videoId));
  return row ?? null;
}

export type StoredFile = { key: string; contentType: string; size: number };

/** Records a new video whose files are already stored, last in the order. */
export async function addVideo(
  db: Db,
  actorId: string,
  fields: VideoFields,
  files: { video: StoredFile; thumbnail: StoredFile },
): Promise<TrainingVideo> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await lockLibrary(tx);
    const [{ n }] = await tx.select({ n: count() }).from(trainingVideos);
    if (n >= LIMITS.trainingVideos) throw new ConflictError(limitReached(LIMITS.trainingVideos, 'training videos'));
    await tx.insert(trainingVideos).values({
      id,
      ...fields,
      videoKey: files.video.key,
      videoContentType: files.video.contentType,
      videoSize: files.video.size,
      thumbnailKey: files.thumbnail.key,
      thumbnailContentType: files.thumbnail.contentType,
      displayOrder: n + 1,
      createdBy: actorId,
    });
  });
  return (await videoById(db, actorId, id))!;
}

/**
 * Changes a video's fields and, for each file sent, its file; the replaced files are removed after
 * the commit. Null when there is no such video (the caller removes the files it stored).
 */
export async function editVideo(
  db: Db,
  storage: Storage,
  actorId: string,
  videoId: string,
  fields: VideoFields,
  files: { video?: StoredFile; thumbnail?: StoredFile },
  log: Log,
) {
  if (!isTrainingId(videoId)) return null;
  const old = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ videoKey: trainingVideos.videoKey, thumbnailKey: trainingVideos.thumbnailKey })
      .from(trainingVideos)
      .where(eq(trainingVideos.id, videoId))
      .for('update');
    if (!row) return null;
    await tx
      .update(trainingVideos)
      .set({
        ...fields,
        ...(files.video
          ? { videoKey: files.video.key, videoContentType: files.video.contentType, videoSize: files.video.size }
          : {}),
        ...(files.thumbnail
          ? { thumbnailKey: files.thumbnail.key, thumbnailContentType: files.thumbnail.contentType }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(trainingVideos.id, videoId));
    return row;
  });
  if (!old) return null;
  const replaced = [files.video ? old.videoKey : null, files.thumbnail ? old.thumbnailKey : null].filter(
    (k): k is string => !!k,
  );
  await removeStored(storage, replaced, log);
  return (await videoById(db, actorId, videoId))!;
}

/** Removes the video (its resources and everyone's progress go with it), closes the gap in the order, then removes its files. */
export async function deleteVideo(db: Db, storage: Storage, videoId: string, log: Log) {
  if (!isTrainingId(videoId)) return false;
  const keys = await db.transaction(async (tx) => {
    await lockLibrary(tx);
    const resources = await tx
      .select({ key: videoResources.storageKey })
      .from(videoResources)
      .where(eq(videoResources.videoId, videoId));
    const [row] = await tx.delete(trainingVideos).where(eq(trainingVideos.id, videoId)).returning({
      videoKey: trainingVideos.videoKey,
      thumbnailKey: trainingVideos.thumbnailKey,
      displayOrder: trainingVideos.displayOrder,
    });
    if (!row) return null;
    await tx
      .update(trainingVideos)
      .set({ displayOrder: sql`${trainingVideos.displayOrder} - 1` })
      .where(sql`${trainingVideos.displayOrder} > ${row.displayOrder}`);
    return [row.videoKey, row.thumbnailKey, ...resources.map((r) => r.key)];
  });
  if (!keys) return false;
  // After the commit: a file without a row is harmless, a row without its file would be broken.
  await removeStored(storage, keys, log);
  return true;
}

export const ORDER_CHANGED = 'The list of videos changed. Reload and try again.';

/** Renumbers the library 1..n in the order of `ids`, which must name every video exactly once. */
export async function reorderVideos(db: Db, ids: string[]) {
  await db.transaction(async (tx) => {
    await lockLibrary(tx);
    const current = await tx.select({ id: trainingVideos.id }).from(trainingVideos);
    const known = new Set(current.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw new ConflictError(ORDER_CHANGED);
    await tx.execute(
      sql`update ${trainingVideos} set display_order = v.ord, updated_at = now() from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as v(id, ord) where ${trainingVideos.id} = v.id`,
    );
  });
}

/** Makes one video the dashboard's intro (none with null). False when there is no such video. */
export async function setIntro(db: Db, videoId: string | null) {
  if (videoId !== null && !isTrainingId(videoId)) return false;
  return db.transaction(async (tx) => {
    await tx.update(trainingVideos).set({ isIntro: false }).where(eq(trainingVideos.isIntro, true));
    if (videoId === null) return true;
    const rows = await tx
      .update(trainingVideos)
      .set({ isIntro: true })
      .where(eq(trainingVideos.id, videoId))
      .returning({ id: trainingVideos.id });
    if (!rows.length) throw new NotFoundError(VIDEO_NOT_FOUND);
    return true;
  });
}
