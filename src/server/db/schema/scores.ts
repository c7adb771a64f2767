import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

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
