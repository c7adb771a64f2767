CREATE TABLE "agreement_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agreement_id" integer NOT NULL,
	"program_id" text NOT NULL,
	"number" integer NOT NULL,
	"of" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"checkout_session_id" text,
	"payment_intent_id" text,
	"payment_id" integer,
	"overdue_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"program_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text DEFAULT '' NOT NULL,
	"document_id" text
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_templates" ADD CONSTRAINT "agreement_templates_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_instalments" ADD CONSTRAINT "program_instalments_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_instalments" ADD CONSTRAINT "program_instalments_agreement_id_signed_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."signed_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_instalments" ADD CONSTRAINT "program_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD CONSTRAINT "signed_agreements_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD CONSTRAINT "signed_agreements_template_id_agreement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."agreement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD CONSTRAINT "signed_agreements_document_id_business_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."business_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_templates_program_version_idx" ON "agreement_templates" USING btree ("program_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "program_instalments_agreement_number_idx" ON "program_instalments" USING btree ("agreement_id","number");--> statement-breakpoint
CREATE INDEX "program_instalments_user_idx" ON "program_instalments" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "program_instalments_open_idx" ON "program_instalments" USING btree ("due_date","id") WHERE status in ('due', 'failed');--> statement-breakpoint
CREATE INDEX "signed_agreements_user_idx" ON "signed_agreements" USING btree ("user_id","signed_at");--> statement-breakpoint
-- What a client signed never changes: only the link to its filed PDF may (set null when the document is deleted).
CREATE FUNCTION "signed_agreements_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id, NEW.program_id, NEW.template_id, NEW.version, NEW.text, NEW.sha256, NEW.signed_name, NEW.signed_at, NEW.ip_address, NEW.user_agent)
     IS DISTINCT FROM (OLD.user_id, OLD.program_id, OLD.template_id, OLD.version, OLD.text, OLD.sha256, OLD.signed_name, OLD.signed_at, OLD.ip_address, OLD.user_agent) THEN
    RAISE EXCEPTION 'a signed agreement cannot be changed';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "signed_agreements_immutable" BEFORE UPDATE ON "signed_agreements" FOR EACH ROW EXECUTE FUNCTION "signed_agreements_immutable"();--> statement-breakpoint
-- A first version of each program's agreement, which administrators replace with their own.
INSERT INTO "agreement_templates" ("program_id", "version", "body")
SELECT p.id, 1, E'# Service Agreement\n\nThis agreement is between Total Business Build-Out ("we") and {{client_name}} ("you"), made on {{date}}, for the **{{program_name}}**.\n\n## Services\n\nWe provide the services of the program as described in the portal, for the length of the program.\n\n## Fees\n\nThe program costs {{total_amount}} in total, paid in {{payments}} monthly payments:\n\n{{fee_schedule}}\n\nThe first payment is due when you sign; each later payment one month after the one before. Payments are made by card through our payment processor; we never see or store your card number.\n\n## Late or failed payments\n\nIf a payment fails or is late, we will tell you and ask you to pay it through the portal. Services may pause until it is paid.\n\n## Cancellation and refunds\n\nYou may cancel by writing to us. Payments for services already delivered are not refunded; any refund is made to the card that paid.\n\n## Signature\n\nBy typing your full name and ticking the box you agree to this agreement and to sign it electronically.'
FROM (VALUES ('standard'), ('advanced'), ('enterprise')) AS p(id);
