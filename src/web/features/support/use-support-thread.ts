import { useCallback, useMemo, useRef } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportMessage } from '../../../shared/support';
import { markRead, supportUrls, threadQuery } from './api';
import { addThreadMessages, cachedThread, setThreadArchived, setThreadRead, threadView } from './thread-cache';
import { useSupportStream } from './use-support-stream';

/** Which side of the conversation the reader is on: the client, or the support team. */
export type Side = 'client' | 'staff';

/**
 * One client's conversation as the reader sees it: the newest page, older pages on demand, new
 * messages and read marks live from the stream into the query cache, and the reader's read mark
 * sent as they see the newest message.
 */
export function useSupportThread(clientId: string, side: Side) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(threadQuery(clientId));
  const { data, isFetching, isError, fetchNextPage, isFetchingNextPage, isFetchNextPageError, refetch } = query;
  const view = useMemo(() => (data ? threadView(data) : null), [data]);
  const status = view ? 'ready' : isError && !isFetching ? 'error' : 'loading';
  const olderStatus = isFetchingNextPage ? 'loading' : isFetchNextPageError ? 'error' : 'idle';

  // Where the stream has delivered up to: the loaded page, then the stream's own messages only. A
  // message this reader just sent is not counted, or a reopened stream would skip a reply that
  // committed before it while the stream was down. Taken when the stream first opens, which is as
  // the first page arrives, before anything is sent into it.
  const streamCursor = useRef<number | null>(null);
  useSupportStream(
    status === 'ready' ? supportUrls.clientStream(clientId) : null,
    () => (streamCursor.current ??= cachedThread(queryClient, clientId)?.pages[0]?.items.at(-1)?.id ?? 0),
    {
      onMessage: (message) => {
        if (message.clientId !== clientId) return;
        streamCursor.current = Math.max(streamCursor.current ?? 0, message.id);
        addThreadMessages(queryClient, clientId, [message]);
      },
      onRead: (read) => read.clientId === clientId && setThreadRead(queryClient, clientId, read),
      onConversation: (c) => c.clientId === clientId && setThreadArchived(queryClient, clientId, c.archived),
    },
  );

  const loadOlder = useCallback(async () => {
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    await fetchNextPage({ cancelRefetch: false });
  }, [query.hasNextPage, query.isFetchingNextPage, fetchNextPage]);

  // The newest message is on screen: the reader's side has read everything up to it.
  const sentReadId = useRef(0);
  const markSeen = useCallback(() => {
    const current = cachedThread(queryClient, clientId);
    if (!current) return;
    const { messages, staffReadId, clientReadId } = threadView(current);
    const newest = messages.at(-1)?.id ?? 0;
    const mine = Math.max(side === 'staff' ? staffReadId : clientReadId, sentReadId.current);
    // Only the other side's messages need reading: one's own count as read when sent.
    const newestTheirs = messages.findLast((m) => m.fromStaff !== (side === 'staff'))?.id ?? 0;
    if (newestTheirs <= mine) return;
    sentReadId.current = newest;
    setThreadRead(queryClient, clientId, {
      staffReadId: side === 'staff' ? newest : 0,
      clientReadId: side === 'client' ? newest : 0,
    });
    markRead(clientId, newest).catch(() => {
      // Tried again the next time the newest message is seen.
      sentReadId.current = 0;
    });
  }, [clientId, side, queryClient]);

  const addMessage = useCallback(
    (message: SupportMessage) => addThreadMessages(queryClient, clientId, [message]),
    [queryClient, clientId],
  );
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    status,
    messages: view?.messages ?? [],
    nextBefore: view?.nextBefore ?? null,
    staffReadId: view?.staffReadId ?? 0,
    clientReadId: view?.clientReadId ?? 0,
    archived: view?.archived ?? false,
    olderStatus,
    clientId,
    retry,
    loadOlder,
    markSeen,
    addMessage,
  } as const;
}
export type SupportThreadState = ReturnType<typeof useSupportThread>;
