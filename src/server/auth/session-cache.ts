import type { Auth } from './auth';
import type { Listen } from '../db/client';
import type { Logger } from '../lib/logger';
import type { ClientAssignment } from '../middleware/access';

type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
type Entry = { result: SessionResult; cachedUntil: number };

export const SESSION_CHANNEL = 'portal_sessions';
/** A cached session is read again from the database at least this often (expiry, sliding refresh). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The raw session cookie (signed token) of a request, whatever better-auth's cookie prefix. */
function sessionCookie(headers: Headers): string | null {
  const cookie = headers.get('cookie');
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim().endsWith('better-auth.session_token')) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Signed-in requests read their session from memory for up to 30 s instead of the database.
 * Correctness comes from the database, not the clock: a trigger announces every deleted session
 * and every changed user on PostgreSQL's (or PGlite's) LISTEN/NOTIFY, and each instance drops
 * what it holds at once. While notifications cannot be received (the listening connection is
 * down), nothing is served from memory. The instance that signs a user out also drops its
 * copies before answering (see clear()), so its next request is already refused.
 */
export function createSessionCache(auth: Auth) {
  const entries = new Map<string, Entry>();
  let live = false;
  // Bumped by every drop: a database read that began before a drop may hold what was just revoked,
  // so it is answered but not cached (else a revoked session could be served for 30 s more).
  let generation = 0;

  // Ids known to name a client, with their staff member (what a request for a client's rows checks
  // first). A role change, an assignment or a deleted user is announced like a changed session
  // ('u:<id>'), so a yes holds until then, without a clock; a no is never kept (a new user is not announced).
  const clients = new Map<string, ClientAssignment>();

  const dropWhere = (match: (r: SessionResult) => boolean) => {
    generation++;
    for (const [key, e] of entries) if (match(e.result)) entries.delete(key);
  };

  return {
    async get(headers: Headers): Promise<SessionResult | null> {
      const key = live ? sessionCookie(headers) : null;
      const now = Date.now();
      if (key) {
        const hit = entries.get(key);
        if (hit && hit.cachedUntil > now && new Date(hit.result.session.expiresAt).getTime() > now) return hit.result;
        entries.delete(key);
      }
      const readFrom = generation;
      const result = await auth.api.getSession({ headers });
      if (key && result && live && generation === readFrom) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { result, cachedUntil: now + TTL_MS });
      }
      return result;
    },
    /** The client `id` names and their staff member: `read` asks the database unless a yes is remembered. */
    async client(id: string, read: () => Promise<ClientAssignment | null>): Promise<ClientAssignment | null> {
      const known = live ? clients.get(id) : undefined;
      if (known) return known;
      const readFrom = generation;
      const found = await read();
      if (found && live && generation === readFrom) {
        if (clients.size >= MAX_ENTRIES) clients.delete(clients.keys().next().value!);
        clients.set(id, found);
      }
      return found;
    },
    /** A NOTIFY payload: 's:<session token>' or 'u:<user id>'. */
    onNotification(payload: string) {
      const value = payload.slice(2);
      if (payload.startsWith('s:')) dropWhere((r) => r.session.token === value);
      else if (payload.startsWith('u:')) {
        clients.delete(value);
        dropWhere((r) => r.user.id === value);
      } else {
        clients.clear();
        dropWhere(() => true);
      }
    },
    /** Whether notifications are being received; going down forgets everything. */
    setLive(state: boolean) {
      live = state;
      if (!state) {
        clients.clear();
        dropWhere(() => true);
      }
    },
    /**
     * Forgets what it holds of these users (their sessions, whom a client is assigned to): the
     * instance that changed a role or an assignment calls it before answering, so its next request
     * already sees the change; the others follow when the database announces it.
     */
    forgetUsers(ids: readonly string[]) {
      for (const id of ids) this.onNotification(`u:${id}`);
    },
    /** Forgets every session (a sign-out); who is a client is no session's and stays. */
    clear() {
      dropWhere(() => true);
    },
    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/** The cache, listening for session changes on the database; close() stops listening. */
export async function startSessionCache(auth: Auth, listen: Listen, log: Logger) {
  const cache = createSessionCache(auth);
  const stop = await listen(
    SESSION_CHANNEL,
    (p) => cache.onNotification(p),
    (state) => {
      if (!state) log.warn('session notifications interrupted: sessions are read from the database until they resume');
      cache.setLive(state);
    },
  ).catch((e: unknown) => {
    log.warn(
      `could not listen for session changes (${String(e)}): sessions are read from the database on every request`,
    );
    return async () => {};
  });
  return Object.assign(cache, { close: stop });
}
