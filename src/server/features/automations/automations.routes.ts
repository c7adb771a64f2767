import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { staffNoticeLimit } from '../../middleware/staff-notice-limit';
import { validate } from '../../middleware/validate';
import { NotFoundError } from '../../lib/domain-errors';
import { acceptUpload } from '../../uploads/accept';
import { sendInline } from '../../uploads/serve';
import { multipartRoute } from '../../uploads/upload';
import {
  allRequestListQuery,
  AUTOMATION_NOT_FOUND,
  AUTOMATION_REQUEST_NOT_FOUND,
  automationInput,
  automationListQuery,
  automationOrderInput,
  automationRequestInput,
  automationRequestStateInput,
  ownRequestListQuery,
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
import { receiveAutomationImage } from './automations.upload';
import { changeRequestState, createRequest, listAllRequests, listOwnRequests } from './automation-requests.service';

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
    // Checked first, so no upload is stored for an automation that is not there.
    if (!(await automationExists(db, id))) return c.json({ error: AUTOMATION_NOT_FOUND }, 404);
    return acceptUpload(c, { actorId: c.var.user!.id, field: 'image' }, () =>
      receiveAutomationImage(c, async (image) => {
        const automation = await setAutomationImage(db, storage, id!, image, log);
        if (!automation) throw new NotFoundError(AUTOMATION_NOT_FOUND);
        return c.json({ automation });
      }),
    );
  })
  .delete('/:automationId/image', access('admin'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const automation = await removeAutomationImage(db, storage, c.req.param('automationId'), log);
    return automation ? c.json({ automation }) : c.json({ error: AUTOMATION_NOT_FOUND }, 404);
  })
  // The image, for every signed-in user, served inline with its checked type and nosniff.
  .get('/:automationId/image', access('shared-read'), async (c) => {
    const image = await findAutomationImage(c.var.deps.db, c.req.param('automationId'));
    return image ? sendInline(c, image, AUTOMATION_NOT_FOUND) : c.json({ error: AUTOMATION_NOT_FOUND }, 404);
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
  .get('/', access('staff'), validate('query', allRequestListQuery), clientQuery, async (c) =>
    c.json(await listAllRequests(c.var.deps.db, c.var.user!, c.req.valid('query'))),
  )
  .patch('/:requestId', access('staff'), validate('json', automationRequestStateInput), async (c) => {
    const request = await changeRequestState(c.var.deps.db, c.var.user!, c.req.param('requestId'), c.req.valid('json'));
    return request ? c.json({ request }) : c.json({ error: AUTOMATION_REQUEST_NOT_FOUND }, 404);
  });
