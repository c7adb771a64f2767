import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { SupportMessage, SupportThread } from '../../../shared/support';
import { fetchThread, markRead, supportUrls } from './api';
import { useSupportStream } from './use-support-stream';

/** Which side of the conversation the reader is on: the client, or the support team. */
export type Side = 'client' | 'staff';

type State = {
  status: 'loading' | 'error' | 'ready';
  messages: SupportMessage[];
  nextBefore: number | null;
  staffReadId: number;
  clientReadId: number;
  archived: boolean;
  olderStatus: 'idle' | 'loading' | 'error';
};

type Action =
  | { type: 'loaded'; thread: SupportThread }
  | { type: 'failed' }
  | { type: 'retry' }
  | { type: 'older-loading' }
  | { type: 'older-failed' }
  | { type: 'older-loaded'; thread: SupportThread }
  | { type: 'messages'; messages: SupportMessage[] }
  | { type: 'read'; staffReadId: number; clientReadId: number }
  | { type: 'archived'; archived: boolean };

const initial: State = {
  status: 'loading',
  messages: [],
  nextBefore: null,
  staffReadId: 0,
  clientReadId: 0,
  archived: false,
  olderStatus: 'idle',
};

/** Adds messages once each (the stream, a send's answer and a replay may all bring the same one), oldest first. */
function merge(current: SupportMessage[], incoming: SupportMessage[]): SupportMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id) && known.add(m.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'loaded': {
      const { items, nextBefore, staffReadId, clientReadId, archived } = action.thread;
      // Messages the stream delivered while the first page was loading stay.
      return {
        ...state,
        status: 'ready',
        messages: merge(state.messages, items),
        nextBefore,
        staffReadId,
        clientReadId,
        archived,
      };
    }
    case 'failed':
      return { ...state, status: 'error' };
    case 'retry':
      return { ...state, status: 'loading' };
    case 'older-loading':
      return { ...state, olderStatus: 'loading' };
    case 'older-failed':
      return { ...state, olderStatus: 'error' };
    case 'older-loaded':
      return {
        ...state,
        olderStatus: 'idle',
        messages: merge(state.messages, action.thread.items),
        nextBefore: action.thread.nextBefore,
      };
    case 'messages':
      return { ...state, messages: merge(state.messages, action.messages) };
    case 'read':
      return {
        ...state,
        staffReadId: Math.max(state.staffReadId, action.staffReadId),
        clientReadId: Math.max(state.clientReadId, action.clientReadId),
      };
    case 'archived':
      return { ...state, archived: action.archived };
  }
}

/**
 * One client's conversation as the reader sees it: the newest page, older pages on demand, new
 * messages and read marks live from the stream, and the reader's read mark sent as they see the
 * newest message.
 */
export function useSupportThread(clientId: string, side: Side) {
  const [state, dispatch] = useReducer(reducer, initial);
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  // The latest state for the stream's and the callbacks' use (they outlive a render).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  // Declared before the effect that sets it on load (see the stream below).
  const streamCursor = useRef(0);
  useEffect(() => {
    const abort = new AbortController();
    dispatch({ type: 'retry' });
    fetchThread(clientId, null, abort.signal).then(
      (thread) => {
        streamCursor.current = thread.items.at(-1)?.id ?? 0;
        dispatch({ type: 'loaded', thread });
      },
      () => !abort.signal.aborted && dispatch({ type: 'failed' }),
    );
    return () => abort.abort();
  }, [clientId, attempt]);

  // Where the stream has delivered up to: the loaded page, then the stream's own messages only. A
  // message this reader just sent is not counted, or a reopened stream would skip a reply that
  // committed before it while the stream was down.
  useSupportStream(state.status === 'ready' ? supportUrls.clientStream(clientId) : null, () => streamCursor.current, {
    onMessage: (message) => {
      if (message.clientId !== clientId) return;
      streamCursor.current = Math.max(streamCursor.current, message.id);
      dispatch({ type: 'messages', messages: [message] });
    },
    onRead: (read) =>
      read.clientId === clientId &&
      dispatch({ type: 'read', staffReadId: read.staffReadId, clientReadId: read.clientReadId }),
    onConversation: (c) => c.clientId === clientId && dispatch({ type: 'archived', archived: c.archived }),
  });

  const loadOlder = useCallback(async () => {
    const { nextBefore, olderStatus } = stateRef.current;
    if (!nextBefore || olderStatus === 'loading') return;
    dispatch({ type: 'older-loading' });
    try {
      dispatch({ type: 'older-loaded', thread: await fetchThread(clientId, nextBefore) });
    } catch {
      dispatch({ type: 'older-failed' });
    }
  }, [clientId]);

  // The newest message is on screen: the reader's side has read everything up to it.
  const sentReadId = useRef(0);
  const markSeen = useCallback(() => {
    const { messages, staffReadId, clientReadId } = stateRef.current;
    const newest = messages.at(-1)?.id ?? 0;
    const mine = Math.max(side === 'staff' ? staffReadId : clientReadId, sentReadId.current);
    // Only the other side's messages need reading: one's own count as read when sent.
    const newestTheirs = messages.findLast((m) => m.fromStaff !== (side === 'staff'))?.id ?? 0;
    if (newestTheirs <= mine) return;
    sentReadId.current = newest;
    dispatch({
      type: 'read',
      staffReadId: side === 'staff' ? newest : 0,
      clientReadId: side === 'client' ? newest : 0,
    });
    markRead(clientId, newest).catch(() => {
      // Tried again the next time the newest message is seen.
      sentReadId.current = 0;
    });
  }, [clientId, side]);

  const addMessage = useCallback((message: SupportMessage) => dispatch({ type: 'messages', messages: [message] }), []);
  const setArchived = useCallback((archived: boolean) => dispatch({ type: 'archived', archived }), []);

  return { ...state, clientId, retry, loadOlder, markSeen, addMessage, setArchived };
}
export type SupportThreadState = ReturnType<typeof useSupportThread>;
