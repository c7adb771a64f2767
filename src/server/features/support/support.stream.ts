import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../app-env';
import type { Realtime } from '../../lib/realtime';
import { LIMITS, TOO_MANY_STREAMS } from '../../../shared/limits';
import { conversationState, lastMessageId, messagesAfter } from './support.service';

const BATCH = 100;
/**
 * A comment every heartbeatMs keeps proxies from closing a quiet stream; a stream ends after maxMs
 * (the browser reconnects with its last id and is authorised again); staff presence is refreshed
 * every presenceMs. Tests shorten them.
 */
export const streamTimings = { heartbeatMs: 25_000, maxMs: 60 * 60 * 1000, presenceMs: 60_000 };

// Open streams per user, per instance (per realtime hub, so test apps in one process are apart).
const openStreams = new WeakMap<Realtime, Map<string, number>>();

/** The cursor a reconnecting browser sends (Last-Event-ID), else `?after=`; undefined when neither. */
export function streamCursor(c: Context<AppEnv>, after: number | undefined): number | undefined | 'bad' {
  const header = c.req.header('last-event-id');
  if (header !== undefined && header.trim() !== '') {
    if (!/^\d{1,10}$/.test(header.trim()) || Number(header) > 2_147_483_647) return 'bad';
    return Number(header);
  }
  return after;
}

export type StreamOptions = {
  /** 'support:<clientId>' for one conversation, 'support:*' for every one (staff). */
  topic: string;
  clientId: string | null;
  userId: string;
  cursor: number | undefined;
  /** Called when the stream opens and then every minute while it is open (staff presence). */
  onTick?: () => Promise<void>;
};

/**
 * Server-sent events of a conversation (or of all of them): subscribes first, then sends every
 * message after the cursor in batches, and reads again on each event. Reads run one at a time (an
 * event during a read marks another read due), so a message is sent once, in id order.
 */
export function supportStream(c: Context<AppEnv>, o: StreamOptions) {
  const { db, realtime, log } = c.var.deps;
  let perUser = openStreams.get(realtime);
  if (!perUser) openStreams.set(realtime, (perUser = new Map()));
  const open = perUser.get(o.userId) ?? 0;
  if (open >= LIMITS.liveStreamsPerUser) return c.json({ error: TOO_MANY_STREAMS }, 429);
  perUser.set(o.userId, open + 1);
  const counts = perUser;

  return streamSSE(c, async (stream) => {
    let cursor = o.cursor ?? -1;
    let reading = false;
    let dirty = false;
    const changed = new Set<string>();
    let ended = false;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));

    const pump = async () => {
      if (reading) {
        dirty = true;
        return;
      }
      reading = true;
      try {
        do {
          dirty = false;
          if (cursor < 0) cursor = await lastMessageId(db, o.clientId);
          for (;;) {
            const batch = await messagesAfter(db, o.clientId, cursor, BATCH);
            for (const m of batch) {
              if (ended) return;
              await stream.writeSSE({ id: String(m.id), event: 'message', data: JSON.stringify(m) });
              cursor = m.id;
            }
            if (batch.length < BATCH) break;
          }
          for (const clientId of [...changed]) {
            changed.delete(clientId);
            if (ended) return;
            const s = await conversationState(db, clientId);
            await stream.writeSSE({ event: 'read', data: JSON.stringify({ clientId, staffReadId: s.staffReadId, clientReadId: s.clientReadId }) });
            await stream.writeSSE({ event: 'conversation', data: JSON.stringify({ clientId, archived: s.archived }) });
          }
        } while (dirty && !ended);
      } catch (e) {
        log.warn(`support stream read failed: ${String(e)}`);
        end();
      } finally {
        reading = false;
      }
    };

    const unsubscribe = realtime.subscribe(o.topic, (data, topic) => {
      const clientId = topic.slice('support:'.length);
      // A changed read state or archive; after a gap (null), a client's own conversation is re-sent too.
      if (data === 'c' || (data === null && o.clientId)) changed.add(clientId);
      void pump();
    });
    const offClose = realtime.onClose(() => end());
    // Access was checked when the stream opened; each heartbeat checks it again (from the session
    // cache, which every instance drops on sign-out, revocation or a role change), so a revoked
    // session or a demoted admin stops receiving within one heartbeat, not after the hour.
    const { sessions, auth } = c.var.deps;
    const headers = c.req.raw.headers;
    const stillAllowed = async () => {
      const session = await (sessions ? sessions.get(headers) : auth.api.getSession({ headers })).catch(() => null);
      const user = session?.user;
      if (!user || user.id !== o.userId) return false;
      return user.role === 'admin' || (o.clientId !== null && user.id === o.clientId);
    };
    const heartbeat = setInterval(() => {
      void stillAllowed().then(async (ok) => {
        if (ok) await stream.write(': keep-alive\n\n');
        else end();
      });
    }, streamTimings.heartbeatMs);
    const lifetime = setTimeout(() => end(), streamTimings.maxMs);
    let ticker: NodeJS.Timeout | undefined;
    if (o.onTick) {
      const tick = () => void o.onTick!().catch((e: unknown) => log.warn(`support presence failed: ${String(e)}`));
      tick();
      ticker = setInterval(tick, streamTimings.presenceMs);
    }

    function end() {
      if (ended) return;
      ended = true;
      unsubscribe();
      offClose();
      clearInterval(heartbeat);
      clearInterval(ticker);
      clearTimeout(lifetime);
      const n = (counts.get(o.userId) ?? 1) - 1;
      if (n > 0) counts.set(o.userId, n);
      else counts.delete(o.userId);
      finish();
    }
    stream.onAbort(() => end());

    // Tells the browser to come back soon after a drop (a block without data dispatches no event), and starts the response.
    await stream.write('retry: 2000\n\n');
    await pump();
    await done;
  });
}
