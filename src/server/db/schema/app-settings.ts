import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Values every app instance must share (the auth cookie secret), created once by the first instance.
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
