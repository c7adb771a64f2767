import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The portal's own fixed-window counters (sign-in failures, auth mails, sign-ups, exports, ...),
 * apart from better-auth's table: better-auth deletes its rows older than its own longest window,
 * which would end an hour-long window after five minutes. A row lives until `expiresAt` (epoch ms,
 * the end of its window); consumeRateLimit deletes expired rows now and then.
 */
export const portalRateLimits = pgTable(
  'portal_rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('portal_rate_limits_expires_at_idx').on(t.expiresAt)],
);
