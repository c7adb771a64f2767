import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';
import { recordAuditForClients } from '../features/audit/audit.service';
import type { Role } from '../../shared/roles';

/**
 * Users named in ADMIN_EMAILS are admins, also when they signed up before being listed. An admin
 * is no client and no staff member: their own assignment, and clients assigned to them, go.
 */
export async function applyAdminEmails(db: Db, emails: string[]) {
  if (!emails.length) return;
  await db.transaction(async (tx) => {
    const listed = tx.select({ id: authUsers.id }).from(authUsers).where(inArray(authUsers.email, emails));
    await tx.update(authUsers).set({ assignedStaffId: null }).where(inArray(authUsers.assignedStaffId, listed));
    await tx
      .update(authUsers)
      .set({ role: 'admin', assignedStaffId: null })
      .where(and(inArray(authUsers.email, emails), ne(authUsers.role, 'admin')));
  });
}

/**
 * Makes the user `who` names `role`, in one transaction with what follows from it: someone who is
 * no longer a staff member has no clients (theirs go back to the admins' pool, each recorded in
 * that client's log), and someone who is no longer a client has no staff member. `actorId`: the
 * admin who asked (null from the command line). Null when no user matches; else who they were,
 * and the clients who went back to the pool.
 */
export async function changeRole(
  db: Db,
  who: SQL,
  role: Role,
  actorId: string | null,
): Promise<{ id: string; previous: Role; released: string[] } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: authUsers.id, role: authUsers.role }).from(authUsers).where(who).for('update');
    if (!user) return null;
    let released: { id: string }[] = [];
    if (role !== 'staff') {
      released = await tx
        .update(authUsers)
        .set({ assignedStaffId: null, updatedAt: new Date() })
        .where(eq(authUsers.assignedStaffId, user.id))
        .returning({ id: authUsers.id });
      await recordAuditForClients(
        tx,
        actorId,
        released.map((c) => c.id),
        { action: 'update', entityType: 'assignment' },
      );
    }
    if (user.role !== role)
      await tx
        .update(authUsers)
        .set({
          role,
          updatedAt: new Date(),
          ...(role === 'client' ? {} : { assignedStaffId: null }),
          // Only a staff member takes new clients; one made staff again starts without.
          ...(role === 'staff' ? {} : { takesNewClients: false }),
        })
        .where(eq(authUsers.id, user.id));
    return { id: user.id, previous: user.role, released: released.map((c) => c.id) };
  });
}

/** npm run user:role: by e-mail, as typed on the command line. */
export async function setRole(db: Db, email: string, role: Role) {
  return (await changeRole(db, sql`${authUsers.email} = ${email.trim().toLowerCase()}`, role, null)) !== null;
}
