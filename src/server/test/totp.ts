import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/** The Base32 secret an authenticator app is given (the otpauth URI's, or the text on the page). */
export const secretOfUri = (totpURI: string) => new URL(totpURI).searchParams.get('secret')!;

/** The code an authenticator app shows now for a Base32 secret, as a person's phone would. */
export function totpCode(base32Secret: string, at = Date.now()): Promise<string> {
  const raw = new TextDecoder().decode(base32.decode(base32Secret.replace(/\s+/g, '').toUpperCase()));
  // The time step's counter, as TOTP defines it: a code for another moment without touching the clock.
  return createOTP(raw, { digits: 6, period: 30 }).hotp(Math.floor(at / 30_000));
}
