import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { RangeNotSatisfiableError, StorageNotFoundError } from '../../storage/storage';
import { contentRange, parseRange } from '../../lib/range';
import { formatBytes } from '../../../shared/format';
import { FormFieldError, multipartRoute, receiveUpload, uploadBodyLimit, UploadError } from '../../uploads/upload';
import { receiveStreamUpload, removeStoredFiles, type StreamFileRule, type StreamedUpload } from '../../uploads/stream-upload';
import { withUploadSlot } from '../../uploads/upload-limits';
import { fileHeaders } from '../documents/documents.files';
import {
  FILES_REQUIRED,
  introInput,
  MAX_THUMBNAIL_BYTES,
  progressInput,
  progressListQuery,
  RESOURCE_NOT_FOUND,
  resourceListQuery,
  VIDEO_NOT_FOUND,
  videoFields,
  videoListQuery,
  videoOrderInput,
} from '../../../shared/training';
import { singleLine } from '../../../shared/text';
import {
  addResource,
  addVideo,
  clientProgress,
  deleteResource,
  deleteVideo,
  editVideo,
  findResource,
  findVideoFiles,
  introVideo,
  listResources,
  listVideos,
  reorderVideos,
  saveProgress,
  setIntro,
  videoExists,
} from './training.service';

const webStream = (s: Readable) => Readable.toWeb(s) as ReadableStream;

export const videoTooLarge = (max: number) => `The video is too large: it can be at most ${formatBytes(max)}.`;
export const THUMBNAIL_TOO_LARGE = `The thumbnail is too large: it can be at most ${formatBytes(MAX_THUMBNAIL_BYTES)}.`;
export const WRONG_VIDEO_KIND = 'The video must be an MP4, WebM, MOV or Ogg video file.';
export const WRONG_THUMBNAIL_KIND = 'The thumbnail must be a PNG, JPEG, WebP or GIF picture.';

/** Kinds recognised by content (file-type's extension) and the content type each is served with. */
const VIDEO_KINDS: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogv: 'video/ogg' };
const IMAGE_KINDS: Record<string, string> = { png: 'image/png', apng: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

const fileRules = (videoMaxBytes: number): Record<'video' | 'thumbnail', StreamFileRule> => ({
  video: { maxBytes: videoMaxBytes, tooLarge: videoTooLarge(videoMaxBytes), kinds: VIDEO_KINDS, wrongKind: WRONG_VIDEO_KIND, key: (ext) => `training-videos/videos/${randomUUID()}.${ext}` },
  thumbnail: {
    maxBytes: MAX_THUMBNAIL_BYTES,
    tooLarge: THUMBNAIL_TOO_LARGE,
    kinds: IMAGE_KINDS,
    wrongKind: WRONG_THUMBNAIL_KIND,
    key: (ext) => `training-videos/thumbnails/${randomUUID()}.${ext}`,
  },
});

/** A resource's name: optional (the file's name by default). */
const resourceName = z.string().trim().min(1, 'Enter a name.').max(200, 'The name can be at most 200 characters.').check(singleLine('The name')).optional();

/** The form's text fields checked, or the first problem as a FormFieldError. */
function checkVideoFields(fields: Record<string, string>) {
  const parsed = videoFields.safeParse(fields);
  if (parsed.success) return { data: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  const message = issue?.code === 'unrecognized_keys' ? `Unexpected field: ${issue.keys.join(', ')}` : (issue?.message ?? 'Check the form.');
  return { data: null, error: new FormFieldError(message, issue?.path.join('.') || undefined) };
}

/**
 * Receives an add or edit form: the files streamed to storage, then `record` with the checked
 * fields. Whatever fails, no file of this upload stays stored. Generic over `record`'s answer, so
 * the routes keep its JSON type for the typed client.
 */
async function receiveVideoForm<R extends Response>(c: Context<AppEnv>, filesRequired: boolean, record: (fields: z.infer<typeof videoFields>, upload: StreamedUpload) => Promise<R>) {
  const { storage, config } = c.var.deps;
  let upload: StreamedUpload;
  try {
    upload = await receiveStreamUpload(c, storage, fileRules(config.videoMaxBytes), {
      tooLarge: videoTooLarge(config.videoMaxBytes),
      checkFields: (fields) => checkVideoFields(fields).error,
    });
  } catch (err) {
    if (err instanceof UploadError) return c.json({ error: err.message, field: err.field }, err.status);
    throw err;
  }
  try {
    const fields = checkVideoFields(upload.fields);
    if (fields.error) {
      await removeStoredFiles(storage, Object.values(upload.files));
      return c.json({ error: fields.error.message, field: fields.error.field }, 400);
    }
    if (filesRequired && (!upload.files.video || !upload.files.thumbnail)) {
      await removeStoredFiles(storage, Object.values(upload.files));
      return c.json({ error: FILES_REQUIRED }, 400);
    }
    return await record(fields.data, upload);
  } catch (err) {
    await removeStoredFiles(storage, Object.values(upload.files));
    throw err;
  }
}

/** /api/training-videos: the Training Videos library (every signed-in user reads; admins manage). */
export const trainingRoutes = new Hono<AppEnv>()
  .get('/', access('shared-read'), validate('query', videoListQuery), async (c) => c.json(await listVideos(c.var.deps.db, c.var.user!.id, c.req.valid('query'))))
  .get('/intro', access('shared-read'), async (c) => c.json({ video: await introVideo(c.var.deps.db, c.var.user!.id) }))
  // Multipart: title, duration, description and the files `thumbnail` and `video` (both required).
  .post('/upload', access('admin'), multipartRoute(), async (c) => {
    const { db } = c.var.deps;
    const actorId = c.var.user!.id;
    return withUploadSlot(db, actorId, () =>
      receiveVideoForm(c, true, async (fields, upload) => {
        const { video, thumbnail } = upload.files as Required<StreamedUpload['files']>;
        return c.json({ video: await addVideo(db, actorId, fields, { video, thumbnail }) }, 201);
      }),
    );
  })
  .put('/order', access('admin'), validate('json', videoOrderInput), async (c) => {
    await reorderVideos(c.var.deps.db, c.req.valid('json').ids);
    return c.json({ ok: true });
  })
  .put('/intro', access('admin'), validate('json', introInput), async (c) => {
    const { videoId } = c.req.valid('json');
    if (!(await setIntro(c.var.deps.db, videoId))) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return c.json({ video: videoId ? await introVideo(c.var.deps.db, c.var.user!.id) : null });
  })
  // The video for the player: HTTP Range (206 / 416), streamed from storage. There is no download route.
  .get('/:videoId/stream', access('shared-read'), async (c) => {
    const { db, storage } = c.var.deps;
    const video = await findVideoFiles(db, c.req.param('videoId'));
    if (!video) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    const range = parseRange(c.req.header('range'), video.videoSize);
    const unsatisfiable = (size: number) => c.json({ error: 'The requested range is not part of the video.' }, 416, { 'Content-Range': contentRange(size) });
    if (range.kind === 'unsatisfiable') return unsatisfiable(video.videoSize);
    let file;
    try {
      file = await storage.get(video.videoKey, range.kind === 'range' ? { start: range.start, end: range.end } : undefined);
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: VIDEO_NOT_FOUND }, 404);
      if (err instanceof RangeNotSatisfiableError) return unsatisfiable(err.size);
      throw err;
    }
    const headers: Record<string, string> = {
      'Content-Type': video.videoContentType,
      'Accept-Ranges': 'bytes',
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    };
    if (file.range) {
      headers['Content-Range'] = contentRange(file.size, file.range);
      headers['Content-Length'] = String(file.range.end - file.range.start + 1);
      return c.body(webStream(file.stream), 206, headers);
    }
    headers['Content-Length'] = String(file.size);
    return c.body(webStream(file.stream), 200, headers);
  })
  .get('/:videoId/thumbnail', access('shared-read'), async (c) => {
    const { db, storage } = c.var.deps;
    const video = await findVideoFiles(db, c.req.param('videoId'));
    if (!video) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    try {
      const file = await storage.get(video.thumbnailKey);
      return c.body(webStream(file.stream), 200, {
        'Content-Type': video.thumbnailContentType,
        'Content-Length': String(file.size),
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: VIDEO_NOT_FOUND }, 404);
      throw err;
    }
  })
  // Edit: the same form, each file optional (a file sent replaces the old one).
  .post('/:videoId/upload', access('admin'), multipartRoute(), async (c) => {
    const { db, storage, log } = c.var.deps;
    const videoId = c.req.param('videoId');
    const actorId = c.var.user!.id;
    if (!(await videoExists(db, videoId))) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return withUploadSlot(db, actorId, () =>
      receiveVideoForm(c, false, async (fields, upload) => {
        const video = await editVideo(db, storage, actorId, videoId, fields, upload.files, log);
        if (!video) {
          await removeStoredFiles(storage, Object.values(upload.files));
          return c.json({ error: VIDEO_NOT_FOUND }, 404);
        }
        return c.json({ video });
      }),
    );
  })
  .delete('/:videoId', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return (await deleteVideo(db, storage, c.req.param('videoId'), log)) ? c.json({ ok: true }) : c.json({ error: VIDEO_NOT_FOUND }, 404);
  })
  .get('/:videoId/resources', access('shared-read'), validate('query', resourceListQuery), async (c) => {
    const { db } = c.var.deps;
    const videoId = c.req.param('videoId');
    if (!(await videoExists(db, videoId))) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return c.json(await listResources(db, videoId, c.req.valid('query')));
  })
  // Multipart: `file` (one .pdf/.doc/.docx of at most 10 MB) and an optional `name`.
  .post('/:videoId/resources/upload', access('admin'), uploadBodyLimit(), async (c) => {
    const { db, storage } = c.var.deps;
    const videoId = c.req.param('videoId');
    if (!(await videoExists(db, videoId))) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return withUploadSlot(db, c.var.user!.id, async () => {
      try {
        const upload = await receiveUpload(c);
        const name = resourceName.safeParse(upload.fields.name || undefined);
        if (!name.success) return c.json({ error: name.error.issues[0]?.message ?? 'Enter a name.', field: 'name' }, 400);
        const resource = await addResource(db, storage, videoId, upload, name.data ?? upload.name);
        return c.json({ resource }, 201);
      } catch (err) {
        if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? 'file' }, err.status);
        throw err;
      }
    });
  })
  .get('/:videoId/resources/:resourceId/download', access('shared-read'), async (c) => {
    const { db, storage } = c.var.deps;
    const resource = await findResource(db, c.req.param('videoId'), c.req.param('resourceId'));
    if (!resource) return c.json({ error: RESOURCE_NOT_FOUND }, 404);
    try {
      const file = await storage.get(resource.storageKey);
      return c.body(webStream(file.stream), 200, fileHeaders(resource.name, resource.contentType, file.size));
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: RESOURCE_NOT_FOUND }, 404);
      throw err;
    }
  })
  .delete('/:videoId/resources/:resourceId', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return (await deleteResource(db, storage, c.req.param('videoId'), c.req.param('resourceId'), log)) ? c.json({ ok: true }) : c.json({ error: RESOURCE_NOT_FOUND }, 404);
  })
  // Where the caller stopped; the player saves every few seconds.
  .put('/:videoId/progress', access('user'), validate('json', progressInput), async (c) => {
    const progress = await saveProgress(c.var.deps.db, c.var.user!.id, c.req.param('videoId'), c.req.valid('json'));
    return progress ? c.json({ progress }) : c.json({ error: VIDEO_NOT_FOUND }, 404);
  });

/** /api/clients/:clientId/training-progress: every video with that client's progress (the client or an admin). */
export const clientTrainingProgressRoutes = new Hono<AppEnv>().get('/', access('own'), validate('query', progressListQuery), async (c) =>
  c.json(await clientProgress(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
);
