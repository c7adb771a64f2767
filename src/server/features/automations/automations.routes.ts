import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { staffNoticeLimit } from '../../middleware/staff-notice-limit';
import { validate } from '../../middleware/validate';
import { StorageNotFoundError } from '../../storage/storage';
import { multipartRoute, UploadError } from '../../uploads/upload';
import { receiveStreamUpload, removeStoredFiles, type StreamFileRule } from '../../uploads/stream-upload';
import { withUploadSlot } from '../../uploads/upload-limits';
import { formatBytes } from '../../../shared/format';
import {
  allRequestListQuery,
  AUTOMATION_NOT_FOUND,
  AUTOMATION_REQUEST_NOT_FOUND,
  automationInput,
  automationListQuery,
  automationOrderInput,
  automationRequestInput,
  automationRequestStateInput,
  MAX_AUTOMATION_IMAGE_BYTES,
  ownRequestListQuery,
  WRONG_AUTOMATION_IMAGE,
} from '../../../shared/automations';
import {
  addAutomation,
  automationExists,
  deleteAutomation,
  editAutomation,
  findAutomationImage,
  listAutomations,
  removeAutomationImage,
  reorderAutomations,
  setAutomationImage,
} from './automations.service';
import { changeRequestState, createRequest, listAllRequests, listOwnRequests } from './automation-requests.service';

export const IMAGE_TOO_LARGE = `The image is too large: it can be at most ${formatBytes(MAX_AUTOMATION_IMAGE_BYTES)}.`;

/** Kinds recognised by content (file-type's extension) and the type each is served with; never SVG. */
const IMAGE_KINDS: Record<string, string> = {
  png: 'image/png',
  apng: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const imageRule: StreamFileRule = {
  maxBytes: MAX_AUTOMATION_IMAGE_BYTES,
  tooLarge: IMAGE_TOO_LARGE,
  kinds: IMAGE_KINDS,
  wrongKind: WRONG_AUTOMATION_IMAGE,
  key: (ext) => `automations/${randomUUID()}.${ext}`,
};

/** /api/automations: the shared catalogue (every signed-in user reads; admins manage). */
export const automationsRoutes = new Hono<AppEnv>()
  .get('/', access('shared-read'), validate('query', automationListQuery), async (c) =>
    c.json(await listAutomations(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/', access('admin'), validate('json', automationInput), async (c) =>
    c.json({ automation: await addAutomation(c.var.deps.db, c.var.user!.id, c.req.valid('json')) }, 201),
  )
  .put('/order', access('admin'), validate('json', automationOrderInput), async (c) => {
    await reorderAutomations(c.var.deps.db, c.req.valid('json').ids);
    return c.json({ ok: true });
  })
  .patch('/:automationId', access('admin'), validate('json', automationInput), async (c) => {
    const automation = await editAutomation(c.var.deps.db, c.req.param('automationId'), c.req.valid('json'));
    return automation ? c.json({ automation }) : c.json({ error: AUTOMATION_NOT_FOUND }, 404);
  })
  .delete('/:automationId', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return (await deleteAutomation(db, storage, c.req.param('automationId'), log))
      ? c.json({ ok: true })
      : c.json({ error: AUTOMATION_NOT_FOUND }, 404);
  })
  // Multipart with one file `image` (PNG, JPEG, WebP or GIF by content; at most 5 MB): sets or replaces the image.
  // Marked multipart: the app's 1 MB limit on other bodies leaves it to the upload's own limit.
  .post('/:automationId/image/upload', access('admin'), multipartRoute(), async (c) => {
    const { db, storage, log } = c.var.deps;
    const id = c.req.param('automationId');
    if (!(await automationExists(db, id))) return c.json({ error: AUTOMATION_NOT_FOUND }, 404);
    return withUploadSlot(db, c.var.user!.id, async () => {
      let upload;
      try {
        upload = await receiveStreamUpload(c, storage, { image: imageRule }, { tooLarge: IMAGE_TOO_LARGE });
      } catch (err) {
        if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? 'image' }, err.status);
        throw err;
      }
      const image = upload.files.image;
      const others = Object.values(upload.files).filter((f) => f !== image);
      if (others.length || Object.keys(upload.fields).length) {
        await removeStoredFiles(storage, Object.values(upload.files));
        return c.json({ error: 'Send only the file `image`.' }, 400);
      }
      if (!image) return c.json({ error: 'Choose an image to upload.', field: 'image' }, 400);
      try {
        const automation = await setAutomationImage(db, storage, id!, image, log);
        if (!automation) {
          await removeStoredFiles(storage, [image]);
          return c.json({ error: AUTOMATION_NOT_FOUND }, 404);
        }
        return c.json({ automation });
      } catch (err) {
        await removeStoredFiles(storage, [image]);
        throw err;
      }
    });
  })
  .delete('/:automationId/image', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const automation = await removeAutomationImage(db, storage, c.req.param('automationId'), log);
    return automation ? c.json({ automation }) : c.json({ error: AUTOMATION_NOT_FOUND }, 404);
  })
  // The image, for every signed-in user, served inline with its checked type and nosniff.
  .get('/:automationId/image', access('shared-read'), async (c) => {
    const { db, storage } = c.var.deps;
    const image = await findAutomationImage(db, c.req.param('automationId'));
    if (!image) return c.json({ error: AUTOMATION_NOT_FOUND }, 404);
    try {
      const file = await storage.get(image.key);
      return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
        'Content-Type': image.contentType,
        'Content-Length': String(file.size),
        'Content-Disposition': 'inline',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      });
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: AUTOMATION_NOT_FOUND }, 404);
      throw err;
    }
  });

/** /api/clients/:clientId/automation-requests: a client's own requests (the client, or an admin for them). */
export const clientAutomationRequestsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', ownRequestListQuery), async (c) =>
    c.json(await listOwnRequests(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', automationRequestInput), staffNoticeLimit, async (c) => {
    return c.json({ request: await createRequest(c.var.deps, c.var.scope, c.req.valid('json')) }, 201);
  });

/** /api/automation-requests: every client's requests, for admins, who move them along. */
export const allAutomationRequestsRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), validate('query', allRequestListQuery), clientQuery, async (c) =>
    c.json(await listAllRequests(c.var.deps.db, c.req.valid('query'))),
  )
  .patch('/:requestId', access('admin'), validate('json', automationRequestStateInput), async (c) => {
    const request = await changeRequestState(
      c.var.deps.db,
      c.var.user!.id,
      c.req.param('requestId'),
      c.req.valid('json'),
    );
    return request ? c.json({ request }) : c.json({ error: AUTOMATION_REQUEST_NOT_FOUND }, 404);
  });
