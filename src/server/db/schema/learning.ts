import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { authUsers } from './auth';

/**
 * The original product's training_videos. Files live in storage under server-made keys
 * (training-videos/videos/..., training-videos/thumbnails/...); they are served only through
 * authorised routes, so the rows keep keys, not URLs.
 */
export const trainingVideos = pgTable(
  'training_videos',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    // As the admin typed it, e.g. '10:30' (validated by the shared schema).
    duration: text('duration').notNull(),
    videoKey: text('video_key').notNull(),
    videoContentType: text('video_content_type').notNull(),
    videoSize: bigint('video_size', { mode: 'number' }).notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    thumbnailContentType: text('thumbnail_content_type').notNull(),
    // Kept from the original product; always false: the video file has no download route.
    isDownloadable: boolean('is_downloadable').notNull().default(false),
    displayOrder: integer('display_order').notNull(),
    // At most one video is the dashboard's intro (partial unique index below).
    isIntro: boolean('is_intro').notNull().default(false),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_videos_order_idx').on(t.displayOrder),
    uniqueIndex('training_videos_one_intro_idx')
      .on(t.isIntro)
      .where(sql`is_intro`),
  ],
);

/** The original product's video_resources: files attached to a video (Resource Materials). */
export const videoResources = pgTable(
  'video_resources',
  {
    id: text('id').primaryKey(),
    videoId: text('video_id')
      .notNull()
      .references(() => trainingVideos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_resources_video_idx').on(t.videoId, t.createdAt)],
);

/** Where each user stopped in each video (seconds), and whether they watched 90% or more. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => trainingVideos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull().default(0),
    durationSeconds: real('duration_seconds').notNull().default(0),
    // Once watched, stays watched (re-watching from the start does not undo it).
    watched: boolean('watched').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/**
 * A replacement PDF an admin uploaded for one volume of The Secret to Wealth. Without a row the
 * volume's generated PDF is served.
 */
export const bookFiles = pgTable('book_files', {
  volume: integer('volume').primaryKey(),
  fileName: text('file_name').notNull(),
  storageKey: text('storage_key').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  uploadedBy: text('uploaded_by').references(() => authUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
