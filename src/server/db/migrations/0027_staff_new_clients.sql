-- A staff member's "Takes new clients" setting, and when round-robin last gave them a new client.
ALTER TABLE "auth_users" ADD COLUMN "takes_new_clients" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "last_new_client_at" timestamp with time zone;