CREATE TABLE "portal_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portal_rate_limits_expires_at_idx" ON "portal_rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- The portal's counters move out of better-auth's table; counts in progress start again once.
DELETE FROM "auth_rate_limits" WHERE "key" LIKE 'portal:%';
