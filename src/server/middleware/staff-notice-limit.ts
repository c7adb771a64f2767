import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { LIMITS, TOO_MANY_STAFF_NOTICES } from '../../shared/limits';
import { consumeRateLimit } from './rate-limit';

/**
 * Counts one staff-notifying action of the client's: the 429 to answer once they are past
 * LIMITS.staffNoticesPerHour this hour, else null. For an action that notifies staff only in some
 * cases (a loan offer's edit sends it back to review only when its address changes). Its return
 * type is inferred: the 429 stays typed in the routes that answer it.
 */
export async function staffNoticeRefusal<E extends AppEnv>(c: Context<E>, clientId: string) {
  const { allowed, retryAfter } = await consumeRateLimit(
    c.var.deps.db,
    `staff-notice:${clientId}`,
    60 * 60,
    LIMITS.staffNoticesPerHour,
  );
  if (allowed) return null;
  c.header('Retry-After', String(retryAfter));
  return c.json({ error: TOO_MANY_STAFF_NOTICES }, 429);
}

/**
 * Actions that mail or notify our staff (Contact Support, program requests, automation requests, a
 * client's loan offer for review): at most LIMITS.staffNoticesPerHour an hour per client, all such
 * actions together, counted in the database so the cap holds across instances. Staff acting for a
 * client are not limited. Use after access('own').
 */
export const staffNoticeLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.scope.isAdmin) return next();
  return (await staffNoticeRefusal(c, c.var.scope.clientId)) ?? next();
});
