import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { SupportMessage, SupportThread } from '../../../shared/support';

/**
 * A conversation in the query cache: the pages as the server answered them, newest first (the
 * newest page without a `before`, each next one older), plus what the stream and the reader's own
 * sends wrote into the newest page since.
 */
export type ThreadPages = InfiniteData<SupportThread>;

export const supportThreadKey = (clientId: string) => ['support', 'thread', clientId] as const;

export const cachedThread = (queryClient: QueryClient, clientId: string) =>
  queryClient.getQueryData<ThreadPages>(supportThreadKey(clientId));

const newestId = (data: ThreadPages) => Math.max(0, ...data.pages.flatMap((p) => p.items.map((m) => m.id)));

/**
 * How a fetched answer joins what is cached (the query's `structuralSharing`). A fetch builds its
 * answer from the pages it started with, so messages and read marks the stream wrote while it was
 * out would be lost: an older page is added to the pages as they are now, and a fetch of every
 * page keeps the messages newer than its newest (they committed after it read) and the higher
 * read marks (they only grow).
 */
export function joinFetched(prev: unknown, next: unknown): unknown {
  const now = prev as ThreadPages | undefined;
  const fetched = next as ThreadPages;
  if (!now?.pages.length || !fetched.pages.length) return fetched;
  if (fetched.pages.length === now.pages.length + 1)
    return {
      pages: [...now.pages, fetched.pages.at(-1)!],
      pageParams: [...now.pageParams, fetched.pageParams.at(-1)!],
    };
  const after = newestId(fetched);
  const later = now.pages.flatMap((p) => p.items).filter((m) => m.id > after);
  const [first, ...older] = fetched.pages;
  const staffReadId = Math.max(first.staffReadId, now.pages[0].staffReadId);
  const clientReadId = Math.max(first.clientReadId, now.pages[0].clientReadId);
  if (later.length === 0 && staffReadId === first.staffReadId && clientReadId === first.clientReadId) return fetched;
  return {
    ...fetched,
    pages: [{ ...first, items: [...first.items, ...later], staffReadId, clientReadId }, ...older],
  };
}

/** The conversation as the thread shows it: every loaded message oldest first, and the newest page's marks. */
export function threadView(data: ThreadPages) {
  const messages = data.pages.flatMap((p) => p.items).sort((a, b) => a.id - b.id);
  const newest = data.pages[0];
  return {
    messages,
    nextBefore: data.pages.at(-1)?.nextBefore ?? null,
    staffReadId: newest?.staffReadId ?? 0,
    clientReadId: newest?.clientReadId ?? 0,
    archived: newest?.archived ?? false,
  };
}

/** Changes the newest page of a loaded conversation (one not loaded yet is fetched whole later). */
function updateNewest(
  queryClient: QueryClient,
  clientId: string,
  change: (newest: SupportThread, data: ThreadPages) => SupportThread,
) {
  queryClient.setQueryData<ThreadPages>(supportThreadKey(clientId), (data) => {
    if (!data?.pages.length) return data;
    const [newest, ...older] = data.pages;
    const changed = change(newest, data);
    return changed === newest ? data : { ...data, pages: [changed, ...older] };
  });
}

/** Adds messages once each: the stream, a send's answer and a replay may all bring the same one. */
export function addThreadMessages(queryClient: QueryClient, clientId: string, incoming: SupportMessage[]) {
  updateNewest(queryClient, clientId, (newest, data) => {
    const known = new Set(data.pages.flatMap((p) => p.items.map((m) => m.id)));
    const fresh = incoming.filter((m) => m.clientId === clientId && !known.has(m.id) && known.add(m.id));
    return fresh.length ? { ...newest, items: [...newest.items, ...fresh].sort((a, b) => a.id - b.id) } : newest;
  });
}

/** Raises the read marks (a mark never goes back: an older event may arrive after a newer one). */
export function setThreadRead(
  queryClient: QueryClient,
  clientId: string,
  read: { staffReadId: number; clientReadId: number },
) {
  updateNewest(queryClient, clientId, (newest) => {
    const staffReadId = Math.max(newest.staffReadId, read.staffReadId);
    const clientReadId = Math.max(newest.clientReadId, read.clientReadId);
    return staffReadId === newest.staffReadId && clientReadId === newest.clientReadId
      ? newest
      : { ...newest, staffReadId, clientReadId };
  });
}

export function setThreadArchived(queryClient: QueryClient, clientId: string, archived: boolean) {
  updateNewest(queryClient, clientId, (newest) => (newest.archived === archived ? newest : { ...newest, archived }));
}
