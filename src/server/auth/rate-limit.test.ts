import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRateLimits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { CLIENT_IP_HEADER } from './auth';

// better-auth's rule for /sign-in/email here: 10 requests per 60 s per client address, counted in
// the database (so it holds across app instances).
const LIMIT = 10;

describe('rate limiting of sign-in', () => {
  let t: TestApp;
  let email: string;
  let password: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ email, password } = await t.createSignedInUser());
  });
  afterAll(() => t?.close());

  const signIn = (ip: string, pw: string, headers?: Record<string, string>) =>
    t.request('POST', '/api/auth/sign-in/email', { ip, headers, json: { email, password: pw } });

  it('answers 429 with Retry-After after 10 attempts from one address, even for the right password', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < LIMIT; i++) expect((await signIn(ip, `wrong-${i}`)).status).toBe(401);

    const blocked = await signIn(ip, 'wrong-again');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.headers.getSetCookie()).toEqual([]);

    const right = await signIn(ip, password);
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);

    // The counter lives in the database, keyed by the address the server saw.
    const rows = await t.db.select().from(authRateLimits).where(like(authRateLimits.key, `${ip}|%`));
    expect(rows.map((r) => r.key)).toEqual([`${ip}|/sign-in/email`]);
    expect(rows[0].count).toBe(LIMIT);
  });

  it('does not block another address', async () => {
    expect((await signIn('10.77.0.2', 'wrong')).status).toBe(401);
    expect((await signIn('10.77.0.3', password)).status).toBe(200);
  });

  it('takes the address from the connection: a client-sent header neither dodges the limit nor blocks the address it names', async () => {
    const ip = '10.77.0.4';
    const victim = '10.77.0.5';
    for (let i = 0; i < LIMIT; i++) {
      const res = await signIn(ip, 'wrong', { [CLIENT_IP_HEADER]: victim, 'x-forwarded-for': victim, 'x-real-ip': victim });
      expect(res.status).toBe(401);
    }
    const res = await signIn(ip, password, { [CLIENT_IP_HEADER]: '192.168.2.1', 'x-forwarded-for': '172.16.1.1', 'x-real-ip': '172.16.1.2' });
    expect(res.status).toBe(429);
    expect((await signIn(victim, password)).status).toBe(200);
  });
});
