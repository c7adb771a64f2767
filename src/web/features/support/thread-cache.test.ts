import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SupportMessage, SupportThread } from '../../../shared/support';
import { threadQuery } from './api';
import { addThreadMessages, cachedThread, setThreadRead, threadView } from './thread-cache';

// The thread's cache as the stream and the server's pages write it, without a browser: the query
// with its real options, its pages answered here.

const CLIENT = 'client-1';
const message = (id: number): SupportMessage => ({
  id,
  clientId: CLIENT,
  fromStaff: id % 2 === 0,
  authorName: 'Someone',
  body: `message ${id}`,
  createdAt: new Date(0).toISOString(),
  attachment: null,
});
const page = (ids: number[], nextBefore: number | null, read = 0): SupportThread => ({
  items: ids.map(message),
  nextBefore,
  staffReadId: read,
  clientReadId: read,
  archived: false,
});

/** The conversation's query, answering each `before` with the page given for it once released. */
function setUp(pages: Map<number | null, SupportThread>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const held: (() => void)[] = [];
  let holding = false;
  const observer = new InfiniteQueryObserver(queryClient, {
    ...threadQuery(CLIENT),
    queryFn: ({ pageParam }) =>
      new Promise<SupportThread>((resolve) => {
        const answer = () => resolve(pages.get(pageParam)!);
        if (holding) held.push(answer);
        else answer();
      }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const ids = () => threadView(cachedThread(queryClient, CLIENT)!).messages.map((m) => m.id);
  return {
    queryClient,
    observer,
    ids,
    hold: () => (holding = true),
    release: () => ((holding = false), held.splice(0).forEach((answer) => answer())),
    unsubscribe,
  };
}

const loaded = async (t: ReturnType<typeof setUp>) => {
  while (!cachedThread(t.queryClient, CLIENT)) await new Promise((r) => setTimeout(r, 1));
};

describe('the Support Chat thread cache', () => {
  it('shows a message once whichever way it came, oldest first', async () => {
    const t = setUp(new Map([[null, page([5, 6, 7], null)]]));
    await loaded(t);
    addThreadMessages(t.queryClient, CLIENT, [message(9)]);
    addThreadMessages(t.queryClient, CLIENT, [message(8), message(9), message(7)]);
    addThreadMessages(t.queryClient, CLIENT, [{ ...message(10), clientId: 'someone-else' }]);
    expect(t.ids()).toEqual([5, 6, 7, 8, 9]);
    t.unsubscribe();
  });

  it('keeps what the stream brought while an older page was loading', async () => {
    const t = setUp(
      new Map([
        [null, page([5, 6, 7], 5)],
        [5, page([1, 2, 3, 4], null)],
      ]),
    );
    await loaded(t);
    t.hold();
    const older = t.observer.fetchNextPage();
    addThreadMessages(t.queryClient, CLIENT, [message(8)]);
    setThreadRead(t.queryClient, CLIENT, { staffReadId: 8, clientReadId: 7 });
    t.release();
    await older;
    expect(t.ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const view = threadView(cachedThread(t.queryClient, CLIENT)!);
    expect([view.staffReadId, view.clientReadId, view.nextBefore]).toEqual([8, 7, null]);
    t.unsubscribe();
  });

  it('keeps, when every page is fetched again, the messages that came after its answer was read', async () => {
    const pages = new Map([[null, page([5, 6, 7], null, 6)]]);
    const t = setUp(pages);
    await loaded(t);
    pages.set(null, page([5, 6, 7, 8], null, 0));
    t.hold();
    const again = t.observer.refetch();
    addThreadMessages(t.queryClient, CLIENT, [message(8), message(9)]);
    t.release();
    await again;
    expect(t.ids()).toEqual([5, 6, 7, 8, 9]);
    expect(threadView(cachedThread(t.queryClient, CLIENT)!).staffReadId).toBe(6);
    t.unsubscribe();
  });
});
