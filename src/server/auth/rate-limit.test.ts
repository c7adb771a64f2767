import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authRateLimits } from '../db/schema';
import { createTestApp, nextIp, uniqueEmail, type TestApp } from '../test/test-app';
import { CLIENT_IP_HEADER } from './auth';
import { DEFAULT_SIGN_IN_LIMITS } from './auth-handler';
import { SIGN_IN_CODE_SENT_CODE } from '../../shared/auth-errors';

// better-auth's rule for /sign-in/email here: 10 requests per 60 s per client address, counted in
// the database (so it holds across app instances). Ours, around it: failed sign-ins per account
// and address (10 per 15 min) and per account alone (200 per 15 min, after which a browser the
// account does not know needs an e-mailed code).
const LIMIT = 10;

describe('rate limiting of sign-in', () => {
  let t: TestApp;
  let email: string;
  let password: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // A fresh account per test: the per-account limits must not be what a test measures here.
  beforeEach(async () => {
    ({ email, password } = await t.createSignedInUser());
  });
  afterAll(() => t?.close());

  const signIn = (ip: string, pw: string, headers?: Record<string, string>) =>
    t.request('POST', '/api/auth/sign-in/email', { ip, headers, json: { email, password: pw } });

  // Attempts on other (unknown) accounts: only better-auth's per-address limit sees them all.
  const guessElsewhere = (ip: string, headers?: Record<string, string>) =>
    t.request('POST', '/api/auth/sign-in/email', {
      ip,
      headers,
      json: { email: uniqueEmail('nobody'), password: 'wrong-pw' },
    });

  it('answers 429 with Retry-After after 10 attempts from one address, even for the right password', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < LIMIT; i++) expect((await guessElsewhere(ip)).status).toBe(401);

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
    const rows = await t.db
      .select()
      .from(authRateLimits)
      .where(like(authRateLimits.key, `${ip}|%`));
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
      const res = await guessElsewhere(ip, {
        [CLIENT_IP_HEADER]: victim,
        'x-forwarded-for': victim,
        'x-real-ip': victim,
      });
      expect(res.status).toBe(401);
    }
    const res = await signIn(ip, password, {
      [CLIENT_IP_HEADER]: '192.168.2.1',
      'x-forwarded-for': '172.16.1.1',
      'x-real-ip': '172.16.1.2',
    });
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

  const signIn = (email: string, password: string, ip = nextIp()) =>
    t.request('POST', '/api/auth/sign-in/email', { ip, json: { email, password } });

  it('counts failures per account and address: the 11th attempt from that address is refused for 15 minutes, others still sign in', async () => {
    const { email, password } = await t.createSignedInUser();
    const ip = '10.78.0.1';
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.perAccountAndAddress; i++)
      expect((await signIn(email.toUpperCase(), `wrong-${i}`, ip)).status).toBe(401);
    // better-auth's own per-address minute is spent too: clear it, so what answers below is ours.
    await t.db.delete(authRateLimits).where(like(authRateLimits.key, `${ip}|%`));

    const blocked = await signIn(email, password, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.getSetCookie()).toEqual([]);

    // The same address still signs in to another account; the owner signs in from elsewhere.
    const other = await t.createSignedInUser();
    expect((await signIn(other.email, other.password, ip)).status).toBe(200);
    expect((await signIn(email, password)).status).toBe(200);
  });

  it("an attacker's 25 failures from 5 addresses do not stop the real user's correct sign-in from a sixth", async () => {
    const { email, password } = await t.createSignedInUser();
    for (let a = 0; a < 5; a++) {
      const ip = `10.79.0.${a + 1}`;
      for (let i = 0; i < 5; i++) expect((await signIn(email, `guess-${a}-${i}`, ip)).status).toBe(401);
    }
    const res = await signIn(email, password, '10.79.0.6');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it('counts failures only: 25 correct sign-ins to one account in a row all succeed', async () => {
    const { email, password } = await t.createSignedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await signIn(email, password)).status);
    expect(statuses).toEqual(Array(25).fill(200));
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
    expect(
      (await t.signUp({ email: `limit-y-${Date.now()}@example.test`, password: 'secret123' }, { ip: '10.99.0.2' }))
        .status,
    ).toBe(200);
  });
});

describe('rate limiting of failed sign-ins per account, from everywhere', () => {
  // The same rule with a lower threshold (the default is 200 failures per 15 min), so the test
  // does not hash hundreds of wrong passwords.
  const PER_ACCOUNT = 30;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { signInLimits: { perAccount: PER_ACCOUNT } });
  });
  afterAll(() => t?.close());

  it('1,000 guesses spread over as many addresses: once the account has seen its limit of failures, a browser it does not know is asked for an e-mailed code', async () => {
    expect(DEFAULT_SIGN_IN_LIMITS.perAccount).toBeLessThan(1000);
    const { email, password } = await t.createSignedInUser();
    let firstAsked = 0;
    for (let i = 1; i <= 1000; i++) {
      const res = await t.request('POST', '/api/auth/sign-in/email', { json: { email, password: `guess-${i}` } }); // a new address each time
      expect(res.status).toBe(401);
      if ((await res.json()).code === SIGN_IN_CODE_SENT_CODE) {
        firstAsked = i;
        break;
      }
    }
    expect(firstAsked).toBe(PER_ACCOUNT + 1);
    // The right password from a new browser gets the same answer (and the code by e-mail: sign-in-lockout.test.ts)...
    const right = await t.request('POST', '/api/auth/sign-in/email', { json: { email, password } });
    expect(right.status).toBe(401);
    expect((await right.json()).code).toBe(SIGN_IN_CODE_SENT_CODE);
    // ...and only for that account.
    const other = await t.createSignedInUser();
    expect(
      (await t.request('POST', '/api/auth/sign-in/email', { json: { email: other.email, password: other.password } }))
        .status,
    ).toBe(200);
  });
});
