import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trainingVideos, videoProgress } from '../../db/schema';
import { pageWindow } from '../../lib/paging';
import type { PageQuery } from '../../../shared/paging';
import { isWatched, type ClientProgressPage, type VideoProgress } from '../../../shared/training';
import { counts, isTrainingId, progressColumns, toProgress } from './training.service';

// Where each person stopped in each video: saved by the player, shown on the cards and to admins.

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
