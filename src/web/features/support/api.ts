import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { uploadTarget } from '../../lib/file-requests';
import { pagedListOptions } from '../../lib/paged-list';
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
};

export type InboxView = 'open' | 'archived';

/** One page of a conversation, oldest first, ending before `before` (the newest page without it). */
export const fetchThread = async (clientId: string, before: number | null, signal?: AbortSignal) =>
  unwrap(
    await conversation.messages.$get(
      { ...param(clientId), query: before ? { before: String(before) } : {} },
      { init: { signal } },
    ),
  );

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

/** The staff inbox, unread first then newest, a page at a time. */
export const inboxQuery = (view: InboxView) =>
  pagedListOptions(supportKeys.inbox(view), async (page) =>
    unwrap(await api.support.conversations.$get({ query: { view, page } })),
  );

export function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }),
      queryClient.invalidateQueries({ queryKey: supportKeys.unread }),
    ]);
}

export function useArchive(clientId: string) {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: async (archived: boolean) =>
      unwrap(await conversation.archive.$post({ ...param(clientId), json: { archived } })),
    onSettled: () => refresh(),
  });
}
