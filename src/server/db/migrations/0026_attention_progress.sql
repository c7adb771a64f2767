-- "Needs attention": when each client last made progress (a "Completed" activity), kept by the
-- database as activities are written, so the queue reads one column per client.
ALTER TABLE "users" ADD COLUMN "last_progress_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "last_progress_at" = r.at
FROM (SELECT user_id, max(created_at) AS at FROM recent_activities WHERE status = 'Completed' GROUP BY user_id) r
WHERE r.user_id = u.id;--> statement-breakpoint
-- A statement trigger with a transition table: a bulk insert updates each client once. greatest()
-- ignores nulls, so the column only moves forward.
CREATE OR REPLACE FUNCTION portal_progress_made() RETURNS trigger AS $$
BEGIN
  UPDATE users u SET last_progress_at = greatest(u.last_progress_at, n.at)
  FROM (SELECT user_id, max(created_at) AS at FROM new_rows WHERE status = 'Completed' GROUP BY user_id) n
  WHERE u.id = n.user_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER recent_activities_progress_insert AFTER INSERT ON recent_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_progress_made();
--> statement-breakpoint
CREATE TRIGGER recent_activities_progress_update AFTER UPDATE ON recent_activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_progress_made();
