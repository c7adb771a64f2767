import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { authUsers } from '../db/schema';

/**
 * Who may call a route. Every route declares one, next to its path; the authorisation test reads
 * the declarations from the registered routes and fails on a route without one.
 * - public: anyone, signed in or not
 * - user: any signed-in user, about themselves
 * - own: /api/clients/:clientId/... - the client themselves or any admin
 * - admin: admins only
 * - shared-read: read by every signed-in user
 */
export type Access = 'public' | 'user' | 'own' | 'admin' | 'shared-read';
export type AccessMiddleware = MiddlewareHandler<AppEnv> & { access: Access };

/** Whose data a per-client request touches, and who is asking. Set by access('own'). */
export type Scope = { clientId: string; actorId: string; isAdmin: boolean };

export function access(level: Access): AccessMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (level === 'public') return next();
    const user = c.get('user');
    if (!user) return c.json({ error: 'You need to sign in first.' }, 401);
    const isAdmin = user.role === 'admin';
    if (level === 'admin' && !isAdmin) return c.json({ error: 'Only administrators can do this.' }, 403);
    if (level === 'own') {
      // The one place that decides whose rows a /api/clients/:clientId/... request may touch:
      // a client only their own id, an admin their own or any existing client's. Another admin is
      // not a client: acting for them would let one admin read or change another's account.
      const clientId = c.req.param('clientId');
      if (!clientId) throw new Error(`access('own') on a route without :clientId: ${c.req.path}`);
      if (!isAdmin && clientId !== user.id) return c.json({ error: 'Not found' }, 404);
      if (isAdmin && clientId !== user.id) {
        const [client] = await c.var.deps.db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, clientId));
        if (!client || client.role === 'admin') return c.json({ error: 'Not found' }, 404);
      }
      c.set('scope', { clientId, actorId: user.id, isAdmin });
    }
    return next();
  };
  return Object.assign(mw, { access: level });
}
