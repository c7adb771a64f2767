import { date, index, pgTable, serial, text, timestamp, uniqueIndex, integer } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { notificationKinds } from '../../../shared/notifications';
import { businessCompliance } from './compliance';

// One row per recipient: events for admins are fanned out to each admin, so read state is per person.
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    // The client the event is about (the recipient for client events; the subject for admin ones).
    clientId: text('client_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    // When an instance claimed this row's Web Push (features/push/push-delivery.ts): the claim is
    // the update that sets it, so of several instances hearing the row announced one sends it.
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

// A reminder stage sent for a task: the unique key is the claim, so two instances (or a restart)
// can never send the same stage twice.
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => businessCompliance.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['due_soon', 'overdue'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('compliance_reminders_task_stage_idx').on(t.taskId, t.stage)],
);

// The week (its Monday, in the business time zone) whose digest a client last had: one row per
// client, claimed by a conditional upsert, so two instances or a rerun send a week's digest once.
// mailedAt stays null for a week with nothing to say.
export const weeklyDigests = pgTable('weekly_digests', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  weekStart: date('week_start').notNull(),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
