import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../app-env';
import { clientIp } from '../middleware/client-ip';
import { keyHash, peekRateLimit, recordEvent } from '../middleware/rate-limit';
import { PASSWORD_MAX_LENGTH } from '../../shared/auth-messages';
import {
  SIGN_IN_CODE_SENT,
  SIGN_IN_CODE_SENT_CODE,
  SIGN_IN_CODE_WRONG,
  SIGN_IN_CODE_WRONG_CODE,
} from '../../shared/auth-errors';
import { isAllowedAuthEndpoint } from './allowed-paths';
import { CLIENT_IP_HEADER } from './auth';
import { deviceCookie, normalizeEmail, sendSignInCode, trustedDevice, tryCode, useUpCode } from './sign-in-guard';
import { announceTwoFactorChange, twoFactorChangeOf } from './two-factor-events';

const BASE = '/api/auth';

/**
 * Failed sign-ins (401) counted per account, not attempts: a wrong password from one address
 * blocks that address for that account. A flood from everywhere never locks the owner out
 * (sign-in-guard.ts): a browser that signed in before counts its own failures only, any other
 * must add a code e-mailed to the account.
 */
export type SignInLimits = {
  windowSeconds: number;
  /** Failures for one account from one address before that address is refused for that account. */
  perAccountAndAddress: number;
  /** Failures for one account from all addresses together before a browser it does not know needs an e-mailed code. */
  perAccount: number;
  /** Failures from one trusted browser (device cookie) before it is refused for the window. */
  perDevice: number;
};
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 10,
  perAccount: 200,
  perDevice: 10,
};

const ENDS_SESSIONS = new Set(['/sign-out', '/change-password', '/reset-password']);
/** Answers that make a session: the browser becomes trusted for the account (a device cookie). */
const SIGNS_IN = new Set(['/sign-in/email', '/two-factor/verify-totp', '/two-factor/verify-backup-code']);
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
  const { secret } = await deps.auth.$context;
  let body: BodyInit | null = c.req.raw.body;
  let guard: SignInGuard = { failureKeys: [] };
  if (c.req.method === 'POST' && path === '/sign-in/email') {
    const json = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as SignInBody | null;
    if (json && typeof json.email === 'string') {
      const result = await guardSignIn(c, deps, limits, { ...json, email: json.email }, secret);
      if (result instanceof Response) return result;
      guard = result;
      // Without the code (better-auth knows no such field), the address without surrounding spaces.
      const { code: _code, ...rest } = json;
      body = JSON.stringify({ ...rest, email: json.email.trim() });
    }
  }

  // better-auth rate-limits by client address: give it the socket's, never a client-sent header.
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  if (body !== c.req.raw.body) headers.delete('content-length');
  const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers, body, duplex: 'half' };
  const res = await deps.auth.handler(new Request(c.req.raw.url, init));

  // Ends sessions: this instance forgets its cached ones before answering (others hear the database).
  if (res.ok && ENDS_SESSIONS.has(path)) deps.sessions?.clear();
  const user = c.get('user');
  const change = res.ok ? twoFactorChangeOf(path, user) : null;
  if (change && user) await announceTwoFactorChange(deps, user, change);
  if (res.status === 401) await recordFailures(deps, guard.failureKeys, limits);
  if (res.ok && guard.codeOf) await useUpCode(deps, guard.codeOf);
  // better-auth says when to retry in X-Retry-After only; clients and proxies read Retry-After.
  const retryAfter = res.status === 429 ? res.headers.get('x-retry-after') : null;
  if (retryAfter && !res.headers.has('retry-after')) res.headers.set('Retry-After', retryAfter);
  const out = await stripTokens(res);
  if (out.ok && SIGNS_IN.has(path)) {
    const email = (
      await out
        .clone()
        .json()
        .catch(() => null)
    )?.user?.email;
    if (typeof email === 'string')
      out.headers.append(
        'Set-Cookie',
        deviceCookie(secret, normalizeEmail(email), deps.config.appUrl.startsWith('https:')),
      );
  }
  return out;
};

type SignInBody = { email?: unknown; password?: unknown; code?: unknown };
/** What the sign-in goes on with: the counters a 401 adds to, and the user whose e-mailed code was given. */
type SignInGuard = { failureKeys: string[]; codeOf?: string };

const recordFailures = async (deps: Deps, keys: string[], limits: SignInLimits) => {
  for (const key of keys) await recordEvent(deps.db, key, limits.windowSeconds);
};

function tooMany(c: Context, retryAfter: number) {
  c.header('Retry-After', String(retryAfter));
  return c.json({ error: TOO_MANY }, 429);
}

/**
 * Before better-auth checks a password: the failure limits, and while the account is flooded, the
 * e-mailed code for a browser that has no device cookie of the account. Returns the answer when
 * the request goes no further.
 */
async function guardSignIn(
  c: Context<AppEnv>,
  deps: Deps,
  limits: SignInLimits,
  body: SignInBody & { email: string },
  secret: string,
): Promise<Response | SignInGuard> {
  const email = normalizeEmail(body.email);
  const device = trustedDevice(secret, email, getCookie(c));
  if (device) {
    const key = `sign-in-fail:device:${device}`;
    const check = await peekRateLimit(deps.db, key, limits.perDevice);
    return check.allowed ? { failureKeys: [key] } : tooMany(c, check.retryAfter);
  }
  const account = keyHash(email);
  const failureKeys = [`sign-in-fail:${account}|${clientIp(c) ?? 'unknown'}`, `sign-in-fail:${account}`];
  const [perAddress, perAccount] = await Promise.all([
    peekRateLimit(deps.db, failureKeys[0], limits.perAccountAndAddress),
    peekRateLimit(deps.db, failureKeys[1], limits.perAccount),
  ]);
  if (!perAddress.allowed) return tooMany(c, perAddress.retryAfter);
  if (perAccount.allowed) return { failureKeys };

  // Flooded, and a browser the account does not know: whatever the password, one answer.
  const ctx = await deps.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const user = found?.user;
  if (typeof body.code === 'string' && body.code) {
    // The right code lets better-auth check the password (and two-factor) as usual.
    if (user && (await tryCode(deps, secret, user.id, body.code))) return { failureKeys, codeOf: user.id };
    await recordFailures(deps, failureKeys, limits);
    return c.json({ error: SIGN_IN_CODE_WRONG, code: SIGN_IN_CODE_WRONG_CODE }, 401);
  }
  const password =
    typeof body.password === 'string' && body.password.length <= PASSWORD_MAX_LENGTH ? body.password : '';
  const hash = found?.accounts.find((a) => a.providerId === 'credential' && a.accountId === user?.id)?.password;
  let right = false;
  if (hash && password) right = await ctx.password.verify({ hash, password });
  // Hashing when there is nothing to compare with takes as long as a check.
  else await ctx.password.hash(password || 'x');
  if (right && user) await sendSignInCode(deps, secret, user);
  else await recordFailures(deps, failureKeys, limits);
  return c.json({ error: SIGN_IN_CODE_SENT, code: SIGN_IN_CODE_SENT_CODE }, 401);
}
