import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { portalRateLimits } from '../db/schema';

/** A short stable stand-in for an e-mail address in a counter's key (no personal data in the table). */
export const keyHash = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** How often one process deletes counters whose window has ended (any call may do it). */
const PRUNE_EVERY_MS = 60_000;
let lastPruneAt = -Infinity;

/** Deletes counters whose window ended, at most once a minute per process: the table holds live windows only. */
async function pruneExpired(db: Db, now: number) {
  // Either way: a clock set back must not stop the pruning.
  if (Math.abs(now - lastPruneAt) < PRUNE_EVERY_MS) return;
  lastPruneAt = now;
  await db.delete(portalRateLimits).where(lt(portalRateLimits.expiresAt, now));
}

const retryAfterOf = (expiresAt: number, now: number) => Math.max(1, Math.ceil((expiresAt - now) / 1000));

/**
 * A fixed-window counter in the database (the portal's own table, which better-auth's pruning of
 * its rate-limit rows never touches), so the limit holds across app instances and for its whole
 * window. One atomic upsert per attempt.
 */
export async function consumeRateLimit(db: Db, key: string, windowSeconds: number, max: number) {
  const now = Date.now();
  await pruneExpired(db, now);
  const expiresAt = now + windowSeconds * 1000;
  const expired = sql`${portalRateLimits.expiresAt} <= ${now}`;
  const [row] = await db
    .insert(portalRateLimits)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: portalRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${portalRateLimits.count} + 1 end`,
        expiresAt: sql`case when ${expired} then ${expiresAt} else ${portalRateLimits.expiresAt} end`,
      },
    })
    .returning({ count: portalRateLimits.count, expiresAt: portalRateLimits.expiresAt });
  return { allowed: row.count <= max, retryAfter: retryAfterOf(row.expiresAt, now) };
}

/**
 * Reads a counter without counting: `allowed` is false once `max` events were recorded in the
 * current window. For limits on outcomes (failed sign-ins), recorded afterwards by `recordEvent`.
 */
export async function peekRateLimit(db: Db, key: string, max: number) {
  const now = Date.now();
  const [row] = await db
    .select({ count: portalRateLimits.count, expiresAt: portalRateLimits.expiresAt })
    .from(portalRateLimits)
    .where(eq(portalRateLimits.key, key));
  if (!row || row.expiresAt <= now) return { allowed: true, count: 0, retryAfter: 0 };
  return { allowed: row.count < max, count: row.count, retryAfter: retryAfterOf(row.expiresAt, now) };
}

/** Counts one event (a failed sign-in, a mail sent) in the same fixed window as consumeRateLimit. */
export const recordEvent = (db: Db, key: string, windowSeconds: number) =>
  consumeRateLimit(db, key, windowSeconds, Number.MAX_SAFE_INTEGER);

/** Hono middleware: 429 with Retry-After once `keyOf` has been seen `max` times in the window. */
export const rateLimit =
  (
    db: () => Db,
    opts: {
      name: string;
      windowSeconds: number;
      max: number;
      keyOf: (c: Parameters<MiddlewareHandler>[0]) => Promise<string | null> | string | null;
    },
  ): MiddlewareHandler =>
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
