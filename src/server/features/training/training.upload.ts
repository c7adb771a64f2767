import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { formatBytes } from '../../../shared/format';
import { singleLine } from '../../../shared/text';
import { FILES_REQUIRED, MAX_THUMBNAIL_BYTES, videoFields } from '../../../shared/training';
import { IMAGE_KINDS } from '../../uploads/image-kinds';
import { withStreamUpload, type StoredUploadFile, type StreamFileRule } from '../../uploads/stream-upload';
import { FormFieldError, receiveUpload, UploadError, type ReceivedUpload } from '../../uploads/upload';

export const videoTooLarge = (max: number) => `The video is too large: it can be at most ${formatBytes(max)}.`;
export const THUMBNAIL_TOO_LARGE = `The thumbnail is too large: it can be at most ${formatBytes(MAX_THUMBNAIL_BYTES)}.`;
export const WRONG_VIDEO_KIND = 'The video must be an MP4, WebM, MOV or Ogg video file.';
export const WRONG_THUMBNAIL_KIND = 'The thumbnail must be a PNG, JPEG, WebP or GIF picture.';

/** Videos recognised by content (file-type's extension) and the content type each is served with. */
const VIDEO_KINDS: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
};

const fileRules = (videoMaxBytes: number): Record<'video' | 'thumbnail', StreamFileRule> => ({
  video: {
    maxBytes: videoMaxBytes,
    tooLarge: videoTooLarge(videoMaxBytes),
    kinds: VIDEO_KINDS,
    wrongKind: WRONG_VIDEO_KIND,
    key: (ext) => `training-videos/videos/${randomUUID()}.${ext}`,
  },
  thumbnail: {
    maxBytes: MAX_THUMBNAIL_BYTES,
    tooLarge: THUMBNAIL_TOO_LARGE,
    kinds: IMAGE_KINDS,
    wrongKind: WRONG_THUMBNAIL_KIND,
    key: (ext) => `training-videos/thumbnails/${randomUUID()}.${ext}`,
  },
});

/** The form's text fields checked, or the first problem as a FormFieldError. */
function checkVideoFields(fields: Record<string, string>) {
  const parsed = videoFields.safeParse(fields);
  if (parsed.success) return { data: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `Unexpected field: ${issue.keys.join(', ')}`
      : (issue?.message ?? 'Check the form.');
  return { data: null, error: new FormFieldError(message, issue?.path.join('.') || undefined) };
}

export type VideoFiles = Partial<Record<'video' | 'thumbnail', StoredUploadFile>>;

/**
 * Receives the add or edit form (title, duration, description and the files `thumbnail` and
 * `video`): the files streamed to storage, then `record` with the checked fields. Whatever fails,
 * no file of this upload stays stored.
 */
export function receiveVideoForm<T>(
  c: Context<AppEnv>,
  record: (fields: z.infer<typeof videoFields>, files: VideoFiles) => Promise<T>,
): Promise<T> {
  const max = c.var.deps.config.videoMaxBytes;
  return withStreamUpload(
    c,
    fileRules(max),
    { tooLarge: videoTooLarge(max), checkFields: (fields) => checkVideoFields(fields).error },
    async (upload) => {
      const fields = checkVideoFields(upload.fields);
      if (fields.error) throw fields.error;
      return record(fields.data, upload.files);
    },
  );
}

/** The add form: both files required. */
export const receiveNewVideo = <T>(
  c: Context<AppEnv>,
  record: (fields: z.infer<typeof videoFields>, files: Required<VideoFiles>) => Promise<T>,
) =>
  receiveVideoForm(c, (fields, { video, thumbnail }) => {
    if (!video || !thumbnail) throw new UploadError(400, FILES_REQUIRED);
    return record(fields, { video, thumbnail });
  });

/** A resource's name: optional (the file's name by default). */
const resourceName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(200, 'The name can be at most 200 characters.')
  .check(singleLine('The name'))
  .optional();

/** The resource form: `file` (one .pdf/.doc/.docx of at most 10 MB) and an optional `name`. */
export async function receiveResource(c: Context<AppEnv>): Promise<{ upload: ReceivedUpload; name: string }> {
  const upload = await receiveUpload(c);
  const name = resourceName.safeParse(upload.fields.name || undefined);
  if (!name.success) throw new FormFieldError(name.error.issues[0]?.message ?? 'Enter a name.', 'name');
  return { upload, name: name.data ?? upload.name };
}
