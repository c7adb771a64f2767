import { and, count, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, authUsers } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { staffOnlyAuditEntities, type AuditAction, type AuditEntityType } from '../../../shared/audit-labels';

/** Entity types and revealed fields are the keys of the label table in src/shared/audit-labels.ts. */
export type AuditEntry = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | number | null;
  field?: string;
};

/**
 * Records an admin's write for a client, and every reveal of a secret (by anyone). A client's
 * own writes to their own data are not recorded: the log answers "who else touched my data".
 * Pass the transaction of the write so the entry and the change commit together. Telling the
 * client is the feature's own call (notifyStaffAction, or its own notice), not the log's.
 */
export async function recordAudit(db: Db, scope: Scope, entry: AuditEntry) {
  if (entry.action !== 'reveal' && !scope.isAdmin) return;
  await insertEntry(db, scope, entry);
}

/**
 * A step of a workflow between a client and staff (the client's upload into a document request):
 * recorded whoever takes it, since the log is where staff and client see the request's history.
 * Staff's steps go through recordAudit as usual.
 */
export async function recordWorkflowStep(db: Db, scope: Scope, entry: AuditEntry) {
  if (scope.isAdmin) return recordAudit(db, scope, entry);
  await insertEntry(db, scope, entry);
}

/**
 * One staff change to many clients at once (a bulk assignment, a staff member's clients going back
 * to the pool): a row in each client's log, in one statement. `actorId` null: no one signed in
 * made it (the command line).
 */
export async function recordAuditForClients(
  db: Db,
  actorId: string | null,
  clientIds: string[],
  entry: Pick<AuditEntry, 'action' | 'entityType' | 'field'>,
) {
  if (!clientIds.length) return;
  await db.insert(auditLog).values(
    clientIds.map((clientId) => ({
      actorId,
      clientId,
      action: entry.action,
      entityType: entry.entityType,
      field: entry.field,
    })),
  );
}

/**
 * A change to a client's data that reached the portal from outside it (a refund made in Stripe's
 * dashboard, told by its webhook): recorded with no actor, its field saying where it was made.
 */
export async function recordOutsideChange(db: Db, clientId: string, entry: AuditEntry & { field: string }) {
  await insertEntry(db, { actorId: null, clientId }, entry);
}

/** The audit row itself, as every recorder writes it. */
function insertEntry(db: Db, scope: { actorId: string | null; clientId: string }, entry: AuditEntry) {
  return db.insert(auditLog).values({
    actorId: scope.actorId,
    clientId: scope.clientId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    field: entry.field ?? null,
  });
}

/**
 * An event in the user's own log, actor and subject alike: their own change to how they sign in
 * (two-factor on or off, new recovery codes; recorded although no admin made it, since someone who
 * took over the account could have), or an admin's export of the whole portal (the clients list,
 * a backup), which is no one client's.
 */
export async function recordOwnEvent(db: Db, userId: string, entry: Pick<AuditEntry, 'action' | 'entityType'>) {
  await db
    .insert(auditLog)
    .values({ actorId: userId, clientId: userId, action: entry.action, entityType: entry.entityType });
}

/** The client's log as the client may read it: without what only staff may know happened (their notes). */
export const clientVisibleAudit = (clientId: string): SQL =>
  and(eq(auditLog.clientId, clientId), notInArray(auditLog.entityType, staffOnlyAuditEntities))!;

/** `forStaff`: the whole log (staff acting for the client); otherwise the client's own view of it. */
export async function listAudit(db: Db, clientId: string, page: number, pageSize: number, forStaff: boolean) {
  const where = forStaff ? eq(auditLog.clientId, clientId) : clientVisibleAudit(clientId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        field: auditLog.field,
        createdAt: auditLog.createdAt,
        actorName: authUsers.name,
        actorRole: authUsers.role,
        actorId: auditLog.actorId,
      })
      .from(auditLog)
      .leftJoin(authUsers, eq(authUsers.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total, page, pageSize };
}
