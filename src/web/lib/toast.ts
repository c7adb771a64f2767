import type { toast as sonnerToast } from 'sonner';

type Show = typeof sonnerToast.success;
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let onFirst: (() => void) | null = null;

/** Calls `mount` at the first toast (at once if one was shown already): the host then mounts sonner's Toaster. */
export function whenFirstToast(mount: () => void) {
  if (sonner) mount();
  else onFirst = mount;
}

/**
 * The app's toasts (sonner's success and error), with sonner loaded when the first one is shown
 * rather than with the first paint: the shell and most pages can toast, few toast before a
 * click. sonner keeps a toast raised before its Toaster mounted (app/toaster-host.tsx) and shows it then.
 */
const show =
  (kind: 'success' | 'error'): Show =>
  (...args) => {
    if (!sonner) {
      sonner = import('sonner');
      onFirst?.();
    }
    void sonner.then(({ toast }) => toast[kind](...args));
    // Callers never read the id; sonner's own return is not known yet.
    return '';
  };

export const toast = { success: show('success'), error: show('error') };
