import { z } from 'zod';
import { pageFields } from './paging';
import { multiLine, singleLine } from './text';
export {
  FILES_REQUIRED,
  VIDEO_NOT_FOUND,
  RESOURCE_NOT_FOUND,
  MAX_THUMBNAIL_BYTES,
  DEFAULT_VIDEO_MAX_BYTES,
  isWatched,
} from './training-rules';

// Training Videos (/training): the contract between the API and the page. Texts are the original product's.

/** '10:30', '1:05:00' or '45': minutes and seconds (or hours, minutes and seconds), seconds 00-59. */
export const durationText = z
  .string({ message: 'Enter the duration, like 10:30.' })
  .trim()
  .min(1, 'Enter the duration, like 10:30.')
  .max(9, 'Enter the duration, like 10:30.')
  .regex(/^(?:(?:\d{1,2}:)?[0-5]?\d:[0-5]\d|\d{1,3})$/, 'Enter the duration as minutes and seconds, like 10:30.');

/** The text fields of the add/edit form (multipart fields next to the `thumbnail` and `video` files). */
export const videoFields = z
  .object({
    title: z
      .string({ message: 'Enter a title.' })
      .trim()
      .min(1, 'Enter a title.')
      .max(200, 'The title can be at most 200 characters.')
      .check(singleLine('The title')),
    duration: durationText,
    description: z
      .string({ message: 'Enter a description.' })
      .trim()
      .min(1, 'Enter a description.')
      .max(5000, 'The description can be at most 5,000 characters.')
      .check(multiLine('The description')),
  })
  .strict();
export type VideoFields = z.infer<typeof videoFields>;

/** GET /api/training-videos */
export const videoListQuery = z.object(pageFields(100)).strict();
/** GET /api/training-videos/:videoId/resources */
export const resourceListQuery = z.object(pageFields(100)).strict();
/** GET /api/clients/:clientId/training-progress */
export const progressListQuery = z.object(pageFields(100)).strict();

/** PUT /api/training-videos/order: every video's id, in the new order (renumbered 1..n). */
export const videoOrderInput = z
  .object({
    ids: z
      .array(z.string().min(1).max(100), { message: 'ids must be the list of video ids in order' })
      .min(1, 'Send the video ids in order.')
      .max(1000),
  })
  .strict();
/** PUT /api/training-videos/intro: the dashboard's intro video, or null for none. */
export const introInput = z.object({ videoId: z.string().min(1).max(100).nullable() }).strict();
// To the millisecond: the column is a PostgreSQL real, which refuses a value as tiny as 2e-81 (underflow: a 500).
const seconds = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .finite()
    .min(0)
    .max(24 * 3600)
    .transform((n) => Math.round(n * 1000) / 1000);
/** PUT /api/training-videos/:videoId/progress: where the caller stopped (seconds) and the video's length. */
export const progressInput = z
  .object({
    positionSeconds: seconds('positionSeconds'),
    durationSeconds: seconds('durationSeconds'),
  })
  .strict();

export type VideoProgress = { positionSeconds: number; durationSeconds: number; watched: boolean; updatedAt: string };

export type TrainingVideo = {
  id: string;
  title: string;
  description: string;
  duration: string;
  displayOrder: number;
  isIntro: boolean;
  resourceCount: number;
  /** Authorised routes; the video one answers Range requests. */
  thumbnailUrl: string;
  streamUrl: string;
  createdAt: string;
  /** The caller's own progress in this video. */
  progress: VideoProgress | null;
};

/** GET /api/training-videos answers the shared page shape plus how many the caller has watched. */
export type TrainingVideoPage = {
  items: TrainingVideo[];
  total: number;
  page: number;
  pageSize: number;
  watchedCount: number;
};

export type VideoResource = {
  id: string;
  videoId: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
  downloadUrl: string;
};

/** A client's progress as an admin sees it (GET /api/clients/:clientId/training-progress). */
export type ClientVideoProgress = {
  videoId: string;
  title: string;
  displayOrder: number;
  progress: VideoProgress | null;
};
export type ClientProgressPage = {
  items: ClientVideoProgress[];
  total: number;
  page: number;
  pageSize: number;
  watchedCount: number;
};
