import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { encryptedText } from '../../security/encrypted-column';

// Values every app instance must share (the auth cookie secret), created once by the first instance,
// sealed with the data key bound to the key (see sharedSecret), so key rotation re-encrypts them too.
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: encryptedText('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
