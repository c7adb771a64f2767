import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ownedByClient, type Asker } from '../../middleware/access';
import { authUsers, supportAttachments, supportConversations, supportMessages, supportPresence } from '../../db/schema';
import { branding } from '../../../shared/branding';
import type { Page } from '../../../shared/paging';
import { waitAgainstTarget } from '../../../shared/support-targets-rules';
import { pageOf, totalOver } from '../../lib/paging';
import { readTargetSettings } from './support.targets';
import { SUPPORT_ONLINE_WINDOW_MS, type SupportAgent, type SupportConversationItem } from '../../../shared/support';

const unread = sql`${supportConversations.lastClientMessageId} > ${supportConversations.staffReadId}`;

/** The staff inbox: conversations with a message, unread first then newest, the client named (the asker's clients). */
export async function listInbox(
  db: Db,
  asker: Asker,
  q: { page: number; pageSize: number; view: 'open' | 'archived' },
  now = new Date(),
): Promise<Page<SupportConversationItem>> {
  const where = and(
    ownedByClient(db, supportConversations.clientId, asker),
    gt(supportConversations.lastMessageId, 0),
    q.view === 'archived' ? isNotNull(supportConversations.archivedAt) : isNull(supportConversations.archivedAt),
  );
  const [rows, targets] = await Promise.all([
    db
      .select({
        total: totalOver(),
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
        waitingSince: supportConversations.waitingSince,
        waitingKind: supportConversations.waitingKind,
        dueAt: supportConversations.dueAt,
      })
      .from(supportConversations)
      .innerJoin(authUsers, eq(authUsers.id, supportConversations.clientId))
      .leftJoin(supportMessages, eq(supportMessages.id, supportConversations.lastMessageId))
      .leftJoin(supportAttachments, eq(supportAttachments.messageId, supportConversations.lastMessageId))
      .where(where)
      // Most urgent first: the waits by their deadline (the one passed longest ago first), then the rest.
      .orderBy(
        sql`${supportConversations.dueAt} asc nulls last`,
        // Equal deadlines (waits begun outside business hours share the next opening's): longest waiting first.
        sql`${supportConversations.waitingSince} asc nulls last`,
        desc(unread),
        desc(supportConversations.lastMessageAt),
        desc(supportConversations.lastMessageId),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    readTargetSettings(db),
  ]);
  const countAll = async () => (await db.select({ n: count() }).from(supportConversations).where(where))[0].n;
  return pageOf(q, rows, countAll, (r): SupportConversationItem => ({
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
    wait:
      r.waitingSince && r.dueAt
        ? waitAgainstTarget({ kind: r.waitingKind ?? 'reply', since: r.waitingSince, dueAt: r.dueAt }, targets, now)
        : null,
  }));
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
