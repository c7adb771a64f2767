import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { CONTACT_SUPPORT_TASK } from '../../../shared/compliance-template';
import { ONLY_CONTACT_SUPPORT, TASK_NOT_FOUND, taskInput, taskListQuery, taskUpdate } from '../../../shared/compliance';
import { addTask, completeTask, deleteTask, updateTask } from './compliance.service';
import { findTask, getTask, listTasks, parseTaskId } from './compliance.read';
import { documentRequestInput, documentRequestListQuery, rejectInput } from '../../../shared/document-requests';
import { receiveUpload, uploadBodyLimit } from '../../uploads/upload';
import { acceptUpload } from '../../uploads/accept';
import {
  acceptRequest,
  addDocumentRequest,
  checkUploadable,
  listOpenRequests,
  rejectRequest,
  submitToRequest,
} from './document-requests.service';

// Runs before validation, so another client's task is a 404 whatever the body says.
const ownTask = createMiddleware<AppEnv>(async (c, next) => {
  const id = parseTaskId(c.req.param('taskId'));
  if (id === null || !(await findTask(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: TASK_NOT_FOUND }, 404);
  return next();
});

// Clients read their own tasks and may complete Contact Support themselves. Adding, editing and
// deleting are for staff: access('staff') refuses clients, checks the asker works the client and
// sets the scope the writes are audited with.
export const complianceRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', taskListQuery), async (c) =>
    c.json(await listTasks(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  // One task by id (the ?task= deep link opens it wherever it sits in the list).
  .get('/:taskId', access('own'), async (c) => {
    const id = parseTaskId(c.req.param('taskId'));
    const task = id === null ? null : await getTask(c.var.deps.db, c.var.scope.clientId, id);
    return task ? c.json({ task }) : c.json({ error: TASK_NOT_FOUND }, 404);
  })
  .post('/', access('staff'), validate('json', taskInput), async (c) =>
    c.json({ task: await addTask(c.var.deps.db, c.var.scope, c.req.valid('json')) }, 201),
  )
  .patch('/:taskId', access('staff'), ownTask, validate('json', taskUpdate), async (c) => {
    const task = await updateTask(c.var.deps.db, c.var.scope, Number(c.req.param('taskId')), c.req.valid('json'));
    return task ? c.json({ task }) : c.json({ error: TASK_NOT_FOUND }, 404);
  })
  .delete('/:taskId', access('staff'), ownTask, async (c) =>
    (await deleteTask(c.var.deps.db, c.var.scope, Number(c.req.param('taskId'))))
      ? c.json({ ok: true as const })
      : c.json({ error: TASK_NOT_FOUND }, 404),
  )
  // Document requests (staff ask for a document; the client uploads into the task).
  .post('/document-requests', access('staff'), validate('json', documentRequestInput), async (c) =>
    c.json({ task: await addDocumentRequest(c.var.deps.db, c.var.scope, c.req.valid('json')) }, 201),
  )
  // Multipart: `file` (one .pdf/.doc/.docx of at most 10 MB), filed in the request's section. The
  // same rules as Business Documents: quota, concurrent-upload slots, content checks.
  .post('/:taskId/upload', access('own'), ownTask, uploadBodyLimit(), async (c) => {
    const { db, storage, config } = c.var.deps;
    const taskId = Number(c.req.param('taskId'));
    // A plain task or a completed request is refused before the body is read; the insert checks again.
    const refused = await checkUploadable(db, c.var.scope.clientId, taskId);
    if (refused) return c.json({ error: refused.message }, refused.status);
    const { scope } = c.var;
    return acceptUpload(c, { actorId: scope.actorId, quotaOf: scope.clientId, field: 'file' }, async () => {
      const upload = await receiveUpload(c);
      return c.json({ task: await submitToRequest(db, storage, scope, taskId, upload, config.storageQuotaBytes) }, 201);
    });
  })
  .post('/:taskId/accept', access('staff'), ownTask, async (c) =>
    c.json({ task: await acceptRequest(c.var.deps.db, c.var.scope, Number(c.req.param('taskId'))) }),
  )
  .post('/:taskId/reject', access('staff'), ownTask, validate('json', rejectInput), async (c) =>
    c.json({
      task: await rejectRequest(c.var.deps.db, c.var.scope, Number(c.req.param('taskId')), c.req.valid('json').reason),
    }),
  )
  .post('/:taskId/complete', access('own'), ownTask, async (c) => {
    const taskId = Number(c.req.param('taskId'));
    const target = await findTask(c.var.deps.db, c.var.scope.clientId, taskId);
    if (!target) return c.json({ error: TASK_NOT_FOUND }, 404);
    if (!c.var.scope.isAdmin && target.name !== CONTACT_SUPPORT_TASK)
      return c.json({ error: ONLY_CONTACT_SUPPORT }, 403);
    const task = await completeTask(c.var.deps.db, c.var.scope, taskId);
    return task ? c.json({ task }) : c.json({ error: TASK_NOT_FOUND }, 404);
  });

/** /api/document-requests: open document requests across clients, oldest first (admins only). */
export const documentRequestsRoutes = new Hono<AppEnv>().get(
  '/',
  access('staff'),
  validate('query', documentRequestListQuery),
  async (c) => c.json(await listOpenRequests(c.var.deps.db, c.var.user!, c.req.valid('query'))),
);
