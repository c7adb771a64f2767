import { createOTP } from '@better-auth/utils/otp';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTwoFactors } from '../db/schema';
import { branding } from '../../shared/branding';
import {
  ADMIN_MUST_KEEP_TWO_FACTOR,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CODE_REQUIRED,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
} from '../../shared/two-factor';
import { isStaffRole } from '../../shared/roles';

/** The two-factor challenge cookie's name and lifetime, as the plugin sets them after a password. */
const CHALLENGE_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 600;

/**
 * better-auth's two-factor plugin (TOTP and one-time recovery codes). Failed codes are counted in
 * the user's auth_two_factors row, so the lock holds across instances on one database.
 */
export const twoFactorPlugin = () =>
  twoFactor({
    issuer: branding.productName,
    totpOptions: { digits: 6, period: 30 },
    backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: 10 },
    accountLockout: {
      enabled: true,
      maxFailedAttempts: TWO_FACTOR_MAX_FAILURES,
      durationSeconds: TWO_FACTOR_LOCK_MINUTES * 60,
    },
    // The portal does not offer "trust this device": every sign-in asks for a code.
    trustDeviceMaxAge: 1,
  });

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Before /two-factor/disable and /two-factor/generate-backup-codes (new codes are as good as
 * turning it off): the plugin asks only for the password; we also want a current code
 * from the authenticator, so a stolen session plus a guessed or phished password is not enough.
 * Wrong codes count toward the same lock as at sign-in.
 */
export function requireCurrentCode(db: Db, opts: { adminsMustKeep: boolean }) {
  return async (ctx: HookContext) => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the endpoint answers 401 itself
    if (opts.adminsMustKeep && isStaffRole((session.user as { role?: string }).role)) {
      throw new APIError('FORBIDDEN', { code: 'ADMIN_TWO_FACTOR_REQUIRED', message: ADMIN_MUST_KEEP_TWO_FACTOR });
    }
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) {
      throw new APIError('BAD_REQUEST', { code: 'TWO_FACTOR_CODE_REQUIRED', message: TWO_FACTOR_CODE_REQUIRED });
    }
    const [row] = await db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, session.user.id));
    if (!row || row.verified === false)
      throw new APIError('BAD_REQUEST', { code: 'TWO_FACTOR_NOT_ENABLED', message: "Two factor isn't enabled" });
    if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) {
      throw new APIError('TOO_MANY_REQUESTS', {
        code: 'ACCOUNT_TEMPORARILY_LOCKED',
        message: 'Too many failed verification attempts.',
      });
    }
    // A lock that ran out starts a new count, as the plugin does at sign-in.
    if (row.lockedUntil)
      await db
        .update(authTwoFactors)
        .set({ failedVerificationCount: 0, lockedUntil: null })
        .where(eq(authTwoFactors.id, row.id));
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const ok = await createOTP(secret, { digits: 6, period: 30 }).verify(code.trim());
    if (!ok) {
      // One statement: the count and the lock move together, whatever another instance does meanwhile.
      await db
        .update(authTwoFactors)
        .set({
          failedVerificationCount: sql`${authTwoFactors.failedVerificationCount} + 1`,
          lockedUntil: sql`case when ${authTwoFactors.failedVerificationCount} + 1 >= ${TWO_FACTOR_MAX_FAILURES} then now() + make_interval(mins => ${TWO_FACTOR_LOCK_MINUTES}) else ${authTwoFactors.lockedUntil} end`,
        })
        .where(eq(authTwoFactors.id, row.id));
      throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
    }
  };
}

/**
 * After an OAuth (Google) callback: the plugin asks for the code after email sign-in only, so a
 * user with two-factor who comes back from Google would be signed in without it. Do what the
 * plugin does after a password: drop the new session, set the signed challenge cookie the
 * verify endpoints read, and send the browser to the code prompt instead of the app.
 */
export function challengeOAuthSignIn(appUrl: string) {
  return async (ctx: HookContext) => {
    const data = ctx.context.newSession;
    if (!data || !(data.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(data.session.token);
    ctx.context.setNewSession(null);
    const identifier = `2fa-${generateRandomString(20)}`;
    const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
    await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
    await ctx.context.internalAdapter.createVerificationValue({
      value: '0',
      identifier: `2fa-attempts-${identifier}`,
      expiresAt,
    });
    const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE, { maxAge: CHALLENGE_SECONDS });
    await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
    throw ctx.redirect(`${appUrl}/signin?two-factor=1`);
  };
}
