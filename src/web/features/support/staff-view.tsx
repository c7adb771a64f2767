import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { supportUrls, useRefreshInbox, type InboxView } from './api';
import { ConversationPane } from './conversation-pane';
import { InboxList } from './inbox-list';
import { useSupportStream } from './use-support-stream';

const views: { view: InboxView; label: string }[] = [
  { view: 'open', label: 'Open' },
  { view: 'archived', label: 'Archived' },
];

/**
 * Staff: every client's conversation on the left, the chosen one on the right (on a phone one
 * pane at a time, with Back). The chosen conversation and the tab live in the URL, so the
 * browser's Back works too. The staff stream keeps the list, its counts and the badge current.
 */
export function StaffView() {
  const [params, setParams] = useSearchParams();
  const view: InboxView = params.get('view') === 'archived' ? 'archived' : 'open';
  const selected = params.get('conversation');
  const refreshNow = useRefreshInbox();
  // A burst of events (a stream catching up on 100 messages) refreshes the list once.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshNow(), 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const newestSeen = useRef<number | null>(null);
  useSupportStream(supportUrls.staffStream, () => newestSeen.current, {
    onMessage: (m) => {
      newestSeen.current = Math.max(newestSeen.current ?? 0, m.id);
      refresh();
    },
    onRead: refresh,
    onConversation: refresh,
    // Opened (the list may have changed between its load and now) or back after a break.
    onOpen: refresh,
  });

  // Back from a conversation (a phone's one pane): focus returns to its row in the list.
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (selected || !returnTo.current) return;
    document.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(returnTo.current)}"]`)?.focus();
    returnTo.current = null;
  }, [selected]);

  const update = (next: { view?: InboxView; conversation?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.view === 'open') p.delete('view');
    else if (next.view) p.set('view', next.view);
    if (next.conversation) p.set('conversation', next.conversation);
    else if (next.conversation === null) p.delete('conversation');
    setParams(p);
  };

  return (
    <div className="flex h-[calc(100dvh-13rem)] min-h-[28rem] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      <div
        className={cn(
          'flex min-h-0 w-full flex-col border-gray-200 md:w-72 md:shrink-0 md:border-r xl:w-96',
          selected && 'max-md:hidden',
        )}
      >
        <div role="group" aria-label="Conversations to show" className="flex gap-1 border-b border-gray-200 p-2">
          {views.map((v) => (
            <button
              key={v.view}
              type="button"
              aria-pressed={view === v.view}
              onClick={() => update({ view: v.view })}
              className={cn(
                'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                view === v.view ? 'bg-brand-800 text-white' : 'text-gray-700 hover:bg-gray-100',
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <InboxList view={view} selected={selected} onSelect={(id) => update({ conversation: id })} />
        </div>
      </div>
      <div className={cn('min-h-0 min-w-0 flex-1 flex-col', selected ? 'flex' : 'max-md:hidden md:flex')}>
        {selected ? (
          <ConversationPane
            key={selected}
            clientId={selected}
            onBack={() => {
              returnTo.current = selected;
              update({ conversation: null });
            }}
            backLabel="Back to conversations"
          />
        ) : (
          <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-gray-600">
            Choose a conversation to read and answer it.
          </div>
        )}
      </div>
    </div>
  );
}
