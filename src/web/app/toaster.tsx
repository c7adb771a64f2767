import { Toaster } from 'sonner';

/**
 * The original product's toasts: 4 s, at most 3 visible. Bottom right: at the top they covered the top bar's
 * View Documents, Support and Sign Out for 4 s after every save.
 */
export function AppToaster() {
  return <Toaster duration={4000} visibleToasts={3} richColors closeButton position="bottom-right" />;
}
