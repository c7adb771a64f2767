CREATE TABLE "first_step_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"sells" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"bureaus" text[] DEFAULT '{}'::text[] NOT NULL,
	"application_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "first_step_openings" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"first_step_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bureaus" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_opened" text DEFAULT '' NOT NULL,
	"last_reported" text DEFAULT '' NOT NULL,
	"stale_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revolving_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"card_type" text DEFAULT '' NOT NULL,
	"credit_limit" numeric(14, 2),
	"apr" text DEFAULT '' NOT NULL,
	"benefits" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"application_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bureaus" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_opened" text DEFAULT '' NOT NULL,
	"last_reported" text DEFAULT '' NOT NULL,
	"stale_notified_at" timestamp with time zone,
	"rewards" text DEFAULT '' NOT NULL,
	"annual_fee" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "store_credit_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"card_type" text DEFAULT '' NOT NULL,
	"credit_limit" numeric(14, 2),
	"apr" text DEFAULT '' NOT NULL,
	"benefits" text DEFAULT '' NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"application_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bureaus" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_opened" text DEFAULT '' NOT NULL,
	"last_reported" text DEFAULT '' NOT NULL,
	"stale_notified_at" timestamp with time zone,
	"account_number" text,
	"username" text,
	"password" text
);
--> statement-breakpoint
ALTER TABLE "first_step_openings" ADD CONSTRAINT "first_step_openings_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_step_openings" ADD CONSTRAINT "first_step_openings_first_step_account_id_first_step_accounts_id_fk" FOREIGN KEY ("first_step_account_id") REFERENCES "public"."first_step_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revolving_credits" ADD CONSTRAINT "revolving_credits_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_cards" ADD CONSTRAINT "store_credit_cards_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "first_step_accounts_vendor_idx" ON "first_step_accounts" USING btree ("vendor");--> statement-breakpoint
CREATE UNIQUE INDEX "first_step_openings_user_account_idx" ON "first_step_openings" USING btree ("user_id","first_step_account_id");--> statement-breakpoint
CREATE INDEX "revolving_credits_user_created_idx" ON "revolving_credits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_cards_user_created_idx" ON "store_credit_cards" USING btree ("user_id","created_at");