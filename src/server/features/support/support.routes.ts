import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { StorageNotFoundError } from '../../storage/storage';
import { multipartRoute, UploadError } from '../../uploads/upload';
import { receiveStreamUpload, removeStoredFiles } from '../../uploads/stream-upload';
import { storedBytes, withUploadSlot } from '../../uploads/upload-limits';
import { STORAGE_FULL } from '../../../shared/limits';
import { FILE_TOO_LARGE } from '../../../shared/uploads';
import { supportArchiveInput, supportInboxQuery, supportMessageInput, supportMessagesQuery, supportReadInput, supportStreamQuery } from '../../../shared/support';
import { fileHeaders } from '../documents/documents.files';
import { ATTACHMENT_NOT_FOUND, chatFileRule, checkAttachment, checkUploadFields, findAttachment } from './support.attachments';
import { listInbox, supportAgent, touchPresence, unreadConversations } from './support.inbox';
import { listMessages, markRead, sendMessage, setArchived } from './support.service';
import { streamCursor, supportStream } from './support.stream';

const BAD_CURSOR = 'Last-Event-ID must be a message id.';

const send = (c: Context<AppEnv>, input: Parameters<typeof sendMessage>[2]) => sendMessage(c.var.deps.db, c.var.scope, input);
const NO_CONVERSATION = 'This client has not written to support yet.';

/** /api/clients/:clientId/support: one client's conversation with the support team (the client, or an admin for them). */
export const clientSupportRoutes = new Hono<AppEnv>()
  .get('/messages', access('own'), validate('query', supportMessagesQuery), async (c) => c.json(await listMessages(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))))
  .post('/messages', access('own'), validate('json', supportMessageInput), async (c) => c.json({ message: await send(c, { body: c.req.valid('json').body }) }, 201))
  // Multipart: `file` (pdf, doc, docx, png, jpeg, gif or webp by content; at most 10 MB) and an optional `body`.
  // Marked multipart: the app's 1 MB limit on other bodies leaves it to the upload's own limit.
  .post('/messages/upload', access('own'), multipartRoute(), async (c) => {
    const { db, storage, config } = c.var.deps;
    const { scope } = c.var;
    // A full store is refused before the body is read; the send checks again with the file's size.
    if ((await storedBytes(db, scope.clientId)) >= config.storageQuotaBytes) return c.json({ error: STORAGE_FULL(config.storageQuotaBytes), field: 'file' }, 413);
    return withUploadSlot(db, scope.actorId, async () => {
      let upload;
      try {
        upload = await receiveStreamUpload(c, storage, { file: chatFileRule(scope.clientId) }, { tooLarge: FILE_TOO_LARGE, checkFields: (f) => checkUploadFields(f).error });
      } catch (err) {
        if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? 'file' }, err.status);
        throw err;
      }
      const file = upload.files.file;
      const fields = checkUploadFields(upload.fields);
      const refuse = async (error: string, status: 400 | 415, field: string) => {
        await removeStoredFiles(storage, Object.values(upload.files));
        return c.json({ error, field }, status);
      };
      if (fields.error) return refuse(fields.error.message, 400, fields.error.field ?? 'body');
      if (!file) return refuse('Choose a file to attach.', 400, 'file');
      const checked = checkAttachment(file.name, file.key);
      if (!checked.ok) return refuse(checked.error, checked.status, 'file');
      try {
        const message = await send(c, {
          body: fields.body,
          attachment: { id: randomUUID(), fileName: checked.name, storageKey: file.key, contentType: file.contentType, size: file.size },
          quotaBytes: config.storageQuotaBytes,
        });
        return c.json({ message }, 201);
      } catch (err) {
        await removeStoredFiles(storage, [file]);
        throw err;
      }
    });
  })
  // Downloads only through here (never a storage URL): as an attachment, with its checked type, never sniffed.
  .get('/attachments/:attachmentId', access('own'), async (c) => {
    const { db, storage } = c.var.deps;
    const file = await findAttachment(db, c.var.scope.clientId, c.req.param('attachmentId'));
    if (!file) return c.json({ error: ATTACHMENT_NOT_FOUND }, 404);
    try {
      const stored = await storage.get(file.storageKey);
      return c.body(Readable.toWeb(stored.stream) as ReadableStream, 200, fileHeaders(file.fileName, file.contentType, stored.size));
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: ATTACHMENT_NOT_FOUND }, 404);
      throw err;
    }
  })
  .post('/read', access('own'), validate('json', supportReadInput), async (c) => c.json(await markRead(c.var.deps.db, c.var.scope, c.req.valid('json').upTo)))
  // Staff only, on a client's conversation.
  .post('/archive', access('admin'), validate('json', supportArchiveInput), async (c) => {
    const result = await setArchived(c.var.deps.db, c.var.scope, c.req.valid('json').archived);
    return result ? c.json(result) : c.json({ error: NO_CONVERSATION }, 404);
  })
  .get('/stream', access('own'), validate('query', supportStreamQuery), (c) => {
    const cursor = streamCursor(c, c.req.valid('query').after);
    if (cursor === 'bad') return c.json({ error: BAD_CURSOR }, 400);
    const { clientId, actorId } = c.var.scope;
    return supportStream(c, { topic: `support:${clientId}`, clientId, userId: actorId, cursor });
  });

/** /api/support: the staff inbox over every conversation, and the agent header every user sees. */
export const supportRoutes = new Hono<AppEnv>()
  .get('/conversations', access('admin'), validate('query', supportInboxQuery), async (c) => c.json(await listInbox(c.var.deps.db, c.req.valid('query'))))
  .get('/unread', access('admin'), async (c) => c.json(await unreadConversations(c.var.deps.db)))
  .get('/agent', access('shared-read'), async (c) => c.json(await supportAgent(c.var.deps.db)))
  // Every conversation's messages; while it is open the admin counts as 'online' for clients.
  .get('/stream', access('admin'), validate('query', supportStreamQuery), (c) => {
    const cursor = streamCursor(c, c.req.valid('query').after);
    if (cursor === 'bad') return c.json({ error: BAD_CURSOR }, 400);
    const { db } = c.var.deps;
    const userId = c.var.user!.id;
    return supportStream(c, { topic: 'support:*', clientId: null, userId, cursor, onTick: () => touchPresence(db, userId) });
  });
