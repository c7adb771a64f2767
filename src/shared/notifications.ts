import { z } from 'zod';
import { pageFields } from './paging';

export const notificationKinds = [
  'task_assigned',
  'task_changed',
  'reminder_sent',
  'payment_recorded',
  'payment_request',
  'new_signup',
  'membership_changed',
  'score_changed',
  'tradeline_stale',
  'automation_request',
  'loan_offer',
  'support_reply',
  'support_message',
  'staff_action',
  'client_assigned',
  'support_overdue',
  'agreement_signed',
  'payment_receipt',
  'payment_failed',
  'payment_due',
  'packet_opened',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  clientId: string | null;
  readAt: string | null;
  createdAt: string;
};
/**
 * unreadCount: what the bell's badge shows, 0 while the user's push alerts are off;
 * hasUnread: whether any row is unread, whatever the preference.
 */
export type NotificationPage = {
  notifications: NotificationItem[];
  unreadCount: number;
  hasUnread: boolean;
  total: number;
  page: number;
  pageSize: number;
};

/** GET /api/me/notifications: the caller's own notifications, newest first. */
export const notificationListQuery = z.object(pageFields(20)).strict();

/** POST /api/me/notifications/read: the given ids, or every unread one when `ids` is left out. */
export const markNotificationsRead = z
  .object({
    ids: z
      .array(z.number({ message: 'Notification ids must be numbers' }).int().min(1).max(2_147_483_647), {
        message: 'ids must be a list of notification ids',
      })
      .max(100, 'At most 100 notifications at a time')
      .optional(),
  })
  .strict();
