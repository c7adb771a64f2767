import type { Context } from 'hono';
import type { AppEnv, Deps } from '../app-env';
import { clientIp } from '../middleware/client-ip';
import { keyHash, peekRateLimit, recordEvent } from '../middleware/rate-limit';
import { isAllowedAuthEndpoint } from './allowed-paths';
import { CLIENT_IP_HEADER } from './auth';
import { announceTwoFactorChange, twoFactorChangeOf } from './two-factor-events';

const BASE = '/api/auth';

/**
 * Failed sign-ins (401) counted per account, not attempts: a wrong password from one address
 * blocks that address for that account; only a flood from everywhere blocks the account itself.
 */
export type SignInLimits = {
  windowSeconds: number;
  /** Failures for one account from one address before that address is refused for that account. */
  perAccountAndAddress: number;
  /** Failures for one account from all addresses together before every sign-in to it is refused. */
  perAccount: number;
};
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { windowSeconds: 15 * 60, perAccountAndAddress: 10, perAccount: 200 };

const ENDS_SESSIONS = new Set(['/sign-out', '/change-password', '/reset-password']);
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const JSON_ONLY = 'This request must be sent as JSON (Content-Type: application/json).';

/** True for a POST whose body is anything but JSON: better-auth would parse form bodies too. */
async function notJson(c: Context) {
  if (c.req.method !== 'POST') return false;
  const type = c.req.header('content-type');
  if (type !== undefined) return type.split(';')[0].trim().toLowerCase() !== 'application/json';
  // No Content-Type: only an empty body (sign-out without arguments) is fine.
  return !!c.req.raw.body && (await c.req.raw.clone().arrayBuffer()).byteLength > 0;
}

/** Removes every `token` property: the session token lives in the httpOnly cookie and nowhere else. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'token')
      .map(([k, v]) => [k, withoutTokens(v)]),
  );
}

async function stripTokens(res: Response) {
  if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutTokens(body)), { status: res.status, statusText: res.statusText, headers });
}

/**
 * /api/auth/*: forwards the endpoints the portal uses (allowed-paths.ts) to better-auth, JSON
 * bodies only, with the per-account sign-in limits around sign-in/email, and without the session
 * token in any JSON answer.
 */
export const betterAuthHandler = (deps: Deps, limits: SignInLimits) => async (c: Context<AppEnv>) => {
  const path = c.req.path.startsWith(`${BASE}/`) ? c.req.path.slice(BASE.length) : '';
  if (!isAllowedAuthEndpoint(c.req.method, path)) return c.json({ error: 'Not found' }, 404);
  if (await notJson(c)) return c.json({ error: JSON_ONLY }, 415);

  const ip = clientIp(c);
  let failureKeys: string[] = [];
  if (c.req.method === 'POST' && path === '/sign-in/email') {
    const body = (await c.req.raw.clone().json().catch(() => null)) as { email?: unknown } | null;
    if (typeof body?.email === 'string') {
      const account = keyHash(body.email.trim().toLowerCase().slice(0, 254));
      failureKeys = [`sign-in-fail:${account}|${ip ?? 'unknown'}`, `sign-in-fail:${account}`];
      const checks = await Promise.all([
        peekRateLimit(deps.db, failureKeys[0], limits.perAccountAndAddress),
        peekRateLimit(deps.db, failureKeys[1], limits.perAccount),
      ]);
      const blocked = checks.find((r) => !r.allowed);
      if (blocked) {
        c.header('Retry-After', String(blocked.retryAfter));
        return c.json({ error: TOO_MANY }, 429);
      }
    }
  }

  // better-auth rate-limits by client address: give it the socket's, never a client-sent header.
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers, body: c.req.raw.body, duplex: 'half' };
  const res = await deps.auth.handler(new Request(c.req.raw.url, init));

  // Ends sessions: this instance forgets its cached ones before answering (others hear the database).
  if (res.ok && ENDS_SESSIONS.has(path)) deps.sessions?.clear();
  const user = c.get('user');
  const change = res.ok ? twoFactorChangeOf(path, user) : null;
  if (change && user) await announceTwoFactorChange(deps, user, change);
  if (res.status === 401 && failureKeys.length) {
    for (const key of failureKeys) await recordEvent(deps.db, key, limits.windowSeconds);
  }
  // better-auth says when to retry in X-Retry-After only; clients and proxies read Retry-After.
  const retryAfter = res.status === 429 ? res.headers.get('x-retry-after') : null;
  if (retryAfter && !res.headers.has('retry-after')) res.headers.set('Retry-After', retryAfter);
  return stripTokens(res);
};
