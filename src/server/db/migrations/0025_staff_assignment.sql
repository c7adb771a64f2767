-- Staff members work the clients assigned to them: a client's staff member on the client's own row
-- (none: the admins' pool), indexed for "the clients of staff member X" in their newest-first order.
ALTER TABLE "auth_users" ADD COLUMN "assigned_staff_id" text;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_assigned_staff_id_auth_users_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_users_assigned_staff_idx" ON "auth_users" USING btree ("assigned_staff_id","created_at","id");