import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';
import { changeRole } from '../../auth/roles';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import type { Page } from '../../../shared/paging';
import type { Role } from '../../../shared/roles';
import { AUTOMATIC_CHANGE } from '../../../shared/audit-labels';
import {
  CLIENT_NOT_FOUND,
  SELF_ROLE_CHANGE,
  STAFF_NOT_FOUND,
  USER_NOT_FOUND,
  type AssignmentResult,
  type StaffListQuery,
  type StaffMember,
} from '../../../shared/staff';
import { recordAudit, recordAuditForClients } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';

const clientsLink = '/clients';

/**
 * The team, admins first then by name, each with how many clients are assigned to them: one
 * statement (the count per member is read from the assignment's index).
 */
export async function listStaff(db: Db, q: StaffListQuery): Promise<Page<StaffMember>> {
  const { limit, offset } = pageWindow(q);
  const where = q.role ? eq(authUsers.role, q.role) : inArray(authUsers.role, ['staff', 'admin']);
  const assignedClients = sql<number>`(select count(*) from ${authUsers} c where c.assigned_staff_id = ${sql.raw('"auth_users"."id"')} and c.role = 'client')`;
  const rows = await db
    .select({
      id: authUsers.id,
      name: authUsers.name,
      email: authUsers.email,
      role: authUsers.role,
      assignedClients: assignedClients.mapWith(Number),
      takesNewClients: authUsers.takesNewClients,
      total: totalOver(),
    })
    .from(authUsers)
    .where(where)
    .orderBy(
      sql`${authUsers.role} = 'staff'`,
      asc(sql`lower(coalesce(nullif(${authUsers.name}, ''), ${authUsers.email}))`),
      asc(authUsers.id),
    )
    .limit(limit)
    .offset(offset);
  return pageOf(
    q,
    rows,
    async () => (await db.select({ n: count() }).from(authUsers).where(where))[0].n,
    ({ total: _total, role, takesNewClients, ...r }) =>
      role === 'admin' ? { ...r, role: 'admin', takesNewClients: false } : { ...r, role: 'staff', takesNewClients },
  );
}

/**
 * An admin makes a user client, staff member or admin (changeRole: a former staff member's
 * clients go back to the pool). Never their own role: an admin who demoted themselves could leave
 * the portal without one, and a mistaken click could not be undone by its author. Recorded in the
 * user's log.
 */
export async function setUserRole(db: Db, actorId: string, userId: string, role: Role) {
  if (userId === actorId) throw new ConflictError(SELF_ROLE_CHANGE);
  if (userId.length > 100) throw new NotFoundError(USER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const changed = await changeRole(tx, eq(authUsers.id, userId), role, actorId);
    if (!changed) throw new NotFoundError(USER_NOT_FOUND);
    if (changed.previous !== role)
      await recordAudit(tx, { clientId: userId, actorId, isAdmin: true }, { action: 'update', entityType: 'role' });
    const [user] = await tx
      .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, role: authUsers.role })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    return { user, released: changed.released };
  });
}

/**
 * An admin turns a staff member's "Takes new clients" on or off (only a staff member has it: an
 * admin or a client's id is a 404). Turning it on does not reset their turn: whoever was given a new
 * client longest ago, or never, is next (features/staff/intake.ts). Recorded in the staff member's log.
 */
export async function setTakesNewClients(db: Db, actorId: string, staffId: string, takesNewClients: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(authUsers)
      .set({ takesNewClients, updatedAt: new Date() })
      .where(and(eq(authUsers.id, staffId), eq(authUsers.role, 'staff')))
      .returning({ id: authUsers.id, takesNewClients: authUsers.takesNewClients });
    if (!row) throw new NotFoundError(STAFF_NOT_FOUND);
    await recordAudit(
      tx,
      { clientId: staffId, actorId, isAdmin: true },
      { action: 'update', entityType: 'new_clients' },
    );
    return row;
  });
}

const clientsWord = (n: number) => (n === 1 ? '1 client' : `${n} clients`);
const named = (list: { name: string; email: string }[]) =>
  list.length === 1 ? list[0].name || list[0].email : clientsWord(list.length);

/**
 * What every assignment to a staff member leaves behind, an admin's or round-robin's (`actorId`
 * null): a row in each client's log, and the staff member told which clients are now theirs.
 */
export async function recordAssignment(
  tx: Db,
  actorId: string | typeof AUTOMATIC_CHANGE,
  moved: { id: string; name: string; email: string }[],
  staff: { id: string } | null,
) {
  const automatic = actorId === AUTOMATIC_CHANGE;
  await recordAuditForClients(
    tx,
    automatic ? null : actorId,
    moved.map((c) => c.id),
    { action: 'update', entityType: 'assignment', field: automatic ? AUTOMATIC_CHANGE : undefined },
  );
  if (staff)
    await notify(tx, {
      userId: staff.id,
      clientId: moved.length === 1 ? moved[0].id : null,
      kind: 'client_assigned',
      title: moved.length === 1 ? `${named(moved)} is now your client` : `${clientsWord(moved.length)} are now yours`,
      body: moved.length === 1 ? '' : moved.map((c) => c.name || c.email).join(', '),
      link: clientsLink,
    });
}

/**
 * Assigns the clients to the staff member `staffId` (null: back to the admins' pool), all or
 * none, in one transaction: every id must name a client (else 404 and nothing changes), and
 * `staffId` a staff member. Each client whose staff member changes gets a row in their log; the
 * new staff member is told which clients are now theirs, and a former one which are no longer.
 */
export async function assignClients(
  db: Db,
  actorId: string,
  clientIds: string[],
  staffId: string | null,
): Promise<AssignmentResult> {
  return db.transaction(async (tx) => {
    let staff: { id: string; name: string } | null = null;
    if (staffId !== null) {
      [staff = null] = await tx
        .select({ id: authUsers.id, name: authUsers.name })
        .from(authUsers)
        .where(and(eq(authUsers.id, staffId), eq(authUsers.role, 'staff')))
        .for('share');
      if (!staff) throw new InvalidError(STAFF_NOT_FOUND);
    }
    const found = await tx
      .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, staffId: authUsers.assignedStaffId })
      .from(authUsers)
      .where(and(inArray(authUsers.id, clientIds), eq(authUsers.role, 'client')))
      .for('update');
    if (found.length !== clientIds.length) throw new NotFoundError(CLIENT_NOT_FOUND);
    const moved = found.filter((c) => c.staffId !== staffId);
    if (!moved.length) return { assigned: 0, staff };
    await tx
      .update(authUsers)
      .set({ assignedStaffId: staffId, updatedAt: new Date() })
      .where(
        inArray(
          authUsers.id,
          moved.map((c) => c.id),
        ),
      );
    await recordAssignment(tx, actorId, moved, staff);
    const formerStaff = [...new Set(moved.map((c) => c.staffId).filter((id): id is string => id !== null))];
    for (const former of formerStaff) {
      const theirs = moved.filter((c) => c.staffId === former);
      await notify(tx, {
        userId: former,
        clientId: theirs.length === 1 ? theirs[0].id : null,
        kind: 'client_assigned',
        title:
          theirs.length === 1
            ? `${named(theirs)} is no longer your client`
            : `${clientsWord(theirs.length)} are no longer yours`,
        body: theirs.length === 1 ? '' : theirs.map((c) => c.name || c.email).join(', '),
        link: clientsLink,
      });
    }
    return { assigned: moved.length, staff };
  });
}
