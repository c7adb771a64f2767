import { useEffect, type ReactNode } from 'react';
import { branding } from '../../shared/branding';
import { api } from '../lib/api-client';
import { useAuth } from './auth-context';

// One setup call per user per page load, shared by every mount (React StrictMode mounts twice).
const runs = new Map<string, Promise<void>>();

async function callSetup() {
  const res = await api.me.setup.$post();
  if (res.ok) return;
  const body = (await res.json().catch(() => ({}))) as { message?: string; error?: string };
  throw new Error(body.message ?? body.error ?? `Request failed (${res.status})`);
}

function runSetup(userId: string): Promise<void> {
  let run = runs.get(userId);
  if (!run) {
    run = callSetup().catch((error: unknown) => {
      // As in the original product: an alert with the product's tag, then the user goes on anyway.
      console.error('First-login setup failed:', error);
      window.alert(`[${branding.productName}] ${String(error)}`);
    });
    runs.set(userId, run);
  }
  return run;
}

/**
 * The original product's first-login set-up call, once per page load for a client (an administrator is not a
 * client; the server refuses it too). It no longer holds the page behind a spinner: the server
 * sets a client up at their first authenticated request (server ensure-set-up.ts), so the page's
 * own requests go out at once, beside this one (docs/decisions/0004-set-up-at-first-request.md).
 * A failure still alerts with the product's tag.
 */
export function FirstLoginSetup({ children }: { children: ReactNode }) {
  const { user, isAdmin } = useAuth();
  const userId = user && !isAdmin ? user.id : null;
  useEffect(() => {
    if (userId) void runSetup(userId);
  }, [userId]);
  return children;
}
