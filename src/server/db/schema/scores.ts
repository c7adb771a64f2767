import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { loanReviewStates } from '../../../shared/loans';

export const capitalScores = pgTable(
  'capital_scores',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(500),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('capital_scores_user_updated_idx').on(t.userId, t.lastUpdatedAt)],
);

// Each admin save is a row (the history); the latest by last_updated_at is the client's score.
export const paydexScores = pgTable(
  'paydex_scores',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paydex_scores_user_updated_idx').on(t.userId, t.lastUpdatedAt)],
);

/** The shared Credit & Loans Directory; user_id is the offer's author. */
export const creditLoans = pgTable(
  'credit_loans',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    aprRange: text('apr_range').notNull().default(''),
    loanAmount: text('loan_amount').notNull().default(''),
    termLength: text('term_length').notNull().default(''),
    applyUrl: text('apply_url').notNull().default(''),
    // Shown to others only when approved. Pending unless set: a row added without thought stays
    // hidden (the migration marked the offers that existed before review as approved).
    reviewState: text('review_state', { enum: loanReviewStates }).notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_loans_created_idx').on(t.createdAt),
    index('credit_loans_user_idx').on(t.userId),
    // Staff's review queue, oldest first.
    index('credit_loans_pending_idx')
      .on(t.createdAt)
      .where(sql`review_state = 'pending'`),
  ],
);
