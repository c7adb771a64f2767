import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';
import { firstStepOpenings, revolvingCredits, storeCreditCards } from './credit';

// A tradeline's invoices, for the pay-early planner: what was billed, on what terms, and what was
// paid when. A tradeline is a store card, a revolving credit or a First Step opening, so an invoice
// points at exactly one of the three (the check), each with its own foreign key: the invoices go
// with their tradeline (cascade), as the tradeline columns go with their row.
export const tradelineInvoices = pgTable(
  'tradeline_invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    storeCardId: text('store_card_id').references(() => storeCreditCards.id, { onDelete: 'cascade' }),
    revolvingCreditId: text('revolving_credit_id').references(() => revolvingCredits.id, { onDelete: 'cascade' }),
    firstStepOpeningId: text('first_step_opening_id').references(() => firstStepOpenings.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    /** Days after the invoice date the vendor's terms allow (Net 30 = 30; 0 = due on receipt). */
    termsDays: integer('terms_days').notNull(),
    /** invoice_date + terms_days, kept by the database: the pay-by plan, reminders and the overdue reason read it. */
    dueDate: date('due_date', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`invoice_date + terms_days`),
    // Money as exact decimals, as the other records keep it; drizzle returns a string, the service converts.
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** Both set or both null: one payment, the whole amount or part of it. */
    paidDate: date('paid_date', { mode: 'string' }),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }),
    // Kept for the reminders on pay-by dates to come: when the client was last told of this invoice.
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'tradeline_invoices_one_tradeline',
      sql`num_nonnulls(${t.storeCardId}, ${t.revolvingCreditId}, ${t.firstStepOpeningId}) = 1`,
    ),
    check('tradeline_invoices_paid_pair', sql`(${t.paidDate} is null) = (${t.paidAmount} is null)`),
    // The estimate and the export read a client's invoices by date; the limit counts them.
    index('tradeline_invoices_user_date_idx').on(t.userId, t.invoiceDate, t.id),
    index('tradeline_invoices_store_card_idx').on(t.storeCardId, t.invoiceDate, t.id),
    index('tradeline_invoices_revolving_idx').on(t.revolvingCreditId, t.invoiceDate, t.id),
    index('tradeline_invoices_first_step_idx').on(t.firstStepOpeningId, t.invoiceDate, t.id),
    // What is still owed, by due date: for the pay-by reminders and the overdue reason to come.
    index('tradeline_invoices_open_due_idx')
      .on(t.dueDate, t.userId)
      .where(sql`${t.paidAmount} is null or ${t.paidAmount} < ${t.amount}`),
  ],
);
