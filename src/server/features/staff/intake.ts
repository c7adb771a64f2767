import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';
import { AUTOMATIC_CHANGE } from '../../../shared/audit-labels';
import { recordAssignment } from './staff.service';

/**
 * Round-robin for a new client, inside their sign-up's set-up transaction: the staff member who
 * takes new clients and was given one longest ago (never: first; ties by id) gets the client,
 * which is recorded in the client's log and told to them as an admin's assignment is. A client an
 * admin has already assigned keeps their staff member, and no one taking new clients leaves the
 * client in the admins' pool. Returns the staff member, or null.
 *
 * One pick at a time, on every instance: the advisory lock is held to the end of the transaction,
 * so the next sign-up's pick reads this one's stamp. (A row lock on the chosen staff member would
 * not do: a second sign-up waiting on it gets the same row back once it is free, not the next one.)
 * The stamp is the clock's, not the transaction's start, which a sign-up that began earlier but
 * waited on the lock would carry back in time.
 */
export async function assignNewClient(tx: Db, client: { id: string; name: string; email: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-new-clients'))`);
  const [staff] = await tx
    .select({ id: authUsers.id, name: authUsers.name })
    .from(authUsers)
    .where(and(eq(authUsers.role, 'staff'), eq(authUsers.takesNewClients, true)))
    .orderBy(sql`${authUsers.lastNewClientAt} asc nulls first`, asc(authUsers.id))
    .limit(1);
  if (!staff) return null;
  const taken = await tx
    .update(authUsers)
    .set({ assignedStaffId: staff.id, updatedAt: new Date() })
    .where(and(eq(authUsers.id, client.id), eq(authUsers.role, 'client'), isNull(authUsers.assignedStaffId)))
    .returning({ id: authUsers.id });
  if (!taken.length) return null;
  await tx
    .update(authUsers)
    .set({ lastNewClientAt: sql`clock_timestamp()` })
    .where(eq(authUsers.id, staff.id));
  await recordAssignment(tx, AUTOMATIC_CHANGE, [client], staff);
  return staff;
}
