CREATE TABLE "support_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"client_id" text PRIMARY KEY NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_client_message_id" integer DEFAULT 0 NOT NULL,
	"staff_read_id" integer DEFAULT 0 NOT NULL,
	"client_read_id" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"reply_mailed_id" integer DEFAULT 0 NOT NULL,
	"reply_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"author_id" text,
	"from_staff" boolean NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_client_id_auth_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_client_id_auth_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_client_id_support_conversations_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."support_conversations"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_presence" ADD CONSTRAINT "support_presence_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_client_idx" ON "support_attachments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "support_conversations_last_idx" ON "support_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_client_id_idx" ON "support_messages" USING btree ("client_id","id");--> statement-breakpoint
-- Live updates on every instance: each change is announced on 'portal_events' as '<topic>|<data>',
-- delivered when the transaction commits (so a listener that reads after the event sees the row).
-- Subscribers only take the event as a nudge and read from their own cursor: nothing is lost when
-- two events merge, and the payload never carries message text.
CREATE OR REPLACE FUNCTION portal_support_message_added() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('portal_events', 'support:' || NEW.client_id || '|m:' || NEW.id);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER support_messages_added AFTER INSERT ON support_messages FOR EACH ROW EXECUTE FUNCTION portal_support_message_added();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_support_conversation_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.staff_read_id IS DISTINCT FROM OLD.staff_read_id OR NEW.client_read_id IS DISTINCT FROM OLD.client_read_id OR NEW.archived_at IS DISTINCT FROM OLD.archived_at THEN
    PERFORM pg_notify('portal_events', 'support:' || NEW.client_id || '|c');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER support_conversations_changed AFTER UPDATE ON support_conversations FOR EACH ROW EXECUTE FUNCTION portal_support_conversation_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notification_added() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('portal_events', 'notify:' || NEW.user_id || '|n:' || NEW.id);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_added AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION portal_notification_added();
