import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { and, eq, like } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { existingAccountMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { PASSWORD_MIN_LENGTH } from '../../shared/auth';
import { isSingleLine, singleLineMessage } from '../../shared/text';
import { betterAuthLogger } from './auth-logger';
import { outageLog } from '../db/unavailable';
import { mayMail } from './mail-limit';
import { challengeOAuthSignIn, requireCurrentCode, twoFactorPlugin } from './two-factor';

export const CLIENT_IP_HEADER = 'x-portal-client-ip';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** How passwords are hashed and checked; better-auth's own (scrypt) unless the API tests pass a cheaper one. */
export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * A user's name and other text as better-auth writes them, by any path (our sign-up, a Google
 * sign-in, a later update): one line, no control characters, as every single-line field of ours
 * (shared/text.ts). A name is printed in mails and logs, where a line break could forge a line.
 */
function checkUserText(data: Partial<Record<string, unknown>>) {
  for (const [key, label] of [
    ['name', 'Name'],
    ['phone', 'Phone'],
    ['initiator', 'Initiator'],
  ] as const) {
    const value = data[key];
    if (typeof value === 'string' && !isSingleLine(value))
      throw new APIError('BAD_REQUEST', { code: 'INVALID_TEXT', message: singleLineMessage(label) });
  }
}

export function createAuth(opts: {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: Logger;
  passwordHasher?: PasswordHasher;
}) {
  const { config, db, mailer, log } = opts;
  const roleFor = (email: string) => (config.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'client');
  const checkCurrentCode = requireCurrentCode(db, { adminsMustKeep: config.requireAdmin2fa });
  const checkCodeOnly = requireCurrentCode(db, { adminsMustKeep: false });
  const challengeOAuth = challengeOAuthSignIn(config.appUrl);
  // A used reset link, or a password change, voids every other reset link of the user
  // (better-auth keeps them as verification rows 'reset-password:<token>' with the user id as value).
  const dropResetTokens = (userId: string) =>
    db
      .delete(authVerifications)
      .where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, userId)));

  return betterAuth({
    appName: 'Total Business Build-Out',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    // Through our logger, without the query parameters and values better-auth would print.
    logger: betterAuthLogger(log, config.logLevel, (reason) => outageLog(db, log).failed(reason)),
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
        twoFactor: authTwoFactors,
      },
    }),
    // Sign-up goes through POST /api/signup, which validates the original product's core_signup payload first.
    disabledPaths: ['/sign-up/email'],
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, defaultValue: '', input: true },
        initiator: { type: 'string', required: false, defaultValue: 'root', input: true },
        role: { type: 'string', required: false, defaultValue: 'client', input: false },
        lastPasswordChange: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      ...(opts.passwordHasher ? { password: opts.passwordHasher } : {}),
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A reset updates the account through updateMany, whose after-hook gets a row count, not the
      // account: record the change here (the account hook below covers change-password).
      onPasswordReset: async ({ user }) => {
        await db.update(authUsers).set({ lastPasswordChange: new Date() }).where(eq(authUsers.id, user.id));
        await dropResetTokens(user.id);
      },
      sendResetPassword: async ({ user, url }) => {
        if (await mayMail(db, log, 'reset', user.email)) await mailer.send(resetPasswordMail(user.email, url));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (await mayMail(db, log, 'account-exists', user.email))
          await mailer.send(existingAccountMail(user.email, `${config.appUrl}/signin`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        if (await mayMail(db, log, 'verification', user.email))
          await mailer.send(verificationMail(user.email, user.name, url));
      },
    },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 15 * 60 },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 300, max: 5 },
        '/send-verification-email': { window: 300, max: 5 },
        // Read on every page load; several people behind one office address must not lock each other out.
        '/get-session': false,
      },
    },
    advanced: {
      // better-auth skips its origin checks (callback URLs, CSRF) when NODE_ENV=test or TEST is set;
      // keep them on whatever the environment, so the tests exercise what production runs.
      disableOriginCheck: false,
      // The server sets this header from the socket address and drops any copy sent by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      // A password change signs out the user's other sessions whatever the client asks for.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/change-password') return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        // A provider's ID token posted here makes a session (or links an account) without the OAuth
        // callback, so without the two-factor challenge that runs after it: the portal only ever
        // uses the redirect flow.
        if (
          (ctx.path === '/sign-in/social' || ctx.path === '/link-social') &&
          (ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined
        )
          throw new APIError('BAD_REQUEST', {
            code: 'ID_TOKEN_SIGN_IN_DISABLED',
            message: 'Sign in with Google through its sign-in page.',
          });
        if (ctx.path === '/two-factor/disable') await checkCurrentCode(ctx);
        // New recovery codes are as good as turning it off (sign-in without the app): a current code too.
        if (ctx.path === '/two-factor/generate-backup-codes') await checkCodeOnly(ctx);
      }),
      // Google's return asks for the code too when the user has two-factor (the plugin covers e-mail sign-in only).
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/callback/:id') await challengeOAuth(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The role never comes from the request: only ADMIN_EMAILS (or the role command) makes an admin.
          before: async (user) => {
            checkUserText(user);
            return { data: { ...user, role: roleFor(user.email) } };
          },
        },
        update: {
          before: async (data) => {
            checkUserText(data);
            return { data };
          },
        },
      },
      account: {
        update: {
          after: async (account) => {
            if (account.providerId === 'credential' && account.password) {
              await db
                .update(authUsers)
                .set({ lastPasswordChange: new Date() })
                .where(eq(authUsers.id, account.userId));
              await dropResetTokens(account.userId);
            }
          },
        },
      },
    },
    plugins: [
      twoFactorPlugin(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  accessType: 'offline',
                  prompt: 'consent',
                  pkce: true,
                  // Signing out of the portal ends the portal's session only, never the person's Google
                  // session (better-auth would otherwise send the browser to the provider's logout page).
                  disableProviderLogout: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}
export type Auth = ReturnType<typeof createAuth>;
