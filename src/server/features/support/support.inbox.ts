import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedByClient, type Asker } from '../../middleware/access';
import { authUsers, supportAttachments, supportConversations, supportMessages, supportPresence } from '../../db/schema';
import { branding } from '../../../shared/branding';
import type { Page } from '../../../shared/paging';
import { SUPPORT_ONLINE_WINDOW_MS, type SupportAgent, type SupportConversationItem } from '../../../shared/support';

const unread = sql`${supportConversations.lastClientMessageId} > ${supportConversations.staffReadId}`;

/** The staff inbox: conversations with a message, unread first then newest, the client named (the asker's clients). */
export async function listInbox(
  db: Db,
  asker: Asker,
  q: { page: number; pageSize: number; view: 'open' | 'archived' },
): Promise<Page<SupportConversationItem>> {
  const where = and(
    ownedByClient(db, supportConversations.clientId, asker),
    gt(supportConversations.lastMessageId, 0),
    q.view === 'archived' ? isNotNull(supportConversations.archivedAt) : isNull(supportConversations.archivedAt),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        clientId: supportConversations.clientId,
        clientName: authUsers.name,
        clientEmail: authUsers.email,
        archivedAt: supportConversations.archivedAt,
        lastId: supportMessages.id,
        lastBody: supportMessages.body,
        lastFromStaff: supportMessages.fromStaff,
        lastAt: supportMessages.createdAt,
        lastFile: supportAttachments.id,
        // Client messages above the staff read id (at most a page of them is ever counted here).
        unreadCount: sql<number>`(select count(*) from ${supportMessages} m where m.client_id = ${supportConversations.clientId} and m.id > ${supportConversations.staffReadId} and not m.from_staff)`,
      })
      .from(supportConversations)
      .innerJoin(authUsers, eq(authUsers.id, supportConversations.clientId))
      .leftJoin(supportMessages, eq(supportMessages.id, supportConversations.lastMessageId))
      .leftJoin(supportAttachments, eq(supportAttachments.messageId, supportConversations.lastMessageId))
      .where(where)
      .orderBy(desc(unread), desc(supportConversations.lastMessageAt), desc(supportConversations.lastMessageId))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(supportConversations).where(where),
  ]);
  const items = rows.map((r): SupportConversationItem => ({
    clientId: r.clientId,
    clientName: r.clientName,
    clientEmail: r.clientEmail,
    lastMessage: r.lastId
      ? {
          id: r.lastId,
          body: (r.lastBody ?? '').slice(0, 300),
          fromStaff: !!r.lastFromStaff,
          createdAt: r.lastAt!.toISOString(),
          hasAttachment: !!r.lastFile,
        }
      : null,
    unreadCount: Number(r.unreadCount),
    archived: !!r.archivedAt,
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** Conversations with client messages no staff member has read (the sidebar badge), of the asker's clients. */
export async function unreadConversations(db: Db, asker: Asker) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(supportConversations)
    .where(and(unread, ownedByClient(db, supportConversations.clientId, asker)));
  return { conversations: n };
}

/** Records that this admin has the inbox open (the client's header shows 'online'). */
export async function touchPresence(db: Db, userId: string) {
  await db
    .insert(supportPresence)
    .values({ userId, seenAt: new Date() })
    .onConflictDoUpdate({ target: supportPresence.userId, set: { seenAt: new Date() } });
}

export async function supportAgent(db: Db, now = Date.now()): Promise<SupportAgent> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(supportPresence)
    .where(gt(supportPresence.seenAt, new Date(now - SUPPORT_ONLINE_WINDOW_MS)));
  const { name, photoUrl, hours } = branding.supportAgent;
  return { name, photoUrl, hours, online: n > 0 };
}
