import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { NotificationItem, NotificationPage } from '../../../shared/notifications';

/**
 * The caller's own notifications, newest first, with the number the bell's badge shows.
 *
 * push_alert_enabled decides the badge, from the preference as it is now (no column records what
 * it was when a row was added): on (or no users row), unreadCount is every unread row; off, it is
 * 0 while the list still shows every row, unread ones marked. Turning push alerts back on brings
 * the rows still unread back into the count. hasUnread says whether any row is unread at all
 * (for 'Mark all as read'), whatever the preference.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const [rows, [{ total, unread, push }]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        clientId: notifications.clientId,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // The counts and the preference beside them: one statement.
    db
      .select({
        total: count(),
        unread: count(sql`case when ${isNull(notifications.readAt)} then 1 end`),
        push: sql<boolean | null>`(select ${users.pushAlertEnabled} from ${users} where ${users.id} = ${userId})`,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  const items: NotificationItem[] = rows.map((r) => ({
    ...r,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  const pushOn = push ?? true;
  return { notifications: items, unreadCount: pushOn ? unread : 0, hasUnread: unread > 0, total, page, pageSize };
}

/** Marks the given ids (or all) of the caller's unread notifications read; others' rows are never touched. */
export async function markRead(db: Db, userId: string, ids: number[] | undefined): Promise<number> {
  if (ids && !ids.length) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
