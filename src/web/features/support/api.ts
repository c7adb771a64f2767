import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportThread } from '../../../shared/support';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
import { joinFetched, setThreadArchived, supportThreadKey } from './thread-cache';
import { supportUnreadKey } from './unread-query';

const conversation = api.clients[':clientId'].support;
const param = (clientId: string) => ({ param: { clientId } });

export const supportUrls = {
  download: (clientId: string, attachmentId: string) =>
    conversation.attachments[':attachmentId'].$path({ param: { clientId, attachmentId } }),
  clientStream: (clientId: string) => conversation.stream.$path({ ...param(clientId), query: {} }),
  staffStream: api.support.stream.$path(),
};

/** A message with a file: the composer's multipart form. */
export const messageUpload = (clientId: string) => uploadTarget(conversation.messages.upload, param(clientId));

export const supportKeys = {
  all: ['support'] as const,
  inbox: (view: InboxView) => ['support', 'inbox', view] as const,
  unread: supportUnreadKey,
  agent: ['support', 'agent'] as const,
  thread: supportThreadKey,
};

export type InboxView = 'open' | 'archived';

/** One page of a conversation, oldest first, ending before `before` (the newest page without it). */
export const fetchThread = async (
  clientId: string,
  before: number | null,
  signal?: AbortSignal,
): Promise<SupportThread> =>
  unwrap(
    await conversation.messages.$get(
      { ...param(clientId), query: before ? { before: String(before) } : {} },
      { init: { signal } },
    ),
  );

/**
 * One client's conversation, the newest page first and older ones as the reader asks for them.
 * Its stream keeps it current (thread-cache.ts), so it is never stale while open; once closed it
 * is dropped, because a stream opened later catches up only from what was loaded with it.
 */
export const threadQuery = (clientId: string) =>
  infiniteQueryOptions({
    queryKey: supportKeys.thread(clientId),
    queryFn: ({ pageParam, signal }) => fetchThread(clientId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (oldest: SupportThread) => oldest.nextBefore ?? undefined,
    structuralSharing: joinFetched,
    staleTime: Infinity,
    gcTime: 0,
  });

export const sendMessage = async (clientId: string, body: string) =>
  (await unwrap(await conversation.messages.$post({ ...param(clientId), json: { body } }))).message;

export const markRead = async (clientId: string, upTo: number) =>
  unwrap(await conversation.read.$post({ ...param(clientId), json: { upTo } }));

/** The client's fixed agent header, refreshed every minute (online comes and goes with the staff's inbox). */
export const agentQuery = () =>
  queryOptions({
    queryKey: supportKeys.agent,
    queryFn: async ({ signal }) => unwrap(await api.support.agent.$get(undefined, { init: { signal } })),
    refetchInterval: 60_000,
  });

/**
 * The staff inbox, the most urgent wait first, a page at a time; asked again every minute, so the
 * time waited moves on and a target passed shows without a new message.
 */
export const inboxQuery = (view: InboxView) => ({
  ...pagedListOptions(supportKeys.inbox(view), async (page) =>
    unwrap(await api.support.conversations.$get({ query: { view, page } })),
  ),
  refetchInterval: 60_000,
});

export function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }),
      queryClient.invalidateQueries({ queryKey: supportKeys.unread }),
    ]);
}

export function useArchive(clientId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (archived: boolean) =>
      unwrap(await conversation.archive.$post({ ...param(clientId), json: { archived } })),
    onSuccess: (answer) => setThreadArchived(queryClient, clientId, answer.archived),
    onSettled: () => refresh(),
  });
}
