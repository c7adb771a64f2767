import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_CODE } from '../../shared/two-factor';
import { isStaffRole } from '../../shared/roles';

/**
 * What an administrator without two-factor may still reach while REQUIRE_ADMIN_2FA is on (paths
 * under /api): sign-in, sign-out and the two-factor set-up itself (all under /auth), and what
 * the pages ask before anyone signs in.
 */
const OPEN_PATHS = [/^\/api\/auth\//, /^\/api\/health(\/|$)/, /^\/api\/public-config(\/|$)/];

/**
 * An administrator (or a staff member, for their clients) can read clients' secrets: with
 * REQUIRE_ADMIN_2FA on, one who has not turned on two-factor sign-in is refused (403, code TWO_FACTOR_REQUIRED) everywhere else in the
 * API, not only sent to the set-up page by the web app.
 */
export function adminTwoFactorGate(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const user = c.get('user');
    if (!user || !isStaffRole(user.role) || user.twoFactorEnabled || !c.var.deps.config.requireAdmin2fa) return next();
    if (OPEN_PATHS.some((p) => p.test(c.req.path))) return next();
    return Promise.resolve(c.json({ error: TWO_FACTOR_REQUIRED, code: TWO_FACTOR_REQUIRED_CODE }, 403));
  };
}
