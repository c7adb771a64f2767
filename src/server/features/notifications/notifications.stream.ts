import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../app-env';
import type { Realtime } from '../../lib/realtime';
import { LIMITS, TOO_MANY_STREAMS } from '../../../shared/limits';

export const EVENTS_HEARTBEAT_MS = 25_000;
/** A stream ends after this: the browser reconnects and is authorised again. */
export const EVENTS_MAX_MS = 60 * 60 * 1000;

// Open bell streams per user, per instance (per realtime hub, so test apps in one process are apart).
const openStreams = new WeakMap<Realtime, Map<string, number>>();

/**
 * GET /api/me/events: the signed-in person's live bell. Each notification added for them (the
 * database announces it on 'notify:<userId>', migration 0015) sends a 'notification' event with
 * its id, and a gap in listening sends one without, so the browser refetches its list: the
 * stream carries no notification content, only the cue. Ends when the hub closes, after an hour,
 * or when the browser goes; LIMITS.liveStreamsPerUser bell streams a user on one instance.
 */
export function notificationEvents(c: Context<AppEnv>, userId: string) {
  const { realtime } = c.var.deps;
  let perUser = openStreams.get(realtime);
  if (!perUser) openStreams.set(realtime, (perUser = new Map()));
  const open = perUser.get(userId) ?? 0;
  if (open >= LIMITS.liveStreamsPerUser) return c.json({ error: TOO_MANY_STREAMS }, 429);
  perUser.set(userId, open + 1);
  const counts = perUser;

  return streamSSE(c, async (stream) => {
    let ended = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const send = (data: string) => {
      if (!ended) void stream.writeSSE({ event: 'notification', data }).catch(() => end());
    };
    const unsubscribe = realtime.subscribe(`notify:${userId}`, (data) => send(data?.startsWith('n:') ? data.slice(2) : ''));
    const offClose = realtime.onClose(() => end());
    const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => end()), EVENTS_HEARTBEAT_MS);
    const lifetime = setTimeout(() => end(), EVENTS_MAX_MS);

    function end() {
      if (ended) return;
      ended = true;
      unsubscribe();
      offClose();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      const n = (counts.get(userId) ?? 1) - 1;
      if (n > 0) counts.set(userId, n);
      else counts.delete(userId);
      finish();
    }
    stream.onAbort(() => end());

    // Reconnect soon after a drop; the first bytes start the response.
    await stream.write('retry: 2000\n\n');
    await done;
  });
}
