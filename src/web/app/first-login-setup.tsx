import { useEffect, useState, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { branding } from '../../shared/branding';
import { api } from '../lib/api-client';
import { useAuth } from './auth-context';

// One setup call per user per page load, shared by every mount (React StrictMode mounts twice).
const runs = new Map<string, Promise<void>>();
const finished = new Set<string>();

async function callSetup() {
  const res = await api.me.setup.$post();
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
  throw new Error(body.message ?? body.error ?? `Request failed (${res.status})`);
}

function runSetup(userId: string): Promise<void> {
  let run = runs.get(userId);
  if (!run) {
    run = callSetup()
      .catch((error: unknown) => {
        // The spec: an alert with the product's tag, then the user goes on anyway.
        console.error('First-login setup failed:', error);
        window.alert(`[${branding.productName}] ${String(error)}`);
      })
      .finally(() => finished.add(userId));
    runs.set(userId, run);
  }
  return run;
}

/**
 * Ensures a signed-in client's starter data exists before the protected pages render. Clients
 * only: an administrator is not a client and gets no starter data (the server refuses it too).
 */
export function FirstLoginSetup({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useAuth();
  const userId = user && !isAdmin ? user.id : null;
  const [doneFor, setDoneFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void runSetup(userId).then(() => {
      if (live) setDoneFor(userId);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  if (userId && doneFor !== userId && !finished.has(userId)) {
    return (
      <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3 text-gray-600">
        <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden="true" />
        <span>Setting up your account...</span>
      </div>
    );
  }
  return children;
}
