import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

export const businessAccounts = pgTable(
  'business_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('Active'),
    businessAccountUrl: text('business_account_url').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_accounts_user_created_idx').on(t.userId, t.createdAt)],
);

export const businessAccountDetails = pgTable(
  'business_account_details',
  {
    id: serial('id').primaryKey(),
    businessAccountId: text('business_account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [index('business_account_details_account_idx').on(t.businessAccountId)],
);
