import type { MiddlewareHandler } from 'hono';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppEnv, Deps } from '../app-env';
import type { Db } from '../db/client';
import { authUsers } from '../db/schema';

/**
 * Who may call a route. Every route declares one, next to its path; the authorisation test reads
 * the declarations from the registered routes and fails on a route without one.
 * - public: anyone, signed in or not
 * - user: any signed-in user, about themselves
 * - own: /api/clients/:clientId/... - the client themselves or any admin
 * - admin: admins only (on /api/clients/:clientId/..., for a client only)
 * - shared-read: read by every signed-in user
 */
export type Access = 'public' | 'user' | 'own' | 'admin' | 'shared-read';
export type AccessMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

/** Whose data a per-client request touches, and who is asking. Set by access('own'), and by access('admin') on a client's path. */
export type Scope = { clientId: string; actorId: string; isAdmin: boolean };

const NOT_FOUND = { error: 'Not found' };

/**
 * Whether `id` names a client. An admin is not a client: no admin acts for another, or sees their
 * rows among clients'. Remembered with the sessions (an admin's every request for a client's page
 * asks it again), and forgotten as soon as the database announces the user changed.
 */
async function isClient({ db, sessions }: Pick<Deps, 'db' | 'sessions'>, id: string) {
  if (id.length > 100) return false;
  const read = async () => {
    const [row] = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(and(eq(authUsers.id, id), eq(authUsers.role, 'client')));
    return Boolean(row);
  };
  return sessions ? sessions.isClient(id, read) : read();
}

/**
 * The condition an all-clients list adds so that only clients' rows are in it (and in its total):
 * an admin may keep rows under their own id, which are no client's.
 */
export const ownedByClient = (db: Db, userId: AnyPgColumn): SQL =>
  inArray(userId, db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.role, 'client')));

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
    if (level === 'admin' && !isAdmin) return c.json({ error: 'Only administrators can do this.' }, 403);
    const clientId = c.req.param('clientId');
    if (level === 'own') {
      // The one place that decides whose rows a /api/clients/:clientId/... request may touch:
      // a client only their own id, an admin their own or any existing client's. Another admin is
      // not a client: acting for them would let one admin read or change another's account.
      if (!clientId) throw new Error(`access('own') on a route without :clientId: ${c.req.path}`);
      if (!isAdmin && clientId !== user.id) return c.json(NOT_FOUND, 404);
      if (isAdmin && clientId !== user.id && !(await isClient(c.var.deps, clientId))) {
        if (options.unknownClient && !(await userExists(c.var.deps.db, clientId)))
          return c.json({ error: options.unknownClient }, 404);
        return c.json(NOT_FOUND, 404);
      }
      c.set('scope', { clientId, actorId: user.id, isAdmin });
    }
    // An admin-only action on a client's path (their summary, membership, sessions): a client's id
    // only, before the body is read, so an admin's id (another's or their own) is a 404 whatever it says.
    if (level === 'admin' && clientId !== undefined) {
      if (!(await isClient(c.var.deps, clientId))) return c.json(NOT_FOUND, 404);
      c.set('scope', { clientId, actorId: user.id, isAdmin: true });
    }
    return next();
  };
  return Object.assign(mw, { access: level });
}

/**
 * After an all-clients list's query is validated: `?clientId=` narrows it to one client, and must
 * name one (an admin's id, or no one's, is a 404 as on /api/clients/:clientId/...).
 */
export const clientQuery: MiddlewareHandler<AppEnv> = async (c, next) => {
  const clientId = c.req.query('clientId');
  if (clientId !== undefined && !(await isClient(c.var.deps, clientId))) return c.json(NOT_FOUND, 404);
  return next();
};
