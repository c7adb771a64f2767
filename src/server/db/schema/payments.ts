import { sql } from 'drizzle-orm';
import { boolean, date, index, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    // Money as exact decimals; drizzle returns numeric as a string, the service converts.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    // failed and refunded: card payments through Stripe (features/billing), set by its webhooks and refunds.
    status: text('status', { enum: ['completed', 'pending', 'failed', 'refunded'] })
      .notNull()
      .default('completed'),
    included: boolean('included').notNull().default(false),
    // Marks the one signup credit, so first-login setup can never add a second.
    kind: text('kind', { enum: ['manual', 'signup_credit', 'stripe'] })
      .notNull()
      .default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_date_idx').on(t.userId, t.date),
    // "Needs attention": the pending payments, a few among all, per client and oldest first.
    index('payments_pending_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`status = 'pending'`),
    uniqueIndex('payments_one_signup_credit_idx')
      .on(t.userId)
      .where(sql`kind = 'signup_credit'`),
  ],
);

export const programRequests = pgTable(
  'program_requests',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    programId: text('program_id').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('program_requests_user_idx').on(t.userId, t.createdAt)],
);
