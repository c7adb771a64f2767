import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { trainingVideos, videoProgress, videoResources } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, type ReceivedUpload } from '../../uploads/upload';
import { pageWindow } from '../../lib/paging';
import { isDocumentId } from '../documents/documents.service';
import { LIMITS, limitReached } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import {
  isWatched,
  VIDEO_NOT_FOUND,
  type ClientProgressPage,
  type TrainingVideo,
  type TrainingVideoPage,
  type VideoFields,
  type VideoProgress,
  type VideoResource,
} from '../../../shared/training';

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
const progressColumns = {
  positionSeconds: videoProgress.positionSeconds,
  durationSeconds: videoProgress.durationSeconds,
  watched: videoProgress.watched,
  updatedAt: videoProgress.updatedAt,
};

type ProgressRow = { positionSeconds: number; durationSeconds: number; watched: boolean; updatedAt: Date } | null;
const toProgress = (p: ProgressRow): VideoProgress | null =>
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
async function counts(db: Db, userId: string) {
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
  await removeKeys(storage, replaced, log);
  return (await videoById(db, actorId, videoId))!;
}

async function removeKeys(storage: Storage, keys: string[], log: Log) {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((err: unknown) => log.warn(`could not remove stored file ${key}: ${String(err)}`)),
    ),
  );
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
  await removeKeys(storage, keys, log);
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

// --- Resources -------------------------------------------------------------------------------

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
  const [rows, total] = await Promise.all([
    db
      .select(resourceColumns)
      .from(videoResources)
      .where(where)
      .orderBy(asc(videoResources.createdAt), asc(videoResources.id))
      .limit(limit)
      .offset(offset),
    db.$count(videoResources, where),
  ]);
  return { items: rows.map(toResource), total, page: q.page, pageSize: q.pageSize };
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
  await removeKeys(storage, [row.key], log);
  return true;
}

// --- Progress --------------------------------------------------------------------------------

/**
 * Saves where `userId` stopped in the video, in one statement (the player saves every few
 * seconds); once watched it stays watched. Null when there is no such video.
 */
export async function saveProgress(
  db: Db,
  userId: string,
  videoId: string | undefined,
  input: { positionSeconds: number; durationSeconds: number },
): Promise<VideoProgress | null> {
  if (!isTrainingId(videoId)) return null;
  const watched = isWatched(input.positionSeconds, input.durationSeconds);
  const [row] = await db
    .insert(videoProgress)
    .select(
      db
        .select({
          userId: sql<string>`${userId}`.as('user_id'),
          videoId: trainingVideos.id,
          positionSeconds: sql<number>`${input.positionSeconds}::real`.as('position_seconds'),
          durationSeconds: sql<number>`${input.durationSeconds}::real`.as('duration_seconds'),
          watched: sql<boolean>`${watched}::boolean`.as('watched'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(trainingVideos)
        .where(eq(trainingVideos.id, videoId)),
    )
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.videoId],
      set: {
        positionSeconds: sql`excluded.position_seconds`,
        durationSeconds: sql`excluded.duration_seconds`,
        watched: sql`${videoProgress.watched} or excluded.watched`,
        updatedAt: sql`now()`,
      },
    })
    .returning(progressColumns);
  return row ? toProgress(row) : null;
}

/** Every video in order with one client's progress (null where never opened), for admins. */
export async function clientProgress(db: Db, clientId: string, q: PageQuery): Promise<ClientProgressPage> {
  const { limit, offset } = pageWindow(q);
  const [rows, c] = await Promise.all([
    db
      .select({
        videoId: trainingVideos.id,
        title: trainingVideos.title,
        displayOrder: trainingVideos.displayOrder,
        progress: progressColumns,
      })
      .from(trainingVideos)
      .leftJoin(videoProgress, and(eq(videoProgress.videoId, trainingVideos.id), eq(videoProgress.userId, clientId)))
      .orderBy(asc(trainingVideos.displayOrder), asc(trainingVideos.id))
      .limit(limit)
      .offset(offset),
    counts(db, clientId),
  ]);
  return {
    items: rows.map((r) => ({
      videoId: r.videoId,
      title: r.title,
      displayOrder: r.displayOrder,
      progress: toProgress(r.progress),
    })),
    total: c.total,
    page: q.page,
    pageSize: q.pageSize,
    watchedCount: c.watched,
  };
}
