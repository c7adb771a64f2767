import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_REQUIRED_MESSAGE, signupSuccessMessage } from '../../../shared/auth';
import { authAccounts, authUsers } from '../../db/schema';
import { createTestApp, TEST_PHONE, uniqueEmail, type TestApp } from '../../test/test-app';

const ADMIN_EMAIL = 'boss@example.test';

describe('POST /api/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `someone@else.test, ${ADMIN_EMAIL.toUpperCase()}` });
  });
  afterAll(() => t?.close());

  const userCount = async () => (await t.db.select({ n: count() }).from(authUsers))[0].n;

  it.each([
    ['name', { email: 'a@example.test', password: 'secret123', phone: TEST_PHONE }],
    ['email', { name: 'A', password: 'secret123', phone: TEST_PHONE }],
    ['password', { name: 'A', email: 'a@example.test', phone: TEST_PHONE }],
    ['phone', { name: 'A', email: 'a@example.test', password: 'secret123' }],
    ['blank name', { name: '   ', email: 'a@example.test', password: 'secret123', phone: TEST_PHONE }],
    ['empty password', { name: 'A', email: 'a@example.test', password: '', phone: TEST_PHONE }],
  ])('without %s answers 400 with the required-fields message', async (_, body) => {
    const before = await userCount();
    const res = await t.request('POST', '/api/signup', { json: body });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(SIGNUP_REQUIRED_MESSAGE);
    expect(await userCount()).toBe(before);
  });

  it('refuses a name or phone with a line break or another control character (a forged log line) with 400, creating no user', async () => {
    const before = await userCount();
    for (const [field, value] of [
      ['name', 'Eve\nERROR forged'],
      ['name', 'Eve\rERROR forged'],
      ['name', 'Eve\u2028ERROR forged'],
      ['name', 'Eve\u0085ERROR'],
      ['name', 'Eve\u001b[31m'],
      ['name', 'Eve\tTab'],
      ['phone', '555 010\n2030'],
    ]) {
      const res = await t.signUp({ email: uniqueEmail('eve'), password: 'secret123', [field]: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(await res.json()).toEqual({
        error: `${field === 'name' ? 'Full Name' : 'Phone Number'} must be one line, without line breaks or other control characters.`,
        field,
      });
    }
    expect(await userCount()).toBe(before);
    expect(await t.outbox()).toEqual([]);
  });

  it('checks the name in better-auth too: its own sign-up and its user update refuse a control character, whoever calls them', async () => {
    const email = uniqueEmail('eve-direct');
    await expect(
      t.auth.api.signUpEmail({ body: { name: 'Eve\nERROR forged', email, password: 'secret123' } }),
    ).rejects.toMatchObject({
      status: 'BAD_REQUEST',
      message: 'Name must be one line, without line breaks or other control characters.',
    });
    expect(await t.userByEmail(email)).toBeUndefined();
    const u = await t.createSignedInUser({ name: 'Eve' });
    await expect(
      t.auth.api.updateUser({
        body: { name: 'Eve\u2028ERROR forged' },
        headers: new Headers({ cookie: u.agent.cookie ?? '' }),
      }),
    ).rejects.toMatchObject({ status: 'BAD_REQUEST' });
    expect((await t.userByEmail(u.email)).name).toBe('Eve');
  });

  it('refuses an invalid e-mail address with 400', async () => {
    const res = await t.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Please enter a valid email address', field: 'email' });
    expect(await t.outbox()).toEqual([]);
  });

  it('refuses a too-short password with 400', async () => {
    const res = await t.signUp({ email: uniqueEmail(), password: '12345' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/at least 6/);
  });

  it('refuses a body that is not JSON with 400, not 500', async () => {
    const res = await t.request('POST', '/api/signup', {
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses an extra field such as role and creates no user', async () => {
    const email = uniqueEmail('sneaky');
    const before = await userCount();
    const res = await t.signUp({ email, password: 'secret123', role: 'admin' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Unexpected field: role');
    expect(await userCount()).toBe(before);
    expect(await t.userByEmail(email)).toBeUndefined();
  });

  it('creates an unverified client and mails a verification link', async () => {
    const email = uniqueEmail('new');
    const res = await t.signUp({ name: 'Ada Lovelace', email, password: 'secret123', phone: '+1 (555) 123-4567' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, success: true, message: signupSuccessMessage(email) });
    expect(res.headers.getSetCookie()).toEqual([]); // not signed in before verifying

    const user = await t.userByEmail(email);
    expect(user).toMatchObject({
      email,
      name: 'Ada Lovelace',
      phone: '+1 (555) 123-4567',
      role: 'client',
      emailVerified: false,
    });
    expect(user.initiator).toBe(t.config.appUrl);

    const mails = await t.outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Verify your email/);
    expect(t.linkIn(mails[0])).toMatch(
      new RegExp(`^${t.config.appUrl}/api/auth/verify-email\\?token=[^&]+&callbackURL=`),
    );
  });

  it('lower-cases the e-mail address it stores', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const res = await t.signUp({ email, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(await t.userByEmail(email.toLowerCase())).toBeDefined();
  });

  it('answers a repeated sign-up exactly like a new one and mails the owner instead', async () => {
    const email = uniqueEmail('twice');
    const first = await t.signUp({ name: 'Owner', email, password: 'original-pw' });
    expect(first.status).toBe(200);
    const firstBody = await first.json();

    const again = await t.signUp({ name: 'Intruder', email, password: 'other-password', phone: '555 999 0000' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);

    const users = await t.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ name: 'Owner', phone: TEST_PHONE });
    const accounts = await t.db.select().from(authAccounts).where(eq(authAccounts.userId, users[0].id));
    expect(accounts).toHaveLength(1);

    const subjects = (await t.outbox(email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/Verify your email/);
    expect(subjects[1]).toMatch(/Sign-up attempt/);
    expect((await t.lastMail(email, 'Sign-up attempt')).text).toContain(`${t.config.appUrl}/signin`);

    // The original password still works once verified; the second one never did anything.
    await t.verify(email);
    await t.signIn(email, 'original-pw');
    const res = await t.request('POST', '/api/auth/sign-in/email', { json: { email, password: 'other-password' } });
    expect(res.status).toBe(401);
  });

  it('makes an e-mail listed in ADMIN_EMAILS an admin (case-insensitive)', async () => {
    const res = await t.signUp({ email: ADMIN_EMAIL, password: 'secret123' });
    expect(res.status).toBe(200);
    expect((await t.userByEmail(ADMIN_EMAIL)).role).toBe('admin');
  });

  it('refuses a cross-site sign-up (no Origin, foreign Origin)', async () => {
    const email = uniqueEmail('csrf');
    for (const origin of [null, 'https://evil.example']) {
      const res = await t.signUp({ email, password: 'secret123' }, { origin });
      expect(res.status).toBe(403);
    }
    expect(await t.userByEmail(email)).toBeUndefined();
  });

  it("keeps better-auth's own sign-up endpoint disabled (404)", async () => {
    const email = uniqueEmail('direct');
    const res = await t.request('POST', '/api/auth/sign-up/email', {
      json: { name: 'Direct', email, password: 'secret123', role: 'admin' },
    });
    expect(res.status).toBe(404);
    expect(await t.userByEmail(email)).toBeUndefined();
  });
});
