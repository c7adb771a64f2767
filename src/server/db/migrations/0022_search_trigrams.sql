-- Trigram matching for the clients search: "contains" answered from an index on both databases (PGlite loads the extension in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "auth_users_search_trgm_idx" ON "auth_users" USING gin ("search" gin_trgm_ops);