import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

/**
 * A browser where a person turned Web Push on: its push service's endpoint (unique: a browser has
 * one subscription per site, so the newest person to turn it on there owns it) and the keys its
 * payloads are encrypted to. A push service's 404 or 410 deletes the row (features/push).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    // The browser's P-256 public key and auth secret (base64url): they let anyone encrypt to this
    // browser, not read what it received, and the push service takes only our VAPID-signed sends.
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // 'Chrome on Windows', from the user agent that subscribed.
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
