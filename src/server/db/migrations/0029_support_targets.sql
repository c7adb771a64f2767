CREATE TABLE "support_breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"staff_id" text,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"staff_id" text,
	"kind" text NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"business_ms" bigint NOT NULL,
	"breached" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_target_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "waiting_kind" text;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "escalate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "breach_stage" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "support_breaches" ADD CONSTRAINT "support_breaches_client_id_auth_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_breaches" ADD CONSTRAINT "support_breaches_staff_id_auth_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_responses" ADD CONSTRAINT "support_responses_client_id_auth_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_responses" ADD CONSTRAINT "support_responses_staff_id_auth_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_target_settings" ADD CONSTRAINT "support_target_settings_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_breaches_staff_idx" ON "support_breaches" USING btree ("staff_id","due_at");--> statement-breakpoint
CREATE INDEX "support_responses_staff_idx" ON "support_responses" USING btree ("staff_id","answered_at");--> statement-breakpoint
CREATE INDEX "support_conversations_due_idx" ON "support_conversations" USING btree ("due_at") WHERE waiting_since is not null;--> statement-breakpoint
-- Conversations already waiting for staff: their wait starts at the client's first unanswered
-- message; the breach job works out their deadlines (due_at is null), and they count as already
-- told (stage 2), so introducing the targets does not send a notice for every old wait at once.
UPDATE "support_conversations" c SET
  "waiting_since" = (SELECT min(m.created_at) FROM "support_messages" m WHERE m.client_id = c.client_id AND NOT m.from_staff
    AND m.id > coalesce((SELECT max(s.id) FROM "support_messages" s WHERE s.client_id = c.client_id AND s.from_staff), 0)),
  "waiting_kind" = CASE WHEN EXISTS (SELECT 1 FROM "support_messages" s WHERE s.client_id = c.client_id AND s.from_staff) THEN 'reply' ELSE 'first' END,
  "breach_stage" = 2
WHERE c.last_message_id > 0 AND c.last_client_message_id = c.last_message_id AND c.archived_at IS NULL;
