import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  });
  // A fresh account per test: the per-account limit (20 per 15 min) must not be what a test measures here.
  beforeEach(async () => {
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

describe('rate limiting per account and of sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('throttles failed sign-ins for one account even when every attempt comes from a new address', async () => {
    const { email } = await t.createSignedInUser();
    // createSignedInUser signed in once already: every attempt counts, so 19 more are allowed.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.request('POST', '/api/auth/sign-in/email', { json: { email: email.toUpperCase(), password: `wrong-${i}` } });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 19)).toEqual(Array(19).fill(401));
    expect(statuses[19]).toBe(429);
    // Another account is not affected.
    const other = await t.createSignedInUser();
    expect((await t.request('POST', '/api/auth/sign-in/email', { json: { email: other.email, password: 'wrong' } })).status).toBe(401);
  });

  it('limits sign-ups from one address to 20 an hour', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await t.signUp({ email: `limit-${i}-${Date.now()}@example.test`, password: 'secret123' }, { ip });
      expect(res.status).toBe(200);
    }
    const blocked = await t.signUp({ email: `limit-x-${Date.now()}@example.test`, password: 'secret123' }, { ip });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many attempts/);
    expect((await t.signUp({ email: `limit-y-${Date.now()}@example.test`, password: 'secret123' }, { ip: '10.99.0.2' })).status).toBe(200);
  });
});
