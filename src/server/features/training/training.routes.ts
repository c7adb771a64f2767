import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { NotFoundError } from '../../lib/domain-errors';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { acceptUpload } from '../../uploads/accept';
import { sendInline, sendRanged, sendStoredDownload } from '../../uploads/serve';
import { multipartRoute, uploadBodyLimit } from '../../uploads/upload';
import {
  introInput,
  progressInput,
  progressListQuery,
  RESOURCE_NOT_FOUND,
  resourceListQuery,
  VIDEO_NOT_FOUND,
  videoListQuery,
  videoOrderInput,
} from '../../../shared/training';
import {
  addVideo,
  deleteVideo,
  editVideo,
  findVideoFiles,
  introVideo,
  listVideos,
  reorderVideos,
  setIntro,
} from './training.service';
import { clientProgress, saveProgress } from './training-progress.service';
import { addResource, deleteResource, findResource, listResources, videoExists } from './training-resources.service';
import { receiveNewVideo, receiveResource, receiveVideoForm } from './training.upload';

/** /api/training-videos: the Training Videos library (every signed-in user reads; admins manage). */
export const trainingRoutes = new Hono<AppEnv>()
  .get('/', access('shared-read'), validate('query', videoListQuery), async (c) =>
    c.json(await listVideos(c.var.deps.db, c.var.user!.id, c.req.valid('query'))),
  )
  .get('/intro', access('shared-read'), async (c) => c.json({ video: await introVideo(c.var.deps.db, c.var.user!.id) }))
  // Multipart: title, duration, description and the files `thumbnail` and `video` (both required).
  .post('/upload', access('admin'), multipartRoute(), (c) => {
    const actorId = c.var.user!.id;
    return acceptUpload(c, { actorId }, () =>
      receiveNewVideo(c, async (fields, files) =>
        c.json({ video: await addVideo(c.var.deps.db, actorId, fields, files) }, 201),
      ),
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
    const video = await findVideoFiles(c.var.deps.db, c.req.param('videoId'));
    if (!video) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    const file = { key: video.videoKey, contentType: video.videoContentType, size: video.videoSize };
    return sendRanged(c, file, {
      notFound: VIDEO_NOT_FOUND,
      unsatisfiable: 'The requested range is not part of the video.',
    });
  })
  .get('/:videoId/thumbnail', access('shared-read'), async (c) => {
    const video = await findVideoFiles(c.var.deps.db, c.req.param('videoId'));
    if (!video) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return sendInline(c, { key: video.thumbnailKey, contentType: video.thumbnailContentType }, VIDEO_NOT_FOUND);
  })
  // Edit: the same form, each file optional (a file sent replaces the old one).
  .post('/:videoId/upload', access('admin'), multipartRoute(), async (c) => {
    const { db, storage, log } = c.var.deps;
    const videoId = c.req.param('videoId');
    const actorId = c.var.user!.id;
    if (!(await videoExists(db, videoId))) return c.json({ error: VIDEO_NOT_FOUND }, 404);
    return acceptUpload(c, { actorId }, () =>
      receiveVideoForm(c, async (fields, files) => {
        // Deleted while the files arrived: the refusal removes them.
        const video = await editVideo(db, storage, actorId, videoId, fields, files, log);
        if (!video) throw new NotFoundError(VIDEO_NOT_FOUND);
        return c.json({ video });
      }),
    );
  })
  .delete('/:videoId', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return (await deleteVideo(db, storage, c.req.param('videoId'), log))
      ? c.json({ ok: true })
      : c.json({ error: VIDEO_NOT_FOUND }, 404);
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
    return acceptUpload(c, { actorId: c.var.user!.id, field: 'file' }, async () => {
      const { upload, name } = await receiveResource(c);
      return c.json({ resource: await addResource(db, storage, videoId, upload, name) }, 201);
    });
  })
  .get('/:videoId/resources/:resourceId/download', access('shared-read'), async (c) => {
    const resource = await findResource(c.var.deps.db, c.req.param('videoId'), c.req.param('resourceId'));
    if (!resource) return c.json({ error: RESOURCE_NOT_FOUND }, 404);
    return sendStoredDownload(
      c,
      { key: resource.storageKey, name: resource.name, contentType: resource.contentType },
      RESOURCE_NOT_FOUND,
    );
  })
  .delete('/:videoId/resources/:resourceId', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return (await deleteResource(db, storage, c.req.param('videoId'), c.req.param('resourceId'), log))
      ? c.json({ ok: true })
      : c.json({ error: RESOURCE_NOT_FOUND }, 404);
  })
  // Where the caller stopped; the player saves every few seconds.
  .put('/:videoId/progress', access('user'), validate('json', progressInput), async (c) => {
    const progress = await saveProgress(c.var.deps.db, c.var.user!.id, c.req.param('videoId'), c.req.valid('json'));
    return progress ? c.json({ progress }) : c.json({ error: VIDEO_NOT_FOUND }, 404);
  });

/** /api/clients/:clientId/training-progress: every video with that client's progress (the client or an admin). */
export const clientTrainingProgressRoutes = new Hono<AppEnv>().get(
  '/',
  access('own'),
  validate('query', progressListQuery),
  async (c) => c.json(await clientProgress(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
);
