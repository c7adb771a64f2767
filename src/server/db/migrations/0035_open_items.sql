-- "Needs attention": a client with nothing left to do (no task or document request awaiting them)
-- is not "without progress". users.has_open_items says whether anything waits on the client, kept
-- by the database as their build-out rows change, and the no-progress index holds only those who do.
DROP INDEX "users_no_progress_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_open_items" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "has_open_items" = EXISTS (
  SELECT 1 FROM business_compliance b WHERE b.user_id = u.id AND b.task_status = 'Awaiting Completion'
);--> statement-breakpoint
-- Statement triggers with transition tables (as the progress trigger of 0026): a bulk write updates
-- each client it touched once.
CREATE OR REPLACE FUNCTION portal_open_items_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users u SET has_open_items = true
    WHERE u.id IN (SELECT user_id FROM new_rows WHERE task_status = 'Awaiting Completion') AND NOT u.has_open_items;
  ELSE
    UPDATE users u SET has_open_items = EXISTS (
      SELECT 1 FROM business_compliance b WHERE b.user_id = u.id AND b.task_status = 'Awaiting Completion'
    )
    WHERE u.id IN (SELECT user_id FROM changed_rows);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER business_compliance_open_items_insert AFTER INSERT ON business_compliance REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_open_items_changed();
--> statement-breakpoint
CREATE TRIGGER business_compliance_open_items_update AFTER UPDATE ON business_compliance REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_open_items_changed();
--> statement-breakpoint
CREATE TRIGGER business_compliance_open_items_delete AFTER DELETE ON business_compliance REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_open_items_changed();
--> statement-breakpoint
CREATE INDEX "users_no_progress_idx" ON "users" USING btree (greatest(coalesce("setup_at", "created_at"), "last_progress_at"),coalesce("setup_at", "created_at"),"id") WHERE has_open_items;
