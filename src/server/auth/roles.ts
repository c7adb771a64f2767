import { inArray, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';
import type { Role } from '../../shared/auth';

/** Users named in ADMIN_EMAILS are admins, also when they signed up before being listed. */
export async function applyAdminEmails(db: Db, emails: string[]) {
  if (!emails.length) return;
  await db.update(authUsers).set({ role: 'admin' }).where(inArray(authUsers.email, emails));
}

export async function setRole(db: Db, email: string, role: Role) {
  const rows = await db
    .update(authUsers)
    .set({ role, updatedAt: new Date() })
    .where(eq(authUsers.email, email.trim().toLowerCase()))
    .returning({ id: authUsers.id });
  return rows.length > 0;
}
