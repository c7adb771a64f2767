-- The clients list pages by cursor: an index per order, ending on the id that breaks ties; its total
-- is a count kept as rows change (portal_counters), not a count over every client.
CREATE TABLE "portal_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "auth_users_role_created_idx";--> statement-breakpoint
CREATE INDEX "auth_users_role_email_idx" ON "auth_users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "auth_users_role_name_idx" ON "auth_users" USING btree ("role",lower(coalesce(nullif("name", ''), "email")),"id");--> statement-breakpoint
CREATE INDEX "auth_users_role_created_idx" ON "auth_users" USING btree ("role","created_at","id");--> statement-breakpoint
INSERT INTO "portal_counters" ("name", "value") SELECT 'clients', count(*) FROM "auth_users" WHERE "role" = 'client';--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert of many users updates the count once.
-- An update only writes the counter when a role changed (most updates are profile edits).
CREATE OR REPLACE FUNCTION portal_count_clients() RETURNS trigger AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE role = 'client');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE role = 'client');
  END IF;
  IF delta <> 0 THEN
    UPDATE portal_counters SET value = value + delta WHERE name = 'clients';
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_users_count_insert AFTER INSERT ON auth_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_count_clients();
--> statement-breakpoint
CREATE TRIGGER auth_users_count_update AFTER UPDATE ON auth_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_count_clients();
--> statement-breakpoint
CREATE TRIGGER auth_users_count_delete AFTER DELETE ON auth_users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_count_clients();
