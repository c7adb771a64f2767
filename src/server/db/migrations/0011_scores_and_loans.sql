CREATE TABLE "credit_loans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"apr_range" text DEFAULT '' NOT NULL,
	"loan_amount" text DEFAULT '' NOT NULL,
	"term_length" text DEFAULT '' NOT NULL,
	"apply_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paydex_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"score" integer NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_loans" ADD CONSTRAINT "credit_loans_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paydex_scores" ADD CONSTRAINT "paydex_scores_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_loans_created_idx" ON "credit_loans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_loans_user_idx" ON "credit_loans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "paydex_scores_user_updated_idx" ON "paydex_scores" USING btree ("user_id","last_updated_at");