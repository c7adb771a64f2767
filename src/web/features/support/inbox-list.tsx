import { Paperclip } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../components/ui/button';
import { usePagedList } from '../../lib/paged-list';
import { formatDateTime } from '../../../shared/format';
import type { SupportConversationItem } from '../../../shared/support';
import { inboxQuery, type InboxView } from './api';
import { LoadFailed, Loading } from '../../components/load-states';
import { WaitBadge } from './wait-badge';

const preview = (c: SupportConversationItem) => {
  const last = c.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.body.replace(/\s+/g, ' ').trim() || (last.hasAttachment ? 'Sent a file' : '');
  return `${last.fromStaff ? 'You: ' : ''}${text}`;
};

/** The staff inbox's list of conversations (the most urgent wait first, then unread, then newest), a page at a time. */
export function InboxList({
  view,
  selected,
  onSelect,
}: {
  view: InboxView;
  selected: string | null;
  onSelect: (clientId: string) => void;
}) {
  const list = usePagedList(inboxQuery(view));
  if (list.isError && !list.data)
    return <LoadFailed message="The conversations could not be loaded." query={list} className="m-3" />;
  if (!list.data) return <Loading label="Loading conversations..." className="p-4" />;
  if (list.data.length === 0)
    return (
      <div className="p-6 text-center">
        <p className="font-medium text-gray-900">No conversations</p>
        <p className="text-sm text-gray-600">
          {view === 'open'
            ? 'When a client writes, the conversation appears here.'
            : 'Archived conversations appear here.'}
        </p>
      </div>
    );
  return (
    <div className="flex flex-col">
      <ul
        className="divide-y divide-gray-100"
        aria-label={view === 'open' ? 'Open conversations' : 'Archived conversations'}
      >
        {list.data.map((c) => {
          const active = c.clientId === selected;
          return (
            <li key={c.clientId}>
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                data-conversation={c.clientId}
                onClick={() => onSelect(c.clientId)}
                className={cn(
                  'flex w-full min-w-0 flex-col gap-0.5 px-4 py-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600',
                  active ? 'bg-brand-50' : 'hover:bg-gray-50',
                )}
              >
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      'min-w-0 flex-1 truncate text-sm text-gray-900',
                      c.unreadCount > 0 ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {c.clientName || c.clientEmail}
                  </span>
                  {c.lastMessage && (
                    <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-gray-600">
                      {formatDateTime(c.lastMessage.createdAt)}
                    </time>
                  )}
                </span>
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      'flex min-w-0 flex-1 items-center gap-1 truncate text-sm',
                      c.unreadCount > 0 ? 'text-gray-900' : 'text-gray-600',
                    )}
                  >
                    {c.lastMessage?.hasAttachment && (
                      <Paperclip aria-label="With a file" className="size-3.5 shrink-0" />
                    )}
                    <span className="truncate">{preview(c)}</span>
                  </span>
                  {c.unreadCount > 0 && (
                    <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {c.unreadCount > 99 ? '99+' : c.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
                {c.wait && <WaitBadge wait={c.wait} />}
              </button>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage && (
        <div className="flex justify-center p-3">
          <Button
            size="sm"
            variant="outline"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
