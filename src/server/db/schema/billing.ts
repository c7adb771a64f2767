import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { businessDocuments } from './documents';
import { payments } from './payments';

/**
 * A program's service agreement, one row per version: an edit inserts the next version, so what a
 * client signed is always still there to read. The body is Markdown with {{placeholders}}.
 */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: serial('id').primaryKey(),
    programId: text('program_id').notNull(),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_templates_program_version_idx').on(t.programId, t.version)],
);

/**
 * A client's signature of one version, with the text as filled in for them and its SHA-256: the
 * client's enrolment in the program. Never updated (no route changes one); its PDF is filed in
 * Business Documents.
 */
export const signedAgreements = pgTable(
  'signed_agreements',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    programId: text('program_id').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => agreementTemplates.id),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    sha256: text('sha256').notNull(),
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent').notNull().default(''),
    documentId: text('document_id').references(() => businessDocuments.id, { onDelete: 'set null' }),
  },
  (t) => [index('signed_agreements_user_idx').on(t.userId, t.signedAt)],
);

/**
 * The instalments of a signed program, made at signing with their due dates (one a month). Each is
 * paid by its own Stripe Checkout (docs/decisions/0015-instalments-as-separate-checkouts.md).
 */
export const programInstalments = pgTable(
  'program_instalments',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => signedAgreements.id, { onDelete: 'cascade' }),
    programId: text('program_id').notNull(),
    number: integer('number').notNull(),
    of: integer('of').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['due', 'paid', 'failed', 'waived', 'paid_outside', 'refunded'] })
      .notNull()
      .default('due'),
    /** The newest Checkout Session opened for it; its webhooks find the instalment by it or by metadata. */
    checkoutSessionId: text('checkout_session_id'),
    paymentIntentId: text('payment_intent_id'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** When the client was last told it is overdue (the overdue pass's claim). */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('program_instalments_agreement_number_idx').on(t.agreementId, t.number),
    index('program_instalments_user_idx').on(t.userId, t.dueDate),
    // Overdue and failed instalments (Needs attention, the overdue pass): few among all.
    index('program_instalments_open_idx')
      .on(t.dueDate, t.id)
      .where(sql`status in ('due', 'failed')`),
    // Stripe's refund event names the payment intent: its instalment found without reading them all.
    index('program_instalments_payment_intent_idx')
      .on(t.paymentIntentId)
      .where(sql`payment_intent_id is not null`),
  ],
);

/** Every Stripe event the webhook accepted, once by its id: a replay finds its row and does nothing. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** handled, or ignored (a type the portal does not act on, or no instalment of ours). */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The reminder pass deletes the rows past STRIPE_EVENTS_KEEP_DAYS, oldest first.
  (t) => [index('stripe_events_received_idx').on(t.receivedAt)],
);
