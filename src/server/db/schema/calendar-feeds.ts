import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

/**
 * A client's private calendar feed: at most one per user. Only the SHA-256 of the feed's token is
 * kept (the token is the whole credential of an unauthenticated URL), so the address is shown once,
 * when it is made; regenerating replaces the hash and turning the feed off deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  // base64url of SHA-256(token); unique, so the feed's lookup is one index probe.
  tokenHash: text('token_hash').notNull().unique(),
  // When the current address was made (turned on or regenerated).
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
