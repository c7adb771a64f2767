import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../lib/auth-client';
import { openApi } from '../lib/api-gate';
import { loadAuthClient } from '../lib/load-auth-client';

type AuthState = {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** The server's sentence while it cannot reach its database (a 503 from the session check), else null. */
  unavailable: string | null;
  /** A member of staff (an admin, or a staff member): works clients' pages, as the server's scope.isAdmin. */
  isAdmin: boolean;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

// ISO timestamps become Dates, as better-auth's own client returns them.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const revive = (_key: string, value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : value;

/**
 * The session is one GET of better-auth's /get-session with plain fetch: every page's first load
 * needs it, and better-auth's client (loaded on demand, lib/load-auth-client) would add to the
 * JavaScript the sign-in page loads. Whoever signs in calls refresh(); a tab coming back into view
 * checks again (as better-auth's client does on focus).
 */
/** The portal is up but cannot read sessions (its database is down): not the same as signed out. */
class Unavailable {
  constructor(
    readonly message: string,
    readonly retryAfterMs: number,
  ) {}
}
const UNAVAILABLE_FALLBACK = 'The portal cannot reach its database; try again in a minute.';
// A retry-after beyond this is not waited for: the page asks again sooner and shows the same sentence if still down.
const MAX_RETRY_MS = 30_000;

async function fetchSessionUser(): Promise<SessionUser | null | Unavailable> {
  const res = await fetch('/api/auth/get-session', { headers: { accept: 'application/json' } });
  if (res.status === 503) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    const seconds = Number(res.headers.get('retry-after'));
    return new Unavailable(
      typeof body?.error === 'string' ? body.error : UNAVAILABLE_FALLBACK,
      Math.min(seconds > 0 ? seconds * 1000 : MAX_RETRY_MS, MAX_RETRY_MS),
    );
  }
  if (!res.ok) throw new Error(`Session request failed (${res.status})`);
  const body = JSON.parse(await res.text(), revive) as { user?: SessionUser } | null;
  return body?.user ?? null;
}

// A failed check (network, server restarting) answers undefined: keep what we knew, like better-auth's client.
const checkSession = () => fetchSessionUser().catch(() => undefined);

/**
 * The session the server wrote into a signed-in user's page (server static.ts, sendWithSession):
 * read once, then removed, so nothing reads a stale copy later. Absent for a guest, and from the
 * development server.
 */
function sessionInPage(): SessionUser | null | undefined {
  const element = document.getElementById('portal-session');
  if (!element) return undefined;
  element.remove();
  try {
    return (JSON.parse(element.textContent ?? '', revive) as { user?: SessionUser | null }).user ?? undefined;
  } catch {
    return undefined;
  }
}

let firstCheck: Promise<SessionUser | null | undefined | Unavailable> | null = null;
/**
 * main.tsx asks before the first render: the session from the page when it is there (no request),
 * else the session request goes out with the page's chunks.
 */
export function prefetchSession() {
  const inPage = sessionInPage();
  firstCheck = inPage ? Promise.resolve(inPage) : checkSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [unavailable, setUnavailable] = useState<Unavailable | null>(null);

  const apply = useCallback((next: SessionUser | null | undefined | Unavailable) => {
    // A database outage keeps what we knew of the user: a 401 there used to read as a sign-out.
    setUnavailable(next instanceof Unavailable ? next : null);
    if (next !== undefined && !(next instanceof Unavailable)) setUser(next);
    // A session (again): the API gate that sign-out closed lets requests through.
    if (next && !(next instanceof Unavailable)) openApi();
    setIsLoading(false);
  }, []);
  const refresh = useCallback(async () => apply(await checkSession()), [apply]);

  // While the database is down, ask again when the server says to: the page comes back by itself.
  useEffect(() => {
    if (!unavailable) return;
    const timer = setTimeout(() => void refresh(), unavailable.retryAfterMs);
    return () => clearTimeout(timer);
  }, [unavailable, refresh]);

  useEffect(() => {
    const first = firstCheck ?? checkSession();
    firstCheck = null;
    void first.then(apply);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [apply, refresh]);

  const signOut = useCallback(async () => {
    const authClient = await loadAuthClient();
    const { error } = await authClient.signOut();
    if (error) throw new Error(error.message || 'Could not sign out.');
    setUser(null);
    // The signed-in app's query cache goes with the session (its module is loaded by then).
    const { queryClient } = await import('./query-client');
    queryClient.clear();
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      isAuthenticated: Boolean(user),
      isLoading,
      unavailable: unavailable?.message ?? null,
      // shared/roles' isStaffRole, written out: this module is in the sign-in page's first load (decision 0012's budget).
      isAdmin: user?.role === 'admin' || user?.role === 'staff',
      signOut,
      refresh,
    }),
    [user, isLoading, unavailable, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
