import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { currentUser, liveStream } from '../../lib/live-stream';
import { worksClient, type Asker } from '../../middleware/access';
import { isStaffRole } from '../../../shared/roles';
import { conversationState, lastMessageId, messagesAfter } from './support.service';

const BATCH = 100;
/** Staff presence is refreshed this often while the staff stream is open (tests shorten it). */
export const presenceTimings = { presenceMs: 60_000 };

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
  /** Who opened it: a staff member's stream of every conversation carries only their clients'. */
  asker: Asker;
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
  return liveStream(c, {
    kind: 'support',
    userId: o.userId,
    // Access was checked when the stream opened; each heartbeat checks it again (the session cache
    // drops a session on sign-out, revocation or a role change on every instance), so a revoked
    // session or a demoted admin stops receiving within one heartbeat, not after the hour.
    stillAllowed: async () => {
      const user = await currentUser(c);
      if (!user || user.id !== o.userId) return false;
      if (o.clientId === null) return isStaffRole(user.role);
      return user.id === o.clientId || (await worksClient(c.var.deps, user, o.clientId));
    },
    start: async (stream, end) => {
      let cursor = o.cursor ?? -1;
      let reading = false;
      let dirty = false;
      let stopped = false;
      const changed = new Set<string>();

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
              const batch = await messagesAfter(db, o.asker, o.clientId, cursor, BATCH);
              for (const m of batch) {
                if (stopped) return;
                await stream.writeSSE({ id: String(m.id), event: 'message', data: JSON.stringify(m) });
                cursor = m.id;
              }
              if (batch.length < BATCH) break;
            }
            for (const clientId of [...changed]) {
              changed.delete(clientId);
              if (stopped) return;
              // Every conversation's changes are announced on one topic: a staff member hears only their clients'.
              if (o.clientId === null && !(await worksClient(c.var.deps, o.asker, clientId))) continue;
              const s = await conversationState(db, clientId);
              await stream.writeSSE({
                event: 'read',
                data: JSON.stringify({ clientId, staffReadId: s.staffReadId, clientReadId: s.clientReadId }),
              });
              await stream.writeSSE({
                event: 'conversation',
                data: JSON.stringify({ clientId, archived: s.archived }),
              });
            }
          } while (dirty && !stopped);
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
      let ticker: NodeJS.Timeout | undefined;
      if (o.onTick) {
        const tick = () => void o.onTick!().catch((e: unknown) => log.warn(`support presence failed: ${String(e)}`));
        tick();
        ticker = setInterval(tick, presenceTimings.presenceMs);
      }
      void pump();
      return () => {
        stopped = true;
        unsubscribe();
        clearInterval(ticker);
      };
    },
  });
}
