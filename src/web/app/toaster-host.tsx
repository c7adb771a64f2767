import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from './auth-context';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/**
 * Mounts the toaster (sonner) once it can be needed: when signed in, or on a guest page at the
 * first interaction (a toast only ever follows one there). A guest's first load skips its
 * JavaScript; sonner shows toasts raised before its Toaster mounted.
 */
export function ToasterHost() {
  const { isAuthenticated } = useAuth();
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const on = () => setInteracted(true);
    for (const e of events) window.addEventListener(e, on, { capture: true, once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, on, { capture: true });
    };
  }, [interacted]);
  if (!isAuthenticated && !interacted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
