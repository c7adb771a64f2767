import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInCodes } from '../db/schema';
import { closeSecondInstance, createTestApp, nextIp, type TestAgent, type TestApp } from '../test/test-app';
import {
  SIGN_IN_CODE_SENT,
  SIGN_IN_CODE_SENT_CODE,
  SIGN_IN_CODE_WRONG,
  SIGN_IN_CODE_WRONG_CODE,
} from '../../shared/auth-errors';
import { DEFAULT_SIGN_IN_LIMITS } from './auth-handler';
import { DEVICE_COOKIE_PREFIX, SIGN_IN_CODE_MAX_TRIES } from './sign-in-guard';

const CODE_SUBJECT = 'Your sign-in code';

// A flood of wrong passwords for one account (more than DEFAULT_SIGN_IN_LIMITS.perAccount in the
// window, from many addresses) must not lock its owner out: a browser that signed in to the
// account before carries a signed device cookie and is let through; any other browser is asked
// for a code that is e-mailed only when the password was right, and the answer never says which.
describe('sign-in under a flood of failures for one account', () => {
  let t: TestApp;
  // The same rules with a flood of 20 failures instead of 200, for the tests after the first (each
  // failure costs a password hash).
  let small: TestApp;
  const SMALL_FLOOD = 20;
  beforeAll(async () => {
    t = await createTestApp();
    small = await createTestApp({}, { database: t.database, signInLimits: { perAccount: SMALL_FLOOD } });
  });
  afterAll(async () => {
    if (small) await closeSecondInstance(small);
    await t?.close();
  });
  afterEach(() => vi.useRealTimers());

  const signIn = (a: TestAgent, json: Record<string, unknown>) =>
    a.post('/api/auth/sign-in/email', json, { ip: nextIp() });
  const codeMails = async (email: string, app = t) =>
    (await app.outbox(email)).filter((m) => m.subject.includes(CODE_SUBJECT));
  const codeIn = (mail: { text: string }) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  const deviceCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(DEVICE_COOKIE_PREFIX));

  /** Wrong passwords, 5 from each address: under every per-address limit; 250 are over the account's. */
  async function flood(email: string, { app = t, failures = 250 } = {}) {
    for (let a = 0; a < failures / 5; a++) {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const res = await app.request('POST', '/api/auth/sign-in/email', {
          ip,
          json: { email: i % 2 ? email.toUpperCase() : email, password: `guess-${a}-${i}` },
        });
        expect(res.status).toBe(401);
      }
    }
  }

  it('lets the trusted browser in at once, e-mails a code to a new browser with the right password, and tells an attacker nothing', async () => {
    const { email, password, agent: trusted } = await t.createSignedInUser();
    // The first sign-in made this browser trusted for this account: a long-lived, httpOnly, Lax cookie.
    const device = await t.agent().post('/api/auth/sign-in/email', { email, password });
    const cookie = deviceCookieOf(device);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie ?? '')?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    expect(cookie).not.toMatch(/;\s*Secure/i); // http here; behind https it is Secure (below)
    expect((await trusted.post('/api/auth/sign-out', {})).status).toBe(200);

    expect(DEFAULT_SIGN_IN_LIMITS.perAccount).toBeLessThan(250);
    await flood(email);

    // The owner's browser signs in at once, from an address it never used.
    const own = await signIn(trusted, { email, password });
    expect(own.status).toBe(200);
    expect((await trusted.session())?.user.email).toBe(email);

    // A new browser with the right password: asked for the code, which is e-mailed.
    const fresh = t.agent();
    const asked = await signIn(fresh, { email: ` ${email.toUpperCase()} `, password });
    const answer = { status: asked.status, body: await asked.text() };
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ error: SIGN_IN_CODE_SENT, code: SIGN_IN_CODE_SENT_CODE });
    expect(asked.headers.getSetCookie()).toEqual([]);
    await t.mailer.settle();
    const mails = await codeMails(email);
    expect(mails).toHaveLength(1);
    const code = codeIn(mails[0]);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed only.
    const [row] = await t.db.select().from(signInCodes);
    expect(JSON.stringify(row)).not.toContain(code);

    // The attacker's next 100 guesses get the very same answer, and no mail.
    for (let i = 0; i < 100; i++) {
      const res = await t.request('POST', '/api/auth/sign-in/email', {
        ip: nextIp(),
        json: { email: i % 3 ? email : ` ${email.toUpperCase()} `, password: `later-${i}` },
      });
      expect({ status: res.status, body: await res.text() }).toEqual(answer);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    await t.mailer.settle();
    expect(await codeMails(email)).toHaveLength(1);

    // The right password with the code signs in, and makes this browser trusted too.
    const done = await signIn(fresh, { email, password, code });
    expect(done.status).toBe(200);
    expect(deviceCookieOf(done)).toBeDefined();
    expect((await fresh.session())?.user.email).toBe(email);
    expect(await t.db.select().from(signInCodes)).toEqual([]);
    // Once only: another browser cannot reuse it.
    const reuse = await signIn(t.agent(), { email, password, code });
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toEqual({ error: SIGN_IN_CODE_WRONG, code: SIGN_IN_CODE_WRONG_CODE });
  }, 300_000);

  it('a code fails after a few wrong tries and after 15 minutes; a wrong password with the code does not sign in', async () => {
    const { email, password } = await small.createSignedInUser();
    await flood(email, { app: small, failures: SMALL_FLOOD });
    const browser = small.agent();
    const getCode = async () => {
      expect((await signIn(browser, { email, password })).status).toBe(401);
      await small.mailer.settle();
      const mails = await codeMails(email, small);
      return codeIn(mails[mails.length - 1]);
    };

    let code = await getCode();
    const wrong = code === '000000' ? '111111' : '000000';
    // A wrong code answers the same whether the password was right or not.
    const a = await signIn(browser, { email, password, code: wrong });
    const b = await signIn(browser, { email, password: 'not-it', code: wrong });
    expect(a.status).toBe(401);
    expect(await a.text()).toBe(await b.text());
    for (let i = 2; i < SIGN_IN_CODE_MAX_TRIES; i++)
      expect((await signIn(browser, { email, password, code: wrong })).status).toBe(401);
    const spent = await signIn(browser, { email, password, code });
    expect(spent.status).toBe(401);
    expect(await spent.json()).toEqual({ error: SIGN_IN_CODE_WRONG, code: SIGN_IN_CODE_WRONG_CODE });

    code = await getCode();
    expect((await signIn(browser, { email, password: 'not-it', code })).status).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    // The window of failures ended too: a fresh flood, so the code is what is asked for.
    await flood(email, { app: small, failures: SMALL_FLOOD });
    const late = await signIn(browser, { email, password, code });
    expect(await late.json()).toEqual({ error: SIGN_IN_CODE_WRONG, code: SIGN_IN_CODE_WRONG_CODE });
  });

  it("a trusted browser has a limit of its own; a forged or another account's device cookie is not trusted", async () => {
    const owner = await small.createSignedInUser();
    const other = await small.createSignedInUser();
    await flood(owner.email, { app: small, failures: SMALL_FLOOD });

    // The other account's cookie under this account's name, or this account's with its signature changed, count for nothing.
    const stranger = small.agent();
    expect((await signIn(stranger, { email: other.email, password: other.password })).status).toBe(200);
    const deviceOf = (a: TestAgent) =>
      (a.cookie ?? '')
        .split('; ')
        .find((c) => c.startsWith(DEVICE_COOKIE_PREFIX))!
        .split('=');
    const [name, value] = deviceOf(owner.agent);
    const [, otherValue] = deviceOf(stranger);
    const tampered = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [`${name}=${otherValue}`, `${name}=${tampered}`]) {
      const res = await small.request('POST', '/api/auth/sign-in/email', {
        cookie,
        json: { email: owner.email, password: owner.password },
      });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(SIGN_IN_CODE_SENT_CODE);
    }

    // The owner's trusted browser: wrong passwords count for it alone, 10 before it waits too.
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.perDevice; i++)
      expect((await signIn(owner.agent, { email: owner.email, password: `typo-${i}` })).status).toBe(401);
    const blocked = await signIn(owner.agent, { email: owner.email, password: owner.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('marks the device cookie Secure behind https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://portal.example.test' }, { database: t.database });
    try {
      const { email, password } = await t.createSignedInUser();
      const res = await secure.request('POST', '/api/auth/sign-in/email', { json: { email, password } });
      expect(res.status).toBe(200);
      expect(deviceCookieOf(res)).toMatch(/;\s*Secure/i);
    } finally {
      await closeSecondInstance(secure);
    }
  });
});
