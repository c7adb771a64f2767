import { z } from 'zod';
import { normalizeTotpCode, TWO_FACTOR_CODE_REQUIRED } from './two-factor';

// The two-factor forms' inputs, apart from two-factor.ts: the sign-in page's first load reads that
// file (through auth-errors.ts) and must not bring zod with it. better-auth's endpoints (and the
// server's requireCurrentCode) check what arrives themselves.

const password = z.string().min(1, 'Enter your password.');
/** What is sent is the code without the spaces and dashes people type in its middle. */
const totpCode = z
  .string()
  .transform(normalizeTotpCode)
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_CODE_REQUIRED));

/** Set-up's first step: the password again. */
export const twoFactorPasswordInput = z.object({ password });
/** A code from the authenticator app: set-up's last step, or the second step of signing in. */
export const totpCodeInput = z.object({ code: totpCode });
/** A recovery code instead, at sign-in. */
export const recoveryCodeInput = z.object({ code: z.string().trim().min(1, 'Enter one of your recovery codes.') });
/** Turning it off or making new recovery codes: the password and a current code. */
export const twoFactorConfirmInput = z.object({ password, code: totpCode });
