import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { authUsers, notifications } from '../../db/schema';
import type { NotificationKind } from '../../../shared/notifications';

export type NewNotification = {
  /** The recipient. */
  userId: string;
  /** The client the event is about. */
  clientId?: string | null;
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string | null;
};

/** Adds a notification row; pass the transaction of the change it reports, so both commit together. */
export async function notify(tx: Db, n: NewNotification) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: n.userId, clientId: n.clientId ?? null, kind: n.kind, title: n.title.slice(0, 300), body: (n.body ?? '').slice(0, 2000), link: n.link ?? null })
    .returning({ id: notifications.id });
  return row.id;
}

/**
 * One row per administrator for an event staff should see (a program request, a new sign-up),
 * inside the caller's transaction, so every admin has their own read state.
 */
export async function notifyAdmins(tx: Db, n: Omit<NewNotification, 'userId'>) {
  const admins = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.role, 'admin'));
  if (!admins.length) return;
  await tx.insert(notifications).values(
    admins.map((a) => ({ userId: a.id, clientId: n.clientId ?? null, kind: n.kind, title: n.title.slice(0, 300), body: (n.body ?? '').slice(0, 2000), link: n.link ?? null })),
  );
}
