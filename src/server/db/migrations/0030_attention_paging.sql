-- "Needs attention": indexes for the queue's branches, so a page reads only its own rows.
CREATE INDEX "users_no_progress_idx" ON "users" USING btree (greatest(coalesce("setup_at", "created_at"), "last_progress_at"),coalesce("setup_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("user_id","created_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "support_conversations_waiting_idx" ON "support_conversations" USING btree ("client_id") WHERE archived_at is null and last_message_id > 0 and last_client_message_id = last_message_id;--> statement-breakpoint
CREATE INDEX "support_messages_side_idx" ON "support_messages" USING btree ("client_id","from_staff","id","created_at");