import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

// The original product's `users` row: what the portal keeps about a person beyond their login (name, e-mail,
// phone and role live in auth_users). An admin may create it early (notification preferences), so
// first-login setup claims `setupAt` rather than relying on the row's existence.
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    isVerified: boolean('is_verified').notNull().default(true),
    pushAlertEnabled: boolean('push_alert_enabled').notNull().default(true),
    emailAlertEnabled: boolean('email_alert_enabled').notNull().default(true),
    // The Monday e-mail of the week's tasks (features/digest); its own switch and unsubscribe link.
    weeklyDigestEnabled: boolean('weekly_digest_enabled').notNull().default(true),
    isPaid: boolean('ispaid').notNull().default(false),
    setupAt: timestamp('setup_at', { withTimezone: true }),
    // When the client last completed something (a "Completed" activity: a task done, a document
    // accepted), kept by a trigger on recent_activities (migration 0026), so "no progress for 7 days"
    // is one column per client instead of a search of each client's activities.
    lastProgressAt: timestamp('last_progress_at', { withTimezone: true }),
    // The PAYDEX the client's pay-early plan aims at (80, 90 or 100; null: the default, 90): the
    // plan shows it and its pay-by reminders and calendar events follow it.
    paydexTarget: smallint('paydex_target'),
    // Whether anything of the client's build-out waits on them (a task or document request
    // "Awaiting Completion"), kept by triggers on business_compliance (migration 0035): a client with
    // nothing left to do is not "without progress".
    hasOpenItems: boolean('has_open_items').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Needs attention": the no-progress branch reads clients in the order they stopped progressing
    // (their last completion, else their start), so a page reads its own rows, not every client;
    // the start beside it lets the branch's count check the build-out in the index. Only clients
    // with something left to do are in it.
    index('users_no_progress_idx')
      .on(
        sql`greatest(coalesce(${t.setupAt}, ${t.createdAt}), ${t.lastProgressAt})`,
        sql`coalesce(${t.setupAt}, ${t.createdAt})`,
        t.id,
      )
      .where(sql`has_open_items`),
  ],
);
