import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

export const businessCompliance = pgTable(
  'business_compliance',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    taskName: text('task_name').notNull(),
    taskDescription: text('task_description').notNull().default(''),
    taskDueDate: timestamp('task_due_date', { withTimezone: true }),
    taskPriority: text('task_priority', { enum: ['High', 'Medium', 'Low'] }).notNull().default('Medium'),
    taskStatus: text('task_status', { enum: ['Awaiting Completion', 'Completed'] }).notNull().default('Awaiting Completion'),
    isBusinessLicense: boolean('is_business_license').notNull().default(false),
    isTaxForm: boolean('is_tax_form').notNull().default(false),
    isCompliance: boolean('is_compliance').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_compliance_user_due_idx').on(t.userId, t.taskDueDate),
    index('business_compliance_user_name_idx').on(t.userId, t.taskName),
    // The reminder job's scan: open tasks by due date.
    index('business_compliance_open_due_idx').on(t.taskDueDate).where(sql`task_status <> 'Completed'`),
  ],
);

export const recentActivities = pgTable(
  'recent_activities',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['Completed', 'In Progress', 'pending', 'urgent'] }).notNull().default('In Progress'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recent_activities_user_created_idx').on(t.userId, t.createdAt)],
);
