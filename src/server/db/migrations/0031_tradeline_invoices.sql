-- A tradeline's invoices for the pay-early planner: each points at exactly one store card, revolving credit or First Step opening and goes with it; due_date is kept by the database, and what is still owed is indexed by it.
CREATE TABLE "tradeline_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"store_card_id" text,
	"revolving_credit_id" text,
	"first_step_opening_id" text,
	"number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"terms_days" integer NOT NULL,
	"due_date" date GENERATED ALWAYS AS (invoice_date + terms_days) STORED NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_date" date,
	"paid_amount" numeric(14, 2),
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tradeline_invoices_one_tradeline" CHECK (num_nonnulls("tradeline_invoices"."store_card_id", "tradeline_invoices"."revolving_credit_id", "tradeline_invoices"."first_step_opening_id") = 1),
	CONSTRAINT "tradeline_invoices_paid_pair" CHECK (("tradeline_invoices"."paid_date" is null) = ("tradeline_invoices"."paid_amount" is null))
);
--> statement-breakpoint
ALTER TABLE "tradeline_invoices" ADD CONSTRAINT "tradeline_invoices_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradeline_invoices" ADD CONSTRAINT "tradeline_invoices_store_card_id_store_credit_cards_id_fk" FOREIGN KEY ("store_card_id") REFERENCES "public"."store_credit_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradeline_invoices" ADD CONSTRAINT "tradeline_invoices_revolving_credit_id_revolving_credits_id_fk" FOREIGN KEY ("revolving_credit_id") REFERENCES "public"."revolving_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tradeline_invoices" ADD CONSTRAINT "tradeline_invoices_first_step_opening_id_first_step_openings_id_fk" FOREIGN KEY ("first_step_opening_id") REFERENCES "public"."first_step_openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tradeline_invoices_user_date_idx" ON "tradeline_invoices" USING btree ("user_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "tradeline_invoices_store_card_idx" ON "tradeline_invoices" USING btree ("store_card_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "tradeline_invoices_revolving_idx" ON "tradeline_invoices" USING btree ("revolving_credit_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "tradeline_invoices_first_step_idx" ON "tradeline_invoices" USING btree ("first_step_opening_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "tradeline_invoices_open_due_idx" ON "tradeline_invoices" USING btree ("due_date","user_id") WHERE "tradeline_invoices"."paid_amount" is null or "tradeline_invoices"."paid_amount" < "tradeline_invoices"."amount";