import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { LIMITS, TOO_MANY_STAFF_NOTICES } from '../../shared/limits';
import { consumeRateLimit } from './rate-limit';

/**
 * Actions that mail or notify our staff (Contact Support, program requests): at most
 * LIMITS.staffNoticesPerHour an hour per client, all such actions together, counted in the database
 * so the cap holds across instances. Staff acting for a client are not limited. Use after access('own').
 */
export const staffNoticeLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.scope.isAdmin) return next();
  const { allowed, retryAfter } = await consumeRateLimit(c.var.deps.db, `staff-notice:${c.var.scope.clientId}`, 60 * 60, LIMITS.staffNoticesPerHour);
  if (!allowed) {
    c.header('Retry-After', String(retryAfter));
    return c.json({ error: TOO_MANY_STAFF_NOTICES }, 429);
  }
  return next();
});
