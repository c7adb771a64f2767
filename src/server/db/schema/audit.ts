import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

// Who saw or changed a client's data. Never values: only what was touched, by whom, when.
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => authUsers.id, { onDelete: 'set null' }),
    clientId: text('client_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['create', 'update', 'delete', 'reveal', 'export'] }).notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    field: text('field'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_client_created_idx').on(t.clientId, t.createdAt)],
);
