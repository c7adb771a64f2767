// The training constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. training.ts re-exports them beside its schemas (one source for both sides).

export const NO_TRAINING_VIDEOS = 'No training videos yet';
export const FILES_REQUIRED = 'Thumbnail and video files are required.';
export const saveOrderFailed = (message: string) => `Failed to save video order: ${message}`;
export const uploadVideoFailed = (message: string) => `Failed to upload video: ${message}`;
export const deleteVideoFailed = (message: string) => `Failed to delete video: ${message}`;
export const deleteResourceFailed = (message: string) => `Failed to delete resource: ${message}`;
export const downloadResourceFailed = (message: string) => `Failed to download resource: ${message}`;
export const VIDEO_NOT_FOUND = 'Training video not found.';
export const RESOURCE_NOT_FOUND = 'Resource not found.';

/** A card counts as watched from this share of its length on. */
export const WATCHED_SHARE = 0.9;

/** Upload kinds accepted for the two files of a video (checked by content on the server). */
export const VIDEO_ACCEPT = 'video/*';
export const THUMBNAIL_ACCEPT = 'image/*';
/** Thumbnails are small pictures. The video's own limit is a server setting (VIDEO_MAX_BYTES, default 2 GB). */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
export const DEFAULT_VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const isWatched = (positionSeconds: number, durationSeconds: number) =>
  durationSeconds > 0 && positionSeconds >= durationSeconds * WATCHED_SHARE;
