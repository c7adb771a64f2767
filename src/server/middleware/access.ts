import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

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

export function access(level: Access): AccessMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (level === 'public') return next();
    const user = c.get('user');
    if (!user) return c.json({ error: 'You need to sign in first.' }, 401);
    if (level === 'admin' && user.role !== 'admin') return c.json({ error: 'Only administrators can do this.' }, 403);
    return next();
  };
  return Object.assign(mw, { access: level });
}
