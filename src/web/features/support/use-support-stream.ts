import { useEffect, useRef } from 'react';
import type { SupportMessage, SupportStreamEvent } from '../../../shared/support';

type ReadEvent = Extract<SupportStreamEvent, { event: 'read' }>['data'];
type ConversationEvent = Extract<SupportStreamEvent, { event: 'conversation' }>['data'];

export type SupportStreamHandlers = {
  onMessage?: (message: SupportMessage) => void;
  onRead?: (read: ReadEvent) => void;
  onConversation?: (conversation: ConversationEvent) => void;
  /** After the stream (re)opens: anything missed while it was down has been or will be replayed. */
  onOpen?: () => void;
};

// A stream the browser gave up on (the server answered an error, not a dropped connection) is
// opened again after this long, then twice as long each time up to the cap.
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * Follows a Support Chat stream (a client's conversation, or staff's every conversation) while
 * `url` is set, closing it on unmount. A dropped connection is resumed by EventSource itself,
 * which sends the last message id back (Last-Event-ID); when the browser gives up instead, the
 * stream is opened again from `lastId()` (the newest message id the caller holds, null for
 * from now on), so nothing is lost. Callers drop repeats by id.
 */
export function useSupportStream(url: string | null, lastId: () => number | null, handlers: SupportStreamHandlers) {
  const latest = useRef({ lastId, handlers });
  useEffect(() => {
    latest.current = { lastId, handlers };
  });

  useEffect(() => {
    if (!url) return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    let stopped = false;

    const parse = <T>(e: MessageEvent): T | null => {
      try {
        return JSON.parse(e.data as string) as T;
      } catch {
        return null;
      }
    };

    const open = () => {
      // Without an id the stream starts with what happens from now on.
      const after = latest.current.lastId();
      const es = new EventSource(after === null ? url : `${url}${url.includes('?') ? '&' : '?'}after=${after}`);
      source = es;
      es.addEventListener('open', () => {
        retryMs = RETRY_FIRST_MS;
        latest.current.handlers.onOpen?.();
      });
      es.addEventListener('message', (e) => {
        const message = parse<SupportMessage>(e);
        if (message) latest.current.handlers.onMessage?.(message);
      });
      es.addEventListener('read', (e) => {
        const read = parse<ReadEvent>(e);
        if (read) latest.current.handlers.onRead?.(read);
      });
      es.addEventListener('conversation', (e) => {
        const conversation = parse<ConversationEvent>(e);
        if (conversation) latest.current.handlers.onConversation?.(conversation);
      });
      es.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; open a new one later.
        if (es.readyState !== EventSource.CLOSED || stopped) return;
        es.close();
        retryTimer = setTimeout(() => {
          if (!stopped) open();
        }, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [url]);
}
