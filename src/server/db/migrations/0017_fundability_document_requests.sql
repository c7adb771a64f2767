CREATE TABLE "fundability_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"score" integer NOT NULL,
	"checks" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profile" ADD COLUMN "ein" text;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD COLUMN "kind" text DEFAULT 'task' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD COLUMN "requested_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD COLUMN "requested_document_type" text;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD COLUMN "reject_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "request_task_id" integer;--> statement-breakpoint
ALTER TABLE "business_bank_accounts" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_bank_accounts" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fundability_scores" ADD CONSTRAINT "fundability_scores_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundability_scores_user_computed_idx" ON "fundability_scores" USING btree ("user_id","computed_at");--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_request_task_id_business_compliance_id_fk" FOREIGN KEY ("request_task_id") REFERENCES "public"."business_compliance"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_compliance_open_requests_idx" ON "business_compliance" USING btree ("created_at") WHERE kind = 'document_request' and task_status <> 'Completed';--> statement-breakpoint
CREATE INDEX "business_documents_request_task_idx" ON "business_documents" USING btree ("request_task_id") WHERE request_task_id is not null;