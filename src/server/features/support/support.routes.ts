import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { acceptUpload } from '../../uploads/accept';
import { sendArchive, sendStoredDownload } from '../../uploads/serve';
import { multipartRoute } from '../../uploads/upload';
import {
  supportArchiveInput,
  supportInboxQuery,
  supportMessageInput,
  supportMessagesQuery,
  supportReadInput,
  supportStreamQuery,
} from '../../../shared/support';
import { ATTACHMENT_NOT_FOUND, findAttachment, receiveAttachmentForm } from './support.attachments';
import { listInbox, supportAgent, touchPresence, unreadConversations } from './support.inbox';
import { listMessages, markRead, sendMessage, setArchived } from './support.service';
import { readTargetSettings, saveTargetSettings } from './support.targets';
import { supportTargetSettingsInput } from '../../../shared/support-targets';
import { supportReportQuery } from '../../../shared/support-report';
import { supportReport, supportReportCsv } from './support.report';
import { streamCursor, supportStream } from './support.stream';

const BAD_CURSOR = 'Last-Event-ID must be a message id.';

const send = (c: Context<AppEnv>, input: Parameters<typeof sendMessage>[2]) =>
  sendMessage(c.var.deps.db, c.var.scope, input);
const NO_CONVERSATION = 'This client has not written to support yet.';

/** /api/clients/:clientId/support: one client's conversation with the support team (the client, or an admin for them). */
export const clientSupportRoutes = new Hono<AppEnv>()
  .get('/messages', access('own'), validate('query', supportMessagesQuery), async (c) =>
    c.json(await listMessages(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/messages', access('own'), validate('json', supportMessageInput), async (c) =>
    c.json({ message: await send(c, { body: c.req.valid('json').body }) }, 201),
  )
  // Multipart: `file` (pdf, doc, docx, png, jpeg, gif or webp by content; at most 10 MB) and an optional `body`.
  // Marked multipart: the app's 1 MB limit on other bodies leaves it to the upload's own limit.
  .post('/messages/upload', access('own'), multipartRoute(), (c) => {
    const { scope } = c.var;
    return acceptUpload(c, { actorId: scope.actorId, quotaOf: scope.clientId, field: 'file' }, () =>
      receiveAttachmentForm(c, scope.clientId, async (body, attachment) =>
        c.json({ message: await send(c, { body, attachment, quotaBytes: c.var.deps.config.storageQuotaBytes }) }, 201),
      ),
    );
  })
  // Downloads only through here (never a storage URL): as an attachment, with its checked type, never sniffed.
  .get('/attachments/:attachmentId', access('own'), async (c) => {
    const file = await findAttachment(c.var.deps.db, c.var.scope.clientId, c.req.param('attachmentId'));
    if (!file) return c.json({ error: ATTACHMENT_NOT_FOUND }, 404);
    return sendStoredDownload(
      c,
      { key: file.storageKey, name: file.fileName, contentType: file.contentType },
      ATTACHMENT_NOT_FOUND,
    );
  })
  .post('/read', access('own'), validate('json', supportReadInput), async (c) =>
    c.json(await markRead(c.var.deps.db, c.var.scope, c.req.valid('json').upTo)),
  )
  // Staff only, on a client's conversation.
  .post('/archive', access('staff'), validate('json', supportArchiveInput), async (c) => {
    const result = await setArchived(c.var.deps.db, c.var.scope, c.req.valid('json').archived);
    return result ? c.json(result) : c.json({ error: NO_CONVERSATION }, 404);
  })
  .get('/stream', access('own'), validate('query', supportStreamQuery), (c) => {
    const cursor = streamCursor(c, c.req.valid('query').after);
    if (cursor === 'bad') return c.json({ error: BAD_CURSOR }, 400);
    const { clientId, actorId } = c.var.scope;
    return supportStream(c, { topic: `support:${clientId}`, clientId, userId: actorId, asker: c.var.user!, cursor });
  });

/** /api/support: the staff inbox over every conversation, and the agent header every user sees. */
export const supportRoutes = new Hono<AppEnv>()
  .get('/conversations', access('staff'), validate('query', supportInboxQuery), async (c) =>
    c.json(await listInbox(c.var.deps.db, c.var.user!, c.req.valid('query'))),
  )
  // The response targets: business hours and the two targets (admins).
  .get('/targets', access('admin'), async (c) => c.json(await readTargetSettings(c.var.deps.db)))
  .put('/targets', access('admin'), validate('json', supportTargetSettingsInput), async (c) =>
    c.json(await saveTargetSettings(c.var.deps.db, c.var.user!.id, c.req.valid('json'))),
  )
  // The weekly response report (admins): per person and week, as JSON for the page or as CSV.
  .get('/report', access('admin'), validate('query', supportReportQuery), async (c) =>
    c.json(await supportReport(c.var.deps.db, c.req.valid('query').weeks)),
  )
  .get('/report.csv', access('admin'), validate('query', supportReportQuery), async (c) => {
    const report = await supportReport(c.var.deps.db, c.req.valid('query').weeks);
    const day = new Date().toISOString().slice(0, 10);
    return sendArchive(c, supportReportCsv(report), `support-report-${day}.csv`, 'text/csv; charset=utf-8');
  })
  .get('/unread', access('staff'), async (c) => c.json(await unreadConversations(c.var.deps.db, c.var.user!)))
  .get('/agent', access('shared-read'), async (c) => c.json(await supportAgent(c.var.deps.db)))
  // Every conversation's messages; while it is open the admin counts as 'online' for clients.
  .get('/stream', access('staff'), validate('query', supportStreamQuery), (c) => {
    const cursor = streamCursor(c, c.req.valid('query').after);
    if (cursor === 'bad') return c.json({ error: BAD_CURSOR }, 400);
    const { db } = c.var.deps;
    const userId = c.var.user!.id;
    return supportStream(c, {
      topic: 'support:*',
      clientId: null,
      userId,
      asker: c.var.user!,
      cursor,
      onTick: () => touchPresence(db, userId),
    });
  });
