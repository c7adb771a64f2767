import { lazy, Suspense, useEffect, useState } from 'react';
import { whenFirstToast } from '../lib/toast';

const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/**
 * Mounts the toaster (sonner) once it can be needed: at the first interaction, or at the first
 * toast (one that follows no click, such as a failed background save). A page's first load skips
 * its JavaScript; sonner shows toasts raised before its Toaster mounted.
 */
export function ToasterHost() {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    whenFirstToast(() => setInteracted(true));
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const on = () => setInteracted(true);
    for (const e of events) window.addEventListener(e, on, { capture: true, once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, on, { capture: true });
    };
  }, [interacted]);
  if (!interacted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
