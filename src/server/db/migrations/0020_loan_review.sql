ALTER TABLE "credit_loans" ADD COLUMN "review_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_loans" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Offers made before staff review existed were shown to everyone: they stay shown (added by hand to the generated file).
UPDATE "credit_loans" SET "review_state" = 'approved';--> statement-breakpoint
CREATE INDEX "credit_loans_pending_idx" ON "credit_loans" USING btree ("created_at") WHERE review_state = 'pending';