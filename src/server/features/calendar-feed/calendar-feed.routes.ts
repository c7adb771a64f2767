import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { clientIp } from '../../middleware/client-ip';
import { consumeRateLimit, keyHash, peekRateLimit, recordEvent } from '../../middleware/rate-limit';
import { LimitReachedError } from '../../lib/domain-errors';
import { createFeed, deleteFeed, feedCalendar, feedOwner, getFeedState } from './calendar-feed.service';

/**
 * How often a feed may be read: calendar apps read a subscription every few hours; this allows a
 * person's several devices and a few manual refreshes while stopping a loop.
 */
export const FEED_READS_PER_TOKEN = { windowSeconds: 15 * 60, max: 20 };
/**
 * Addresses that name no live feed, per client address. Only misses count: Google and Microsoft
 * read every subscriber's feed from a few addresses of their own, which a limit on all reads per
 * address would soon shut out for everyone.
 */
export const FEED_MISSES_PER_IP = { windowSeconds: 15 * 60, max: 60 };

const FEED_TOO_MANY_READS = 'This calendar feed was read too often. Your calendar will try again later.';

/** What any address that is not a live feed answers: the same as an unknown API path, nothing more. */
const notFound = { error: 'Not found' };

/** /api/me/calendar-feed: the signed-in client's own feed, turned on, given a new address, turned off. */
export const myCalendarFeedRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => c.json(await getFeedState(c.var.deps.db, c.var.user!.id)))
  .post('/', access('user'), async (c) =>
    c.json(await createFeed(c.var.deps.db, c.var.deps.config.appUrl, c.var.user!.id), 201),
  )
  .delete('/', access('user'), async (c) => {
    await deleteFeed(c.var.deps.db, c.var.user!.id);
    return c.json({ ok: true as const });
  });

/**
 * /api/calendar/<token>.ics: the feed itself, for calendar apps that carry no session: the token
 * is the only credential. Answers a private, briefly cacheable text/calendar, never indexed.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/:file', access('public'), async (c) => {
  const { db, config } = c.var.deps;
  const file = c.req.param('file');
  const missKey = `calendar-feed-miss:${clientIp(c) ?? 'unknown'}`;
  const misses = await peekRateLimit(db, missKey, FEED_MISSES_PER_IP.max);
  if (!misses.allowed) throw new LimitReachedError(FEED_TOO_MANY_READS, 'rate', misses.retryAfter);
  // Counted before the token is looked up: a loop on one address stops here, a feed or not.
  const reads = await consumeRateLimit(
    db,
    `calendar-feed:${keyHash(file)}`,
    FEED_READS_PER_TOKEN.windowSeconds,
    FEED_READS_PER_TOKEN.max,
  );
  if (!reads.allowed) throw new LimitReachedError(FEED_TOO_MANY_READS, 'rate', reads.retryAfter);
  const owner = await feedOwner(db, file);
  if (!owner) {
    await recordEvent(db, missKey, FEED_MISSES_PER_IP.windowSeconds);
    return c.json(notFound, 404);
  }
  return c.body(await feedCalendar(db, config.appUrl, owner), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, max-age=300',
    'X-Robots-Tag': 'noindex, nofollow',
  });
});
