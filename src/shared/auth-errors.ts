// The one table from authentication error codes to sentences people read: the codes better-auth
// and OAuth providers put in a URL (`?error=...` on /signin, /update-password and the Google
// return page) and the portal's own. Text from a URL is never shown as such: anyone can write a
// link to /signin?error=Your+account+is+locked.+Call+... so a code not in this table shows
// GENERIC_AUTH_ERROR. Codes are matched without regard to case (better-auth's are UPPER_CASE,
// OAuth's lower_case); better-auth's API error codes can be added here as screens need them.

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';

export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
const SESSION_EXPIRED = 'The sign-in session expired. Please try again.';
const LINK_INVALID = 'This link is invalid or has already been used.';
const GOOGLE_FAILED = 'Sign-in with Google could not be completed. Please try again.';

/** The portal's own codes, for the places that put an error in a URL themselves. */
export const portalAuthErrorCodes = {
  googleNotConfigured: 'google_not_configured',
  googleSignInFailed: 'google_sign_in_failed',
  noSession: 'no_session',
  authenticationFailed: 'authentication_failed',
} as const;

const messages = new Map<string, string>(
  Object.entries({
    // better-auth: e-mail verification and password reset links.
    invalid_token: LINK_INVALID,
    token_expired: 'This link has expired. Please request a new one.',
    user_not_found: LINK_INVALID,
    invalid_user: 'This link belongs to another account. Sign out and open it again.',
    email_not_verified: 'Your email is not verified yet. Open the link in the verification email we sent you.',
    password_too_short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    password_too_long: `Password can be at most ${PASSWORD_MAX_LENGTH} characters`,
    // OAuth (Google): the provider's refusal and better-auth's callback codes.
    access_denied: 'Access was denied by the sign-in provider.',
    state_mismatch: SESSION_EXPIRED,
    state_not_found: SESSION_EXPIRED,
    state_invalid: SESSION_EXPIRED,
    state_security_mismatch: SESSION_EXPIRED,
    please_restart_the_process: SESSION_EXPIRED,
    invalid_callback_request: SESSION_EXPIRED,
    account_not_linked: 'This Google account is not linked to your account. Sign in with your password first.',
    unable_to_link_account: 'This Google account could not be linked to your account.',
    account_already_linked_to_different_user: 'This Google account is already linked to another account.',
    email_does_not_match: 'The Google account’s email address does not match your account.',
    email_not_found: 'Your Google account did not share an email address.',
    no_code: GOOGLE_FAILED,
    invalid_code: GOOGLE_FAILED,
    unable_to_get_user_info: GOOGLE_FAILED,
    oauth_provider_not_found: GOOGLE_FAILED,
    issuer_missing: GOOGLE_FAILED,
    issuer_mismatch: GOOGLE_FAILED,
    nonce_binding_missing: GOOGLE_FAILED,
    no_callback_url: GOOGLE_FAILED,
    internal_server_error: GOOGLE_FAILED,
    // The portal's own.
    [portalAuthErrorCodes.googleNotConfigured]: GOOGLE_NOT_CONFIGURED,
    [portalAuthErrorCodes.googleSignInFailed]: GOOGLE_FAILED,
    [portalAuthErrorCodes.noSession]: 'No user session found',
    [portalAuthErrorCodes.authenticationFailed]: 'Authentication failed',
  }),
);

/**
 * The sentence for an error code. Any other text (an unknown code, a message from a URL) gives
 * `fallback`: the generic sentence, or for an error our own server answered, its message.
 */
export function authErrorMessage(code: string | null | undefined, fallback = GENERIC_AUTH_ERROR): string {
  return (code && messages.get(code.trim().toLowerCase())) || fallback;
}
