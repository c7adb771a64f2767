import { Popover } from 'radix-ui';
import { Bell, BellOff } from 'lucide-react';

/**
 * There is no notifications API yet, so the panel shows its honest empty state: no sample items
 * and no unread badge that would suggest otherwise.
 */
export function NotificationsButton() {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Notifications"
        className="inline-flex size-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=open]:bg-gray-100"
      >
        <Bell aria-hidden className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby="notifications-title"
          className="z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-gray-200 bg-white shadow-lg outline-none"
        >
          <div className="border-b border-gray-100 px-4 py-3">
            <h2 id="notifications-title" className="text-sm font-semibold text-gray-900">Notifications</h2>
          </div>
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-gray-100">
              <BellOff aria-hidden className="size-5 text-gray-500" />
            </span>
            <p className="text-sm font-medium text-gray-900">No notifications yet</p>
            <p className="text-xs text-gray-500">Updates about your build-out will appear here.</p>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
