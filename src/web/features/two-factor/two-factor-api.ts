import { authFailureMessage, type AuthFailure } from '../../../shared/auth-errors';

/**
 * better-auth's two-factor endpoints with plain fetch: the sign-in page's code prompt uses them, and
 * better-auth's client plugin would add its own redirect handling and JavaScript to that page.
 * A failure throws an Error with the sentence for its code (shared/auth-errors.ts).
 */
async function call<T>(path: string, body: Record<string, unknown>, fallback: string): Promise<T> {
  const res = await fetch(`/api/auth/two-factor/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & AuthFailure;
  if (!res.ok)
    throw new Error(authFailureMessage({ code: data.code, message: data.message, status: res.status }, fallback));
  return data;
}

export type TwoFactorSetup = { totpURI: string; backupCodes: string[] };

export const twoFactorApi = {
  /** Checks the password and starts set-up: the authenticator URI and the recovery codes (not on yet). */
  enable: (password: string) => call<TwoFactorSetup>('enable', { password }, 'Two-factor sign-in could not be set up.'),
  /** A code from the authenticator: confirms set-up (signed in) or finishes a sign-in (after the password). */
  verifyTotp: (code: string) => call<unknown>('verify-totp', { code }, 'The code could not be checked.'),
  verifyRecoveryCode: (code: string) =>
    call<unknown>('verify-backup-code', { code }, 'The recovery code could not be checked.'),
  disable: (password: string, code: string) =>
    call<unknown>('disable', { password, code }, 'Two-factor sign-in could not be turned off.'),
  newRecoveryCodes: (password: string, code: string) =>
    call<{ backupCodes: string[] }>(
      'generate-backup-codes',
      { password, code },
      'New recovery codes could not be made.',
    ),
};

/** The key people type into an authenticator app when they cannot scan, in groups of four. */
export function secretOf(totpURI: string) {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
