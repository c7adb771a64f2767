// The one table from authentication error codes to sentences people read: the codes better-auth
// and OAuth providers put in a URL (`?error=...` on /signin, /update-password and the Google
// return page) and the portal's own. Text from a URL is never shown as such: anyone can write a
// link to /signin?error=Your+account+is+locked.+Call+... so a code not in this table shows
// GENERIC_AUTH_ERROR. Codes are matched without regard to case (better-auth's are UPPER_CASE,
// OAuth's lower_case). better-auth's API error codes (every one its server can answer: the base
// set and the generic OAuth plugin's; auth-errors.test.ts checks the list against the server) have
// their sentence here too, and every form that calls better-auth shows authFailureMessage(...):
// never a code, never better-auth's own terse text ('Password too short').

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-messages';
import {
  ADMIN_MUST_KEEP_TWO_FACTOR,
  TWO_FACTOR_CODE_REQUIRED,
  TWO_FACTOR_LOCKED,
  TWO_FACTOR_REQUIRED,
} from './two-factor';

export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
const SESSION_EXPIRED = 'The sign-in session expired. Please try again.';
const LINK_INVALID = 'This link is invalid or has already been used.';
const GOOGLE_FAILED = 'Sign-in with Google could not be completed. Please try again.';
const SIGN_IN_AGAIN = 'Your session has expired. Please sign in again.';
const REFUSED_REQUEST = 'The request was refused. Please reload the page and try again.';
/** A 429 from the sign-in limits (ours: auth-handler, middleware/rate-limit) or better-auth's own rate limiter. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
/**
 * The answer to a sign-in from a browser the account does not know while its sign-ins are flooded
 * with wrong passwords: the same whether the password was right (then a code is e-mailed) or not.
 */
export const SIGN_IN_CODE_SENT_CODE = 'SIGN_IN_CODE_SENT';
export const SIGN_IN_CODE_SENT =
  'To protect your account, enter the sign-in code we e-mailed to you. If no e-mail arrives within a few minutes, check your password and try again.';
/** A sign-in code that is wrong, used, expired or tried too often (whatever the password). */
export const SIGN_IN_CODE_WRONG_CODE = 'SIGN_IN_CODE_WRONG';
export const SIGN_IN_CODE_WRONG =
  'That code is not right or has expired. Check the newest e-mail, or ask for a new code.';
export const WRONG_TOTP_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
/** Said next to every new-password field. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

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
    // better-auth's API answers (BASE_ERROR_CODES and the generic OAuth plugin's).
    failed_to_create_user: 'Your account could not be created. Please try again.',
    failed_to_create_session: 'You could not be signed in. Please try again.',
    failed_to_update_user: 'Your account could not be updated. Please try again.',
    failed_to_get_session: SIGN_IN_AGAIN,
    invalid_password: 'Current password is incorrect',
    invalid_email: 'Please enter a valid email address',
    invalid_email_or_password: 'The email or password is incorrect.',
    social_account_already_linked: 'This Google account is already linked to your account.',
    provider_not_found: GOOGLE_FAILED,
    id_token_not_supported: GOOGLE_FAILED,
    failed_to_get_user_info: GOOGLE_FAILED,
    user_email_not_found: 'Your Google account did not share an email address.',
    user_already_exists: 'An account with this email already exists. Sign in instead.',
    user_already_exists_use_another_email: 'An account with this email already exists. Use another email.',
    email_can_not_be_updated: 'Your email address cannot be changed here.',
    change_email_disabled: 'Your email address cannot be changed here.',
    credential_account_not_found: 'Your account has no password yet. Use Forget Password to set one.',
    session_expired: SIGN_IN_AGAIN,
    session_not_fresh: SIGN_IN_AGAIN,
    failed_to_unlink_last_account: 'You cannot remove your only way of signing in.',
    account_not_found: 'That sign-in method is not linked to your account.',
    user_already_has_password: 'Your account already has a password.',
    password_already_set: 'Your account already has a password.',
    cross_site_navigation_login_blocked: REFUSED_REQUEST,
    verification_email_not_enabled: 'Verification emails are not available. Please contact support.',
    email_already_verified: 'Your email is already verified. You can sign in.',
    email_mismatch: 'This link belongs to another email address.',
    linked_account_already_exists: 'This Google account is already linked to your account.',
    invalid_origin: REFUSED_REQUEST,
    missing_or_null_origin: REFUSED_REQUEST,
    invalid_callback_url: REFUSED_REQUEST,
    invalid_redirect_url: REFUSED_REQUEST,
    invalid_error_callback_url: REFUSED_REQUEST,
    invalid_new_user_callback_url: REFUSED_REQUEST,
    callback_url_required: REFUSED_REQUEST,
    failed_to_create_verification: 'The email could not be prepared. Please try again.',
    field_not_allowed: REFUSED_REQUEST,
    async_validation_not_supported: REFUSED_REQUEST,
    validation_error: 'Please check the details you entered.',
    missing_field: 'Please fill in every field.',
    method_not_allowed_defer_session_required: REFUSED_REQUEST,
    body_must_be_an_object: REFUSED_REQUEST,
    invalid_oauth_configuration: GOOGLE_FAILED,
    token_url_not_found: GOOGLE_FAILED,
    // better-auth's two-factor plugin, and the portal's checks around it (server auth/two-factor.ts).
    otp_not_enabled: 'Codes by email are not available. Use your authenticator app.',
    otp_not_configured: 'Codes by email are not available. Use your authenticator app.',
    otp_has_expired: 'This code has expired. Please sign in again.',
    totp_not_enabled: 'Two-factor sign-in is not set up for this account.',
    totp_already_enabled: 'Two-factor sign-in is already on for this account.',
    totp_not_configured: 'Two-factor sign-in is not available.',
    two_factor_not_enabled: 'Two-factor sign-in is not on for this account.',
    backup_codes_not_enabled: 'Two-factor sign-in is not set up for this account.',
    invalid_backup_code: 'That recovery code is not valid or has already been used.',
    too_many_attempts_request_new_code: 'Too many wrong codes. Please sign in again with your password.',
    account_temporarily_locked: TWO_FACTOR_LOCKED,
    invalid_two_factor_cookie: 'The sign-in took too long. Please sign in again with your password.',
    failed_to_invalidate_two_factor_challenge: 'The sign-in took too long. Please sign in again with your password.',
    two_factor_code_required: TWO_FACTOR_CODE_REQUIRED,
    two_factor_required: TWO_FACTOR_REQUIRED,
    admin_two_factor_required: ADMIN_MUST_KEEP_TWO_FACTOR,
    id_token_sign_in_disabled: 'Sign in with Google through its sign-in page.',
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
    sign_in_code_sent: SIGN_IN_CODE_SENT,
    sign_in_code_wrong: SIGN_IN_CODE_WRONG,
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

/** True when the table has a sentence for `code`. */
export const hasAuthErrorMessage = (code: string) => messages.has(code.trim().toLowerCase());

/** What better-auth's client returns as `error` (its JSON body plus the HTTP status). */
export type AuthFailure = { code?: string | null; status?: number; message?: string | null };

/**
 * The sentence for a failed better-auth call: a 429 says to wait, a known code its sentence, and
 * anything else `fallback` (the screen's own words from the original product, or the generic sentence).
 */
export function authFailureMessage(failure: AuthFailure | null | undefined, fallback = GENERIC_AUTH_ERROR): string {
  // The two-factor lock is a 429 too, but says for how long.
  if (failure?.code?.toLowerCase() === 'account_temporarily_locked') return TWO_FACTOR_LOCKED;
  if (failure?.status === 429) return TOO_MANY_ATTEMPTS;
  // The code prompt's INVALID_CODE is better-auth's answer to a wrong authenticator code (401);
  // the same code in an OAuth return URL means Google's code was refused.
  if (failure?.status === 401 && failure.code?.toLowerCase() === 'invalid_code') return WRONG_TOTP_CODE;
  return authErrorMessage(failure?.code, fallback);
}
