import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../auth/auth';

// better-auth's scrypt costs about 100-200 ms a hash here, and nearly every API test signs up and
// signs in several users: the suite spent minutes hashing. The tests keep a real salted scrypt hash
// (same "salt:key" shape, never the password) at a cost of N = 2^10 instead of 2^14. Only the
// test app passes it; the server always runs better-auth's own.
const N = 1024;
const KEY_LENGTH = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: 16, p: 1, maxmem: 128 * N * 16 * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export const fastPasswordHasher: PasswordHasher = {
  hash: async (password) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  verify: async ({ hash, password }) => {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
