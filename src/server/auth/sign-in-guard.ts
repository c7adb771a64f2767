import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { generateCookie } from 'hono/cookie';
import type { Deps } from '../app-env';
import { signInCodes } from '../db/schema';
import { signInCodeMail } from '../mail/templates';
import { mayMail } from './mail-limit';

// Sign-in under a flood of wrong passwords for one account, after OWASP's "device cookies": a
// browser that signed in to the account before proves it with a cookie signed with the auth
// secret and is let through (with a failure limit of its own); any other browser is asked for a
// code that is e-mailed only when its password was right, and gets the same answer either way.

/** Every device cookie's name starts with this; the rest names the account without showing its address. */
export const DEVICE_COOKIE_PREFIX = 'portal_device_';
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60; // the longest a browser keeps a cookie
export const SIGN_IN_CODE_MINUTES = 15;
/** Tries with one code (right password or not) before it stops working. */
export const SIGN_IN_CODE_MAX_TRIES = 5;

/** The account's key in counters and cookies: the address as typed, without case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase().slice(0, 254);

const mac = (secret: string, purpose: string, data: string) =>
  createHmac('sha256', secret).update(`${purpose}\u0000${data}`).digest('base64url');

const deviceCookieName = (secret: string, email: string) =>
  DEVICE_COOKIE_PREFIX + mac(secret, 'device-cookie-name', email).slice(0, 16);

/**
 * The device id of a valid device cookie for `email` among the request's cookies, or null. The
 * value is `<random id>.<HMAC of the address and the id>`: it cannot be made for another account
 * or without the secret.
 */
export function trustedDevice(secret: string, email: string, cookies: Record<string, string>): string | null {
  const value = cookies[deviceCookieName(secret, email)];
  const [id, sig] = value?.split('.') ?? [];
  if (!id || !sig) return null;
  const want = Buffer.from(mac(secret, 'device-cookie', `${email}\u0000${id}`));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
}

/** A Set-Cookie line that makes this browser trusted for `email` (a fresh id on every sign-in). */
export function deviceCookie(secret: string, email: string, secure: boolean) {
  const id = randomBytes(16).toString('base64url');
  return generateCookie(
    deviceCookieName(secret, email),
    `${id}.${mac(secret, 'device-cookie', `${email}\u0000${id}`)}`,
    {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: DEVICE_COOKIE_MAX_AGE,
    },
  );
}

const codeHash = (secret: string, userId: string, code: string) =>
  mac(secret, 'sign-in-code', `${userId}\u0000${code}`);

/** Makes a new code for the user (replacing any earlier one) and mails it, within the auth-mail limit. */
export async function sendSignInCode(deps: Deps, secret: string, user: { id: string; email: string }) {
  if (!(await mayMail(deps.db, deps.log, 'sign-in-code', user.email))) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    codeHash: codeHash(secret, user.id, code),
    expiresAt: new Date(Date.now() + SIGN_IN_CODE_MINUTES * 60_000),
    tries: 0,
  };
  await deps.db
    .insert(signInCodes)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: signInCodes.userId, set: row });
  await deps.mailer.send(signInCodeMail(user.email, code, SIGN_IN_CODE_MINUTES));
}

/**
 * Counts one try of `code` for the user and says whether it is the live code. Any try, right or
 * wrong, counts: a code is good for SIGN_IN_CODE_MAX_TRIES sign-ins with a wrong password at most.
 */
export async function tryCode(deps: Deps, secret: string, userId: string, code: string) {
  const [row] = await deps.db
    .update(signInCodes)
    .set({ tries: sql`${signInCodes.tries} + 1` })
    .where(
      and(
        eq(signInCodes.userId, userId),
        gt(signInCodes.expiresAt, new Date()),
        lt(signInCodes.tries, SIGN_IN_CODE_MAX_TRIES),
      ),
    )
    .returning({ codeHash: signInCodes.codeHash });
  if (!row) return false;
  const want = Buffer.from(row.codeHash);
  const got = Buffer.from(codeHash(secret, userId, code.trim()));
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The code did its job: it cannot be used again. */
export const useUpCode = (deps: Deps, userId: string) =>
  deps.db.delete(signInCodes).where(eq(signInCodes.userId, userId));
