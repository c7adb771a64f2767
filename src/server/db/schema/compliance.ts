import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    taskPriority: text('task_priority', { enum: ['High', 'Medium', 'Low'] })
      .notNull()
      .default('Medium'),
    // Submitted: a document request the client has uploaded into, waiting for staff review.
    taskStatus: text('task_status', { enum: ['Awaiting Completion', 'Submitted', 'Completed'] })
      .notNull()
      .default('Awaiting Completion'),
    isBusinessLicense: boolean('is_business_license').notNull().default(false),
    isTaxForm: boolean('is_tax_form').notNull().default(false),
    isCompliance: boolean('is_compliance').notNull().default(false),
    // 'document_request': staff ask for a document; the client uploads into the task's slot.
    kind: text('kind', { enum: ['task', 'document_request'] })
      .notNull()
      .default('task'),
    requestedDocument: text('requested_document').notNull().default(''),
    /** The Business Documents type (section) the requested document files under. */
    requestedDocumentType: text('requested_document_type'),
    /** Why staff rejected the last upload; cleared when it is accepted. */
    rejectReason: text('reject_reason').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Any change through drizzle moves it: the calendar feed's LAST-MODIFIED, so a subscribed
    // calendar replaces its copy of the event (same UID) when a due date or name changes.
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('business_compliance_user_due_idx').on(t.userId, t.taskDueDate),
    index('business_compliance_user_name_idx').on(t.userId, t.taskName),
    // The reminder job's scan: open tasks by due date.
    index('business_compliance_open_due_idx')
      .on(t.taskDueDate)
      .where(sql`task_status <> 'Completed'`),
    // Staff's list of open document requests across clients, oldest first.
    index('business_compliance_open_requests_idx')
      .on(t.createdAt)
      .where(sql`kind = 'document_request' and task_status <> 'Completed'`),
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
    status: text('status', { enum: ['Completed', 'In Progress', 'pending', 'urgent'] })
      .notNull()
      .default('In Progress'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recent_activities_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * The fundability score's history: a row each time the computed score or a check's
 * state changes. checks holds [{ id, state }] so the history can say what moved.
 */
export const fundabilityScores = pgTable(
  'fundability_scores',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    checks: jsonb('checks').$type<{ id: string; state: 'passed' | 'failed' | 'unknown' }[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fundability_scores_user_computed_idx').on(t.userId, t.computedAt)],
);
