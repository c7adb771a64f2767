import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { currentUser, liveStream } from '../../lib/live-stream';

/**
 * GET /api/me/events: the signed-in person's live bell. Each notification added for them (the
 * database announces it on 'notify:<userId>', migration 0015) sends a 'notification' event with
 * its id, and a gap in listening sends one without, so the browser refetches its list: the
 * stream carries no notification content, only the cue. Heartbeat, lifetime, the per-user cap and
 * ending with the session or the server: src/server/lib/live-stream.ts.
 */
export function notificationEvents(c: Context<AppEnv>, userId: string) {
  const { realtime } = c.var.deps;
  return liveStream(c, {
    kind: 'bell',
    userId,
    stillAllowed: async () => (await currentUser(c))?.id === userId,
    start: async (stream, end) => {
      let stopped = false;
      const unsubscribe = realtime.subscribe(`notify:${userId}`, (data) => {
        if (!stopped)
          void stream
            .writeSSE({ event: 'notification', data: data?.startsWith('n:') ? data.slice(2) : '' })
            .catch(() => end());
      });
      return () => {
        stopped = true;
        unsubscribe();
      };
    },
  });
}
