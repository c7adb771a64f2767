CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"is_verified" boolean DEFAULT true NOT NULL,
	"push_alert_enabled" boolean DEFAULT true NOT NULL,
	"email_alert_enabled" boolean DEFAULT true NOT NULL,
	"ispaid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_compliance" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"task_name" text NOT NULL,
	"task_description" text DEFAULT '' NOT NULL,
	"task_due_date" timestamp with time zone,
	"task_priority" text DEFAULT 'Medium' NOT NULL,
	"task_status" text DEFAULT 'Awaiting Completion' NOT NULL,
	"is_business_license" boolean DEFAULT false NOT NULL,
	"is_tax_form" boolean DEFAULT false NOT NULL,
	"is_compliance" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'In Progress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capital_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"score" integer DEFAULT 500 NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"included" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"program_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_auth_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_compliance" ADD CONSTRAINT "business_compliance_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_activities" ADD CONSTRAINT "recent_activities_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_scores" ADD CONSTRAINT "capital_scores_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_requests" ADD CONSTRAINT "program_requests_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_compliance_user_due_idx" ON "business_compliance" USING btree ("user_id","task_due_date");--> statement-breakpoint
CREATE INDEX "business_compliance_user_name_idx" ON "business_compliance" USING btree ("user_id","task_name");--> statement-breakpoint
CREATE INDEX "recent_activities_user_created_idx" ON "recent_activities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "capital_scores_user_updated_idx" ON "capital_scores" USING btree ("user_id","last_updated_at");--> statement-breakpoint
CREATE INDEX "payments_user_date_idx" ON "payments" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_signup_credit_idx" ON "payments" USING btree ("user_id") WHERE kind = 'signup_credit';--> statement-breakpoint
CREATE INDEX "program_requests_user_idx" ON "program_requests" USING btree ("user_id","created_at");