ALTER TABLE "business_documents" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verification_status" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_verified_by_auth_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;