import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gatedFetch } from '../../lib/api-gate';
import { unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import type { Page } from '../../../shared/paging';
import type { SupportAgent, SupportConversationItem, SupportMessage, SupportThread } from '../../../shared/support';
import { supportUnreadKey } from './unread-query';

// Plain URLs (the routes are listed in src/shared/support.ts), fetched through the sign-out gate.
const clientBase = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/support`;

export const supportUrls = {
  messages: (clientId: string) => `${clientBase(clientId)}/messages`,
  upload: (clientId: string) => `${clientBase(clientId)}/messages/upload`,
  download: (clientId: string, attachmentId: string) => `${clientBase(clientId)}/attachments/${encodeURIComponent(attachmentId)}`,
  read: (clientId: string) => `${clientBase(clientId)}/read`,
  archive: (clientId: string) => `${clientBase(clientId)}/archive`,
  clientStream: (clientId: string) => `${clientBase(clientId)}/stream`,
  staffStream: '/api/support/stream',
  inbox: '/api/support/conversations',
  agent: '/api/support/agent',
};

export const supportKeys = {
  all: ['support'] as const,
  inbox: (view: InboxView) => ['support', 'inbox', view] as const,
  unread: supportUnreadKey,
  agent: ['support', 'agent'] as const,
};

export type InboxView = 'open' | 'archived';

const getJson = async <T>(url: string, signal?: AbortSignal) => unwrap<T>(await gatedFetch(url, { signal, headers: { accept: 'application/json' } }));
const postJson = async <T>(url: string, body: unknown) =>
  unwrap<T>(await gatedFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

/** One page of a conversation, oldest first, ending before `before` (the newest page without it). */
export const fetchThread = (clientId: string, before: number | null, signal?: AbortSignal) =>
  getJson<SupportThread>(`${supportUrls.messages(clientId)}${before ? `?before=${before}` : ''}`, signal);

/** A sent message as the routes answer it: the message itself, or wrapped as { message }. */
export const sentMessage = (body: SupportMessage | { message: SupportMessage }): SupportMessage => ('message' in body ? body.message : body);

export const sendMessage = async (clientId: string, body: string) =>
  sentMessage(await postJson<SupportMessage | { message: SupportMessage }>(supportUrls.messages(clientId), { body }));

export const markRead = (clientId: string, upTo: number) => postJson<unknown>(supportUrls.read(clientId), { upTo });

/** The client's fixed agent header, refreshed every minute (online comes and goes with the staff's inbox). */
export const agentQuery = () =>
  queryOptions({
    queryKey: supportKeys.agent,
    queryFn: ({ signal }) => getJson<SupportAgent>(supportUrls.agent, signal),
    refetchInterval: 60_000,
  });

/** The staff inbox, unread first then newest, a page at a time. */
export const inboxQuery = (view: InboxView) =>
  pagedListOptions(supportKeys.inbox(view), (page) => getJson<Page<SupportConversationItem>>(`${supportUrls.inbox}?view=${view}&page=${page}`));

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
    mutationFn: (archived: boolean) => postJson<unknown>(supportUrls.archive(clientId), { archived }),
    onSettled: () => refresh(),
  });
}
