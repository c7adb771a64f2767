import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';

/**
 * The sidebar as a slide-in drawer below md. Radix Dialog supplies what a drawer needs: focus moves
 * in and is trapped, Escape and an overlay click close it, focus returns to the menu button.
 */
export function MobileDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 transition-opacity duration-200 starting:opacity-0 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-4/5 flex-col bg-white shadow-xl outline-none motion-safe:transition-transform motion-safe:duration-200 motion-safe:starting:-translate-x-full md:hidden"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-3 py-2">
            <Dialog.Title className="text-sm font-semibold text-gray-900">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="rounded-md p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
