import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppEnv } from '../app-env';
import type { Realtime } from './realtime';
import { LIMITS, TOO_MANY_STREAMS } from '../../shared/limits';

/**
 * A comment every heartbeatMs keeps proxies from closing a quiet stream, and is when access is
 * checked again; a stream ends after maxMs (the browser reconnects and is authorised again).
 * Tests shorten them.
 */
export const liveStreamTimings = { heartbeatMs: 25_000, maxMs: 60 * 60 * 1000 };

// Open streams per kind and user, per instance (per realtime hub, so test apps in one process are apart).
const openStreams = new WeakMap<Realtime, Map<string, number>>();

export type LiveStreamOptions = {
  /** Counted apart from other kinds: LIMITS.liveStreamsPerUser streams of each kind a user. */
  kind: string;
  userId: string;
  /** Whether the asker may still receive; false ends the stream (checked at every heartbeat). */
  stillAllowed: () => Promise<boolean>;
  /** Starts the stream's own work (subscriptions, first reads); what it returns runs at the end. */
  start: (stream: SSEStreamingApi, end: () => void) => Promise<(() => void) | void>;
};

/**
 * Server-sent events with everything every live stream of the portal needs: the per-user cap
 * (429 past it), a `retry:` line so a dropped browser comes back soon, the heartbeat (ending the
 * stream once the session is gone or no longer allowed), an end after maxMs, when the realtime hub
 * closes (server stop) or when the browser goes, and the slot given back in every case.
 */
export function liveStream(c: Context<AppEnv>, o: LiveStreamOptions) {
  const { realtime } = c.var.deps;
  let counts = openStreams.get(realtime);
  if (!counts) openStreams.set(realtime, (counts = new Map()));
  const key = `${o.kind}:${o.userId}`;
  const open = counts.get(key) ?? 0;
  if (open >= LIMITS.liveStreamsPerUser) return c.json({ error: TOO_MANY_STREAMS }, 429);
  counts.set(key, open + 1);
  const perKey = counts;

  return streamSSE(c, async (stream) => {
    let ended = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    let cleanup: (() => void) | void = undefined;
    let cleaned = false;
    const runCleanup = () => {
      if (cleaned || !cleanup) return;
      cleaned = true;
      cleanup();
    };
    const offClose = realtime.onClose(() => end());
    const heartbeat = setInterval(() => {
      void o
        .stillAllowed()
        .catch(() => false)
        .then(async (ok) => {
          if (ok) await stream.write(': keep-alive\n\n');
          else end();
        })
        .catch(() => end());
    }, liveStreamTimings.heartbeatMs);
    const lifetime = setTimeout(() => end(), liveStreamTimings.maxMs);

    function end() {
      if (ended) return;
      ended = true;
      runCleanup();
      offClose();
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      const n = (perKey.get(key) ?? 1) - 1;
      if (n > 0) perKey.set(key, n);
      else perKey.delete(key);
      finish();
    }
    stream.onAbort(() => end());

    // Reconnect soon after a drop (a block without data dispatches no event); the first bytes start the response.
    try {
      await stream.write('retry: 2000\n\n');
      cleanup = await o.start(stream, end);
      // Ended while starting: its cleanup was not known yet.
      if (ended) runCleanup();
      await done;
    } finally {
      // Also when starting failed: the slot, the timers and the subscription are given back.
      end();
    }
  });
}

/** The session behind a request, read again (from the session cache when there is one). */
export async function currentUser(c: Context<AppEnv>) {
  const { sessions, auth } = c.var.deps;
  const headers = c.req.raw.headers;
  const session = await (sessions ? sessions.get(headers) : auth.api.getSession({ headers })).catch(() => null);
  return session?.user ?? null;
}
