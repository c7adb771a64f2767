import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { authRateLimits } from '../db/schema';

/** A short stable stand-in for an e-mail address in a counter's key (no personal data in the table). */
export const keyHash = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/**
 * A fixed-window counter in the database (better-auth's rate-limit table, under our own key
 * prefix), so the limit holds across app instances. One atomic upsert per attempt.
 */
export async function consumeRateLimit(db: Db, key: string, windowSeconds: number, max: number) {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const expired = sql`${authRateLimits.lastRequest} < ${windowStart}`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ id: randomUUID(), key: `portal:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      // lastRequest holds the start of the current window here.
      set: {
        count: sql`case when ${expired} then 1 else ${authRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${authRateLimits.lastRequest} end`,
      },
    })
    .returning({ count: authRateLimits.count, start: authRateLimits.lastRequest });
  const retryAfter = Math.max(1, Math.ceil((row.start + windowSeconds * 1000 - now) / 1000));
  return { allowed: row.count <= max, retryAfter };
}

/**
 * Reads a counter without counting: `allowed` is false once `max` events were recorded in the
 * current window. For limits on outcomes (failed sign-ins), recorded afterwards by `recordEvent`.
 */
export async function peekRateLimit(db: Db, key: string, windowSeconds: number, max: number) {
  const now = Date.now();
  const [row] = await db
    .select({ count: authRateLimits.count, start: authRateLimits.lastRequest })
    .from(authRateLimits)
    .where(eq(authRateLimits.key, `portal:${key}`));
  if (!row || row.start < now - windowSeconds * 1000) return { allowed: true, count: 0, retryAfter: 0 };
  const retryAfter = Math.max(1, Math.ceil((row.start + windowSeconds * 1000 - now) / 1000));
  return { allowed: row.count < max, count: row.count, retryAfter };
}

/** Counts one event (a failed sign-in, a mail sent) in the same fixed window as consumeRateLimit. */
export const recordEvent = (db: Db, key: string, windowSeconds: number) => consumeRateLimit(db, key, windowSeconds, Number.MAX_SAFE_INTEGER);

/** Hono middleware: 429 with Retry-After once `keyOf` has been seen `max` times in the window. */
export const rateLimit =
  (db: () => Db, opts: { name: string; windowSeconds: number; max: number; keyOf: (c: Parameters<MiddlewareHandler>[0]) => Promise<string | null> | string | null }): MiddlewareHandler =>
  async (c, next) => {
    const key = await opts.keyOf(c);
    if (key === null) return next();
    const { allowed, retryAfter } = await consumeRateLimit(db(), `${opts.name}:${key}`, opts.windowSeconds, opts.max);
    if (!allowed) {
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: 'Too many attempts. Please wait a few minutes and try again.' }, 429);
    }
    return next();
  };
