import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell, BellOff } from 'lucide-react';
import type { NotificationItem } from '../../../shared/notifications';
import { notificationsQuery, useMarkNotificationsRead } from '../../features/notifications/api';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications';
import { LoadFailed } from '../../components/load-states';
import { formatDate } from '../../../shared/format';

const ago = (iso: string) => {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return formatDate(iso);
};

/** The bell: the signed-in person's notifications, live (and polled every minute); read one by one as they are opened, or all at once. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const query = useQuery(notificationsQuery());
  useLiveNotifications();
  const markRead = useMarkNotificationsRead();
  // The badge's number: the server counts nothing while the user's push alerts are off.
  const unread = query.data?.unreadCount ?? 0;
  // The label holds what the badge shows (over 99: "99+"), so the name a voice user says is what they see.
  const shown = unread > 99 ? '99+' : String(unread);
  const items = query.data?.notifications ?? [];

  const select = (n: NotificationItem) => {
    if (!n.readAt) markRead.mutate([n.id]);
    if (n.link) {
      setOpen(false);
      void navigate(n.link);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread ? `Notifications, ${shown} unread` : 'Notifications'}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=open]:bg-gray-100"
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notifications-badge"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white"
          >
            {shown}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby="notifications-title"
          className="z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-gray-200 bg-white shadow-lg outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-4 py-3">
            <h2 id="notifications-title" className="text-sm font-semibold text-gray-900">
              Notifications
            </h2>
            {query.data?.hasUnread && (
              <button
                type="button"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(undefined)}
                className="rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
              >
                Mark all as read
              </button>
            )}
          </div>
          {query.isError && !query.data ? (
            <LoadFailed message="Notifications could not be loaded." query={query} className="m-4" />
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
              <span className="flex size-10 items-center justify-center rounded-full bg-gray-100">
                <BellOff aria-hidden className="size-5 text-gray-500" />
              </span>
              <p className="text-sm font-medium text-gray-900">
                {query.isPending ? 'Loading notifications...' : 'No notifications yet'}
              </p>
              <p className="text-xs text-gray-500">Updates about your build-out will appear here.</p>
            </div>
          ) : (
            <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto" aria-label="Notifications">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => select(n)}
                    data-testid="notification"
                    className="flex w-full gap-3 px-4 py-3 text-left hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none"
                  >
                    <span
                      aria-hidden
                      className={`mt-1.5 size-2 shrink-0 rounded-full ${n.readAt ? 'bg-transparent' : 'bg-brand-600'}`}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={`block break-words text-sm ${n.readAt ? 'text-gray-700' : 'font-semibold text-gray-900'}`}
                      >
                        {n.title}
                        {!n.readAt && <span className="sr-only"> (unread)</span>}
                      </span>
                      {n.body && <span className="block break-words text-xs text-gray-600">{n.body}</span>}
                      <span className="block text-xs text-gray-500">{ago(n.createdAt)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
