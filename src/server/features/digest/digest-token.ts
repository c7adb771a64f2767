import { createHmac, timingSafeEqual } from 'node:crypto';

// The digest's unsubscribe link works without signing in: its token names the client and carries
// an HMAC under the auth secret (shared by every instance) for this one purpose, so it cannot be
// made for another client, nor taken from (or used as) any other signed value of the portal.
const PURPOSE = 'weekly-digest-unsubscribe';

const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\u0000${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string) =>
  `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;

/** The client the token was made for, or null for anything else (tampered, truncated, another purpose). */
export function unsubscribeTokenUser(secret: string, token: string): string | null {
  const [id, sig, ...rest] = token.split('.');
  if (!id || !sig || rest.length) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  if (!userId || Buffer.from(userId).toString('base64url') !== id) return null;
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? userId : null;
}
