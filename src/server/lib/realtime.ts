import type { Listen } from '../db/client';
import type { Logger } from './logger';

/** The channel database triggers announce changes on (see migration 0015): payloads are '<topic>|<data>'. */
export const EVENTS_CHANNEL = 'portal_events';

/**
 * `data` is the part after '|' ('m:<id>' a new message, 'c' a conversation changed, 'n:<id>' a
 * notification), or null when events may have been missed (the listening connection was down):
 * the subscriber then reads again from its own cursor.
 */
export type RealtimeHandler = (data: string | null, topic: string) => void;

export type Realtime = {
  /**
   * Calls `handler` for every event on `topic` ('support:<clientId>', 'notify:<userId>'), or on
   * every topic of a kind with '<kind>:*' ('support:*' for the staff inbox). Returns the unsubscribe.
   */
  subscribe(topic: string, handler: RealtimeHandler): () => void;
  /** Whether events are being received right now. */
  readonly live: boolean;
  /** How many subscriptions are open (tests, and the bound on streams). */
  readonly size: number;
  /** Stops listening and tells every subscriber (with `onClose`) so open streams end. */
  close(): Promise<void>;
  /** Called once when the hub closes: streams end themselves. */
  onClose(fn: () => void): () => void;
};

/**
 * One LISTEN per process, fanned out in memory to every open stream of this instance. Every
 * instance listens on the same database, so an event written through any of them reaches all.
 */
export async function startRealtime(listen: Listen, log: Logger): Promise<Realtime> {
  const topics = new Map<string, Set<RealtimeHandler>>();
  const closers = new Set<() => void>();
  let live = false;
  let wasDown = false;

  const dispatch = (topic: string, data: string | null) => {
    for (const key of [topic, `${topic.slice(0, topic.indexOf(':') + 1)}*`]) {
      const set = topics.get(key);
      if (!set) continue;
      for (const h of [...set]) {
        try {
          h(data, topic);
        } catch (e) {
          log.warn(`realtime subscriber failed: ${String(e)}`);
        }
      }
    }
  };

  const stop = await listen(
    EVENTS_CHANNEL,
    (payload) => {
      const bar = payload.indexOf('|');
      if (bar > 0) dispatch(payload.slice(0, bar), payload.slice(bar + 1));
    },
    (state) => {
      live = state;
      if (!state) {
        wasDown = true;
        log.warn('live updates interrupted: open streams catch up when they resume');
        return;
      }
      if (!wasDown) return;
      wasDown = false;
      // Back after a gap: every subscriber reads again from where it is.
      for (const [topic, set] of topics) for (const h of [...set]) h(null, topic);
    },
  ).catch((e: unknown) => {
    log.warn(`could not listen for live updates (${String(e)}): streams will not update by themselves`);
    return async () => {};
  });

  return {
    subscribe(topic, handler) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (!set.size) topics.delete(topic);
      };
    },
    get live() {
      return live;
    },
    get size() {
      let n = 0;
      for (const set of topics.values()) n += set.size;
      return n;
    },
    onClose(fn) {
      closers.add(fn);
      return () => closers.delete(fn);
    },
    async close() {
      for (const fn of [...closers]) fn();
      closers.clear();
      topics.clear();
      await stop();
    },
  };
}
