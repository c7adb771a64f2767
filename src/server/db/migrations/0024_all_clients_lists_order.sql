-- The admins' lists across clients read their newest-first pages in index order, and the support
-- inbox's open view its few open conversations, instead of reading (and sorting) every client's rows.
CREATE INDEX "business_documents_created_idx" ON "business_documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_bank_accounts_created_idx" ON "business_bank_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "account_receivables_created_idx" ON "account_receivables" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "revolving_credits_created_idx" ON "revolving_credits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "store_credit_cards_created_idx" ON "store_credit_cards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "automation_requests_created_idx" ON "automation_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_conversations_open_idx" ON "support_conversations" USING btree ("last_message_at") WHERE archived_at is null and last_message_id > 0;