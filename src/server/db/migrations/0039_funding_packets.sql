CREATE TABLE "funding_packets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pdf_key" text,
	"manifest_key" text,
	"pdf_size" bigint,
	"pdf_sha256" text,
	"manifest_sha256" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "packet_link_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packet_links" (
	"id" text PRIMARY KEY NOT NULL,
	"packet_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	CONSTRAINT "packet_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verification_status" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funding_packets" ADD CONSTRAINT "funding_packets_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_packets" ADD CONSTRAINT "funding_packets_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packet_link_events" ADD CONSTRAINT "packet_link_events_link_id_packet_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."packet_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packet_link_events" ADD CONSTRAINT "packet_link_events_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packet_links" ADD CONSTRAINT "packet_links_packet_id_funding_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."funding_packets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packet_links" ADD CONSTRAINT "packet_links_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packet_links" ADD CONSTRAINT "packet_links_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funding_packets_user_created_idx" ON "funding_packets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_packets_one_building_idx" ON "funding_packets" USING btree ("user_id") WHERE status = 'building';--> statement-breakpoint
CREATE INDEX "packet_link_events_link_at_idx" ON "packet_link_events" USING btree ("link_id","at");--> statement-breakpoint
CREATE INDEX "packet_links_user_created_idx" ON "packet_links" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_verified_by_auth_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;