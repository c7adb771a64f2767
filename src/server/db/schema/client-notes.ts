import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

// Staff's private notes on a client: read and written by staff who work the client, never by the
// client (no client route, not in their data export; their audit rows are hidden from the client).
export const clientNotes = pgTable(
  'client_notes',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    // Null once the author's account is deleted: the note stays with the client.
    authorId: text('author_id').references(() => authUsers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A client's notes, newest first.
    index('client_notes_client_created_idx').on(t.clientId, t.createdAt, t.id),
    // The top bar's search in notes: "contains" answered by trigrams, as the clients search is.
    index('client_notes_body_trgm_idx').using('gin', sql`lower(${t.body}) gin_trgm_ops`),
  ],
);
