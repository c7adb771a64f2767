import type { MiddlewareHandler } from 'hono';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppEnv, Deps } from '../app-env';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';
import { isStaffRole } from '../../shared/roles';

/**
 * Who may call a route. Every route declares one, next to its path; the authorisation test reads
 * the declarations from the registered routes and fails on a route without one.
 * - public: anyone, signed in or not
 * - user: any signed-in user, about themselves
 * - own: /api/clients/:clientId/... - the client themselves, or staff who work that client
 * - staff: admins and staff members (on /api/clients/:clientId/..., a client they work; a list
 *   shows staff members only their clients' rows, through workedClients)
 * - admin: admins only, whatever the client (the portal itself: backups, content, roles, assignments)
 * - shared-read: read by every signed-in user
 *
 * "Works a client": an admin works every client, a staff member the clients assigned to them.
 */
export type Access = 'public' | 'user' | 'own' | 'staff' | 'admin' | 'shared-read';
export type AccessMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

/**
 * Whose data a per-client request touches, and who is asking. Set by access('own'), and by
 * access('staff' | 'admin') on a client's path. `isAdmin`: the asker is a member of staff (an
 * admin, or a staff member working this client), so their writes are audited as staff's.
 */
export type Scope = { clientId: string; actorId: string; isAdmin: boolean };

/** Who asks for a list across clients: the signed-in user's id and role. */
export type Asker = { id: string; role?: string | null };

const NOT_FOUND = { error: 'Not found' };

/** What the access rule knows of a client: who they are assigned to (null: the admins' pool). */
export type ClientAssignment = { staffId: string | null };

/**
 * The client `id` names and their staff member, or null when it names no client. An admin or a
 * staff member is not a client: no one acts for them or sees their rows among clients'. Remembered
 * with the sessions (every request for a client's page asks it again), and forgotten as soon as the
 * database announces the user changed (a role or an assignment is a change of the client's row).
 */
async function clientAssignment(
  { db, sessions }: Pick<Deps, 'db' | 'sessions'>,
  id: string,
): Promise<ClientAssignment | null> {
  if (id.length > 100) return null;
  const read = async () => {
    const [row] = await db
      .select({ staffId: authUsers.assignedStaffId })
      .from(authUsers)
      .where(and(eq(authUsers.id, id), eq(authUsers.role, 'client')));
    return row ?? null;
  };
  return sessions ? sessions.client(id, read) : read();
}

/** Whether `asker` works the client `clientId`: an admin any client, a staff member one assigned to them. */
export async function worksClient(deps: Pick<Deps, 'db' | 'sessions'>, asker: Asker, clientId: string) {
  if (!isStaffRole(asker.role)) return false;
  const client = await clientAssignment(deps, clientId);
  return client !== null && (asker.role === 'admin' || client.staffId === asker.id);
}

/**
 * The one condition on auth_users for "the clients `asker` works": every client for an admin, the
 * clients assigned to them for anyone else (a staff member; a client, never asking, would match none).
 * Every all-clients list, count and search reads it, so none can show staff another's client.
 */
export const workedClients = (asker: Asker): SQL =>
  and(eq(authUsers.role, 'client'), asker.role === 'admin' ? undefined : eq(authUsers.assignedStaffId, asker.id))!;

/**
 * The condition an all-clients list adds so that only the rows of clients the asker works are in
 * it (and in its total): an admin may keep rows under their own id, which are no client's.
 */
export const ownedByClient = (db: Db, userId: AnyPgColumn, asker: Asker): SQL =>
  inArray(userId, db.select({ id: authUsers.id }).from(authUsers).where(workedClients(asker)));

/** How a route words a refusal. `unknownClient`: what an admin hears for a client id that names no user at all (else 'Not found'). */
export type AccessOptions = { unknownClient?: string };

/** Whether any user (client or admin) has this id. */
async function userExists(db: Db, id: string) {
  if (id.length > 100) return false;
  const [row] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, id));
  return Boolean(row);
}

export function access(level: Access, options: AccessOptions = {}): AccessMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (level === 'public') return next();
    const user = c.get('user');
    if (!user) return c.json({ error: 'You need to sign in first.' }, 401);
    const isAdmin = user.role === 'admin';
    const isStaff = isStaffRole(user.role);
    if (level === 'admin' && !isAdmin) return c.json({ error: 'Only administrators can do this.' }, 403);
    if (level === 'staff' && !isStaff) return c.json({ error: 'Only staff can do this.' }, 403);
    const clientId = c.req.param('clientId');
    if (level === 'own') {
      // The one place that decides whose rows a /api/clients/:clientId/... request may touch:
      // a client only their own id, staff their own or a client they work. Another admin or staff
      // member is not a client: acting for them would let one read or change another's account. A
      // staff member hears of a client not theirs exactly what a client hears of another client.
      if (!clientId) throw new Error(`access('own') on a route without :clientId: ${c.req.path}`);
      if (clientId !== user.id) {
        if (!isStaff) return c.json(NOT_FOUND, 404);
        if (!(await worksClient(c.var.deps, user, clientId))) {
          if (isAdmin && options.unknownClient && !(await userExists(c.var.deps.db, clientId)))
            return c.json({ error: options.unknownClient }, 404);
          return c.json(NOT_FOUND, 404);
        }
      }
      c.set('scope', { clientId, actorId: user.id, isAdmin: isStaff });
    }
    // A staff action on a client's path (their summary, sessions, conversation; for admins only,
    // membership and assignment): a client the asker works only, before the body is read, so a
    // member of staff's id (another's or their own) is a 404 whatever it says.
    if ((level === 'staff' || level === 'admin') && clientId !== undefined) {
      if (!(await worksClient(c.var.deps, user, clientId))) return c.json(NOT_FOUND, 404);
      c.set('scope', { clientId, actorId: user.id, isAdmin: true });
    }
    return next();
  };
  return Object.assign(mw, { access: level });
}

/**
 * After an all-clients list's query is validated: `?clientId=` narrows it to one client, and must
 * name one the asker works (a member of staff's id, another staff member's client, or no one's,
 * is a 404 as on /api/clients/:clientId/...).
 */
export const clientQuery: MiddlewareHandler<AppEnv> = async (c, next) => {
  const clientId = c.req.query('clientId');
  if (clientId !== undefined && !(await worksClient(c.var.deps, c.var.user!, clientId))) return c.json(NOT_FOUND, 404);
  return next();
};
