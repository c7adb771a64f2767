import type { toast as sonnerToast } from 'sonner';

type Show = typeof sonnerToast.success;
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;

/**
 * The app's toasts (sonner's success and error), with sonner loaded when the first one is shown
 * rather than with the first paint: the shell and most pages can toast, few toast before a
 * click. sonner keeps a toast raised before its Toaster mounted (app/toaster-host.tsx) and shows it then.
 */
const show =
  (kind: 'success' | 'error'): Show =>
  (...args) => {
    sonner ??= import('sonner');
    void sonner.then(({ toast }) => toast[kind](...args));
    // Callers never read the id; sonner's own return is not known yet.
    return '';
  };

export const toast = { success: show('success'), error: show('error') };
