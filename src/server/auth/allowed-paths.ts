/**
 * The better-auth endpoints the portal really uses, relative to /api/auth. Every other endpoint
 * better-auth registers (update-user, change-email, delete-user, list-sessions, ...) answers 404:
 * it would write without the validation our own routes apply (a name of a million characters,
 * a name that is an object), or expose what the SPA never needs.
 *
 * A later feature that needs another better-auth endpoint (two-factor, a list of the user's
 * sessions, ...) adds its method and path here, with a test.
 */
export const ALLOWED_AUTH_ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  // Session and sign-in / sign-out (web: auth-context, sign-in page, grant page).
  { method: 'GET', path: '/get-session' },
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-out' },
  // Google through the generic OAuth plugin: better-auth 1.7 routes it through the core social endpoints.
  { method: 'POST', path: '/sign-in/social' },
  { method: 'GET', path: '/callback/:id' },
  // The sidebar footer's "Connect Google": links Google to the signed-in account (it returns
  // through /callback/:id), and reads the user's own sign-in methods to say when it is connected.
  { method: 'POST', path: '/link-social' },
  { method: 'GET', path: '/list-accounts' },
  // E-mail verification (the mailed link, and "Resend verification email").
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
  // Forgot / reset password: the request, the mailed link, the new password.
  { method: 'POST', path: '/request-password-reset' },
  { method: 'GET', path: '/reset-password/:token' },
  { method: 'POST', path: '/reset-password' },
  // My Account > Change password.
  { method: 'POST', path: '/change-password' },
  // Two-factor sign-in (My Account > Security Settings, the administrators' set-up page, the code
  // prompt after the password). The TOTP URI comes with /enable; /get-totp-uri is not needed.
  { method: 'POST', path: '/two-factor/enable' },
  { method: 'POST', path: '/two-factor/verify-totp' },
  { method: 'POST', path: '/two-factor/verify-backup-code' },
  { method: 'POST', path: '/two-factor/disable' },
  { method: 'POST', path: '/two-factor/generate-backup-codes' },
  // better-auth's own error page (OAuth failures redirect there) and health check.
  { method: 'GET', path: '/error' },
  { method: 'GET', path: '/ok' },
];

const patterns = ALLOWED_AUTH_ENDPOINTS.map((e) => ({
  method: e.method,
  // A parameter is one non-empty path segment.
  regex: new RegExp(`^${e.path.replace(/:\w+/g, '[^/]+')}$`),
}));

/** True when `path` (relative to /api/auth, without the query) is an endpoint the portal uses. */
export function isAllowedAuthEndpoint(method: string, path: string) {
  return patterns.some((e) => e.method === method && e.regex.test(path));
}
