import type { Db } from '../../db/client';
import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { authUsers, mailOutbox, notifications, users } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { notificationMail } from './notification-mail';
import type { NotificationKind } from '../../../shared/notifications';

/** Who a notification's e-mail goes to, for mail builders that greet by name. */
export type Recipient = { email: string; name: string };

export type NewNotification = {
  /** The recipient. */
  userId: string;
  /** The client the event is about. */
  clientId?: string | null;
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string | null;
  /**
   * The e-mail that goes with it when the recipient's e-mail alerts are on: left out, a plain one
   * built from title, body and link; a builder for a feature's own wording; `false` for a
   * bell-only event (a Support Chat reply, whose e-mail its own job sends later through wantsEmail).
   */
  mail?: false | ((to: Recipient) => MailMessage);
};

/**
 * Kinds that never e-mail from here, whatever the caller passes: a Support Chat reply is e-mailed
 * by its own job only when still unread after 5 minutes (asking wantsEmail), and a client's
 * message reaches staff in the inbox.
 */
const BELL_ONLY: ReadonlySet<NotificationKind> = new Set(['support_reply', 'support_message']);

// The public address of the portal for links in e-mails, set once by createApp from the config:
// notify() is called inside other features' transactions, which carry
// no configuration. Every app in one process shares one APP_URL.
let appUrl = 'http://localhost:3000';
export function setNotificationAppUrl(url: string) {
  appUrl = url.replace(/\/$/, '');
}

/**
 * The one place that decides a notification's channels:
 * - the bell: always a row (the recipient's list shows it whatever their preferences);
 * - e-mail: when the recipient's email_alert_enabled is on (no users row: on, the column's
 *   default), queued in the outbox inside the caller's transaction, so the mail exists exactly
 *   when the row does; the mailer's retry loop delivers it, and startNotificationMail wakes it
 *   at once when the row is announced on commit;
 * - push_alert_enabled: read when the bell is listed (see notifications.inbox.ts).
 * Features never read the preferences themselves. Not notifications, so always sent whatever the
 * preference: verification, password reset and the sign-up-attempt notice (mail/templates.ts),
 * two-factor changes (they guard the account), and staff mail to STAFF_EMAIL.
 */
export async function sendNotification(
  tx: Db,
  n: NewNotification,
): Promise<{ notificationId: number; mailId: number | null }> {
  const [row] = await tx.insert(notifications).values(toRow(n.userId, n)).returning({ id: notifications.id });
  if (n.mail === false || BELL_ONLY.has(n.kind)) return { notificationId: row.id, mailId: null };
  const [to] = await tx
    .select({ email: authUsers.email, name: authUsers.name, alerts: users.emailAlertEnabled })
    .from(authUsers)
    .leftJoin(users, eq(users.id, authUsers.id))
    .where(eq(authUsers.id, n.userId));
  if (!to || to.alerts === false) return { notificationId: row.id, mailId: null };
  const recipient = { email: to.email, name: to.name };
  const msg = n.mail ? n.mail(recipient) : defaultMail(recipient, n);
  // Due by this process's clock (the mailer's claim compares with it).
  const [mail] = await tx
    .insert(mailOutbox)
    .values({ to: msg.to, subject: msg.subject, html: msg.html, text: msg.text, nextAttemptAt: new Date() })
    .returning({ id: mailOutbox.id });
  return { notificationId: row.id, mailId: mail.id };
}

/** Adds a notification (and its e-mail, per the recipient's preference); pass the transaction of the change it reports. */
export async function notify(tx: Db, n: NewNotification): Promise<number> {
  return (await sendNotification(tx, n)).notificationId;
}

/**
 * Whether `userId` wants notification e-mails (email_alert_enabled; no users row: yes). For
 * e-mails sent later than their notification, such as Support Chat's unread-reply mail.
 */
export async function wantsEmail(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ alerts: wantsEmailSql(sql`${userId}`) }).from(sql`(select 1) as one`);
  return row.alerts;
}

/** The same rule as a SQL condition on a user id column, for passes that pick many recipients at once. */
export const wantsEmailSql = (userId: SQL | AnyColumn) =>
  sql<boolean>`coalesce((select u.email_alert_enabled from ${users} u where u.id = ${userId}), true)`;

/**
 * One row per administrator, and for the client's assigned staff member, for an event staff should
 * see (a program request, a new sign-up), inside the caller's transaction, so each has their own
 * read state. Bell only: staff are e-mailed about these at STAFF_EMAIL by the features themselves.
 */
export async function notifyStaff(tx: Db, n: Omit<NewNotification, 'userId' | 'mail'>) {
  const assigned = n.clientId
    ? sql`${authUsers.id} = (select c.assigned_staff_id from ${authUsers} c where c.id = ${n.clientId} and c.role = 'client')`
    : undefined;
  const staff = await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(or(eq(authUsers.role, 'admin'), assigned));
  if (!staff.length) return;
  await tx.insert(notifications).values(staff.map((a) => toRow(a.id, n)));
}

const toRow = (userId: string, n: Omit<NewNotification, 'userId'>) => ({
  userId,
  clientId: n.clientId ?? null,
  kind: n.kind,
  title: n.title.slice(0, 300),
  body: (n.body ?? '').slice(0, 2000),
  link: n.link ?? null,
});

function defaultMail(to: Recipient, n: NewNotification): MailMessage {
  return notificationMail(to.email, to.name, {
    title: n.title,
    body: n.body ?? '',
    url: `${appUrl}${n.link ?? '/'}`,
  });
}
