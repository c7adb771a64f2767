import type { MailAttachment } from '../../../shared/mail';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    // Extra headers the message is sent with (the digest's List-Unsubscribe and List-Unsubscribe-Post).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // Stored files sent with the message (the signed agreement PDF), read from storage at each attempt.
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    // pending: waiting for (re)delivery; sent: handed to SMTP; logged: no SMTP configured, printed; failed: gave up
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
