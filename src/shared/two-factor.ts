// Two-factor sign-in (better-auth's two-factor plugin): the numbers and sentences the server and
// the web share.

/** Wrong codes in a row (at sign-in or when turning it off) before further tries are refused. */
export const TWO_FACTOR_MAX_FAILURES = 5;
/** How long the refusal lasts. */
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** Recovery codes made at set-up and on every renewal, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** The 403 code an administrator without two-factor gets while REQUIRE_ADMIN_2FA is on. */
export const TWO_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_REQUIRED';
export const TWO_FACTOR_REQUIRED =
  'Administrators must turn on two-factor sign-in before they can continue. Set it up in the portal first.';
export const ADMIN_MUST_KEEP_TWO_FACTOR = 'Administrators must keep two-factor sign-in on.';
export const TWO_FACTOR_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const TWO_FACTOR_LOCKED = `Too many wrong codes. Try again in ${TWO_FACTOR_LOCK_MINUTES} minutes.`;

/** Where the web sends an administrator who must set it up. */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

/** A code typed by a person: spaces and dashes in the middle are fine. */
export const normalizeTotpCode = (raw: string) => raw.replace(/[\s-]/g, '');
