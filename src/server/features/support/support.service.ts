import { and, asc, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { LimitReachedError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { authUsers, notifications, supportAttachments, supportConversations, supportMessages } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { assertStorageRoom } from '../../uploads/upload-limits';
import { branding } from '../../../shared/branding';
import { LIMITS, SUPPORT_DAY_LIMIT, TOO_MANY_SUPPORT_MESSAGES } from '../../../shared/limits';
import type { SupportMessage, SupportThread } from '../../../shared/support';
import { recordAudit } from '../audit/audit.service';
import { notify, notifyStaff } from '../notifications/notifications.service';
import { answerWait, noWait, readTargetSettings, startWait } from './support.targets';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sender's minute is used up: the route answers 429 with Retry-After. */
const CLIENT_FALLBACK_NAME = 'Client';

/** The columns every message read selects (with its author and attachment). */
export const messageColumns = {
  id: supportMessages.id,
  clientId: supportMessages.clientId,
  fromStaff: supportMessages.fromStaff,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
  authorName: authUsers.name,
  attachmentId: supportAttachments.id,
  fileName: supportAttachments.fileName,
  contentType: supportAttachments.contentType,
  size: supportAttachments.size,
};
type MessageRow = {
  id: number;
  clientId: string;
  fromStaff: boolean;
  body: string;
  createdAt: Date;
  authorName: string | null;
  attachmentId: string | null;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
};

export const toMessage = (r: MessageRow): SupportMessage => ({
  id: r.id,
  clientId: r.clientId,
  fromStaff: r.fromStaff,
  // A deleted writer: staff speak as the team, a client as 'Client'.
  authorName: r.authorName || (r.fromStaff ? branding.supportAgent.name : CLIENT_FALLBACK_NAME),
  body: r.body,
  createdAt: r.createdAt.toISOString(),
  attachment: r.attachmentId
    ? {
        id: r.attachmentId,
        fileName: r.fileName ?? 'file',
        contentType: r.contentType ?? 'application/octet-stream',
        size: Number(r.size ?? 0),
      }
    : null,
});

/** Messages with their author and attachment, for a `where`, in id order. */
export const selectMessages = (db: Db) =>
  db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(authUsers, eq(authUsers.id, supportMessages.authorId))
    .leftJoin(supportAttachments, eq(supportAttachments.messageId, supportMessages.id));

/** A page of the conversation, oldest first, ending before `before` (the newest page without it). */
export async function listMessages(
  db: Db,
  clientId: string,
  q: { before?: number; limit: number },
): Promise<SupportThread> {
  const rows = await selectMessages(db)
    .where(and(eq(supportMessages.clientId, clientId), q.before ? lt(supportMessages.id, q.before) : undefined))
    .orderBy(desc(supportMessages.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit).reverse();
  const state = await conversationState(db, clientId);
  return { items: page.map(toMessage), nextBefore: more && page.length ? page[0].id : null, ...state };
}

/** Read ids and archive state (all zero / open before the first message). */
export async function conversationState(db: Db, clientId: string) {
  const [row] = await db
    .select({
      staffReadId: supportConversations.staffReadId,
      clientReadId: supportConversations.clientReadId,
      archivedAt: supportConversations.archivedAt,
    })
    .from(supportConversations)
    .where(eq(supportConversations.clientId, clientId));
  return { staffReadId: row?.staffReadId ?? 0, clientReadId: row?.clientReadId ?? 0, archived: !!row?.archivedAt };
}

export type NewAttachment = { id: string; fileName: string; storageKey: string; contentType: string; size: number };

/**
 * Adds a message in one transaction: the conversation (made on the first message) is locked, the
 * caps checked, the message (and its attachment) inserted, the conversation's pointers moved, and
 * the other side told (the client's bell for a staff reply; the admins once per unread spell).
 * Staff write when the caller is an admin, also on a client's page.
 */
export async function sendMessage(
  db: Db,
  scope: Scope,
  input: { body: string; attachment?: NewAttachment; quotaBytes?: number },
): Promise<SupportMessage> {
  const fromStaff = scope.isAdmin;
  const { clientId } = scope;
  const id = await db.transaction(async (tx) => {
    if (fromStaff) {
      // Staff write to clients only: an admin's own id (or another admin's) has no support conversation.
      const [target] = await tx.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, clientId));
      if (target?.role !== 'client') throw new NotFoundError('Not found');
    }
    await tx.insert(supportConversations).values({ clientId }).onConflictDoNothing();
    const [conv] = await tx
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.clientId, clientId))
      .for('update');
    // The day cap bounds what a client can pile up; it counts the client's own messages only, so a
    // client who hits it can never keep staff from answering. Only the newest day-limit messages can
    // matter: the count reads at most that many rows, however long the history.
    if (!fromStaff) {
      const newest = tx
        .select({ createdAt: supportMessages.createdAt })
        .from(supportMessages)
        .where(and(eq(supportMessages.clientId, clientId), eq(supportMessages.fromStaff, false)))
        .orderBy(desc(supportMessages.id))
        .limit(LIMITS.supportMessagesPerDay)
        .as('newest');
      const [{ today }] = await tx
        .select({ today: count() })
        .from(newest)
        .where(gte(newest.createdAt, new Date(Date.now() - DAY_MS)));
      if (today >= LIMITS.supportMessagesPerDay) throw new LimitReachedError(SUPPORT_DAY_LIMIT, 'rate');
    }
    // Inside the transaction: a refused or failed send does not use up the sender's minute.
    const rate = await consumeRateLimit(tx, `support-message:${scope.actorId}`, 60, LIMITS.supportMessagesPerMinute);
    if (!rate.allowed) throw new LimitReachedError(TOO_MANY_SUPPORT_MESSAGES, 'rate', rate.retryAfter);
    if (input.attachment)
      await assertStorageRoom(tx, clientId, input.attachment.size, input.quotaBytes ?? Number.MAX_SAFE_INTEGER);

    // Streams follow a message id cursor, so ids must become visible in id order. The conversation
    // lock orders one client's messages; this lock (held to commit) orders every client's, or a
    // staff stream could send id 101 before id 100 commits and never send 100. Sends are short.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support_messages'))`);
    const [msg] = await tx
      .insert(supportMessages)
      .values({ clientId, authorId: scope.actorId, fromStaff, body: input.body })
      .returning({ id: supportMessages.id, createdAt: supportMessages.createdAt });
    if (input.attachment)
      await tx.insert(supportAttachments).values({ ...input.attachment, messageId: msg.id, clientId });
    await tx
      .update(supportConversations)
      .set({
        lastMessageId: msg.id,
        lastMessageAt: msg.createdAt,
        ...(fromStaff
          ? { staffReadId: msg.id }
          : { lastClientMessageId: msg.id, clientReadId: msg.id, archivedAt: null }),
      })
      .where(eq(supportConversations.clientId, clientId));
    // The response target: a client's message starts a wait, a staff message answers it.
    const targets = await readTargetSettings(tx);
    if (fromStaff) await answerWait(tx, conv, scope.actorId, msg.createdAt, targets);
    else await startWait(tx, conv, msg.createdAt, targets);

    if (fromStaff) {
      await recordAudit(tx, scope, { action: 'create', entityType: 'support_message', entityId: msg.id });
      // One unread bell entry says "you have a reply"; more replies before it is read add none.
      const [pending] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, clientId),
            eq(notifications.kind, 'support_reply'),
            isNull(notifications.readAt),
          ),
        )
        .limit(1);
      if (!pending)
        await notify(tx, {
          userId: clientId,
          clientId,
          kind: 'support_reply',
          title: 'Support replied to your message',
          body: preview(input.body, input.attachment),
          link: '/support',
        });
    } else if (conv.lastClientMessageId <= conv.staffReadId) {
      // Staff had read everything: this message starts an unread spell, told to the admins once.
      const [client] = await tx.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, clientId));
      await notifyStaff(tx, {
        clientId,
        kind: 'support_message',
        title: `New Support Chat message from ${client?.name || 'a client'}`,
        body: preview(input.body, input.attachment),
        link: `/support?conversation=${encodeURIComponent(clientId)}`,
      });
    }
    return msg.id;
  });
  const [row] = await selectMessages(db).where(eq(supportMessages.id, id));
  return toMessage(row);
}

const preview = (body: string, attachment?: { fileName: string }) =>
  body ? body.slice(0, 200) : attachment ? `Sent a file: ${attachment.fileName}` : '';

/**
 * The caller's side has read up to `upTo`: the side's read id only moves up, and never past the
 * conversation's last message. Admins read for the staff side, clients for their own.
 */
export async function markRead(db: Db, scope: Scope, upTo: number) {
  const col = scope.isAdmin ? supportConversations.staffReadId : supportConversations.clientReadId;
  const key = scope.isAdmin ? 'staffReadId' : 'clientReadId';
  await db
    .update(supportConversations)
    .set({ [key]: sql`greatest(${col}, least(${upTo}::int, ${supportConversations.lastMessageId}))` })
    .where(
      and(
        eq(supportConversations.clientId, scope.clientId),
        lt(col, sql`least(${upTo}::int, ${supportConversations.lastMessageId})`),
      ),
    );
  const { staffReadId, clientReadId } = await conversationState(db, scope.clientId);
  return { staffReadId, clientReadId };
}

/** Archive (or bring back) a conversation; staff only. Archiving one with no message yet is a no-op 'open'. */
export async function setArchived(db: Db, scope: Scope, archived: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportConversations)
      // Archiving closes the conversation: nobody waits on it any more (the client writing reopens it).
      .set(
        archived
          ? { archivedAt: sql`coalesce(${supportConversations.archivedAt}, now())`, ...noWait }
          : { archivedAt: null },
      )
      .where(and(eq(supportConversations.clientId, scope.clientId), gt(supportConversations.lastMessageId, 0)))
      .returning({ archivedAt: supportConversations.archivedAt });
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: 'support_conversation', entityId: scope.clientId });
    return { archived: !!row.archivedAt };
  });
}

/** Messages after `cursor` (of one client, or of every client the asker works), oldest first, at most `limit`. */
export async function messagesAfter(db: Db, asker: Asker, clientId: string | null, cursor: number, limit: number) {
  const rows = await selectMessages(db)
    .where(
      and(
        gt(supportMessages.id, cursor),
        clientId ? eq(supportMessages.clientId, clientId) : ownedByClient(db, supportMessages.clientId, asker),
      ),
    )
    .orderBy(asc(supportMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** The newest message id (of one client, or of all): a stream opened without a cursor starts there. */
export async function lastMessageId(db: Db, clientId: string | null) {
  const [row] = await db
    .select({ id: sql<number | null>`max(${supportMessages.id})` })
    .from(supportMessages)
    .where(clientId ? eq(supportMessages.clientId, clientId) : undefined);
  return Number(row?.id ?? 0);
}
