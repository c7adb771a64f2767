CREATE TABLE "user_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"business_website" text DEFAULT '' NOT NULL,
	"owner_first_name" text DEFAULT '' NOT NULL,
	"owner_last_name" text DEFAULT '' NOT NULL,
	"owner_ssn" text,
	"owner_dob" text,
	"credit_profile" text DEFAULT '' NOT NULL,
	"business_structure" text DEFAULT '' NOT NULL,
	"business_phone" text DEFAULT '' NOT NULL,
	"forward_phone" text DEFAULT '' NOT NULL,
	"business_address" text DEFAULT '' NOT NULL,
	"owner_home_address" text DEFAULT '' NOT NULL,
	"business_email" text DEFAULT '' NOT NULL,
	"forward_email" text DEFAULT '' NOT NULL,
	"owner_type" text DEFAULT 'sole' NOT NULL,
	"number_of_owners" integer DEFAULT 1 NOT NULL,
	"agreement_confirmed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profile" ADD CONSTRAINT "user_profile_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;