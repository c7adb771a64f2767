import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authSessions, authUsers } from '../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { dumpAllTables } from '../test/test-db';
import { SESSION_TTL_SECONDS } from './auth';

const SESSION_COOKIE = 'better-auth.session_token';

describe('sign-in with e-mail and password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionCount = async (userId: string) =>
    (await t.db.select({ n: count() }).from(authSessions).where(eq(authSessions.userId, userId)))[0].n;

  async function signUp(password = 'secret-pw-1') {
    const email = uniqueEmail('signin');
    const res = await t.signUp({ email, password });
    expect(res.status).toBe(200);
    return { email, password, user: await t.userByEmail(email) };
  }

  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED and does nothing else', async () => {
    const { email, password, user } = await signUp();
    const mailsBefore = (await t.outbox(email)).length;
    const res = await t.request('POST', '/api/auth/sign-in/email', { json: { email, password } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await t.outbox(email)).length).toBe(mailsBefore);
  });

  it('signs in after the verification link, with an httpOnly SameSite=Lax session cookie lasting 12 h', async () => {
    const { email, password, user } = await signUp();
    const verified = await t.verify(email);
    expect(verified.headers.get('location')).toBe('/signin?verified=1');
    expect(verified.headers.getSetCookie()).toEqual([]); // autoSignInAfterVerification is off
    expect((await t.userByEmail(email)).emailVerified).toBe(true);

    const started = Date.now();
    const agent = t.agent();
    const res = await agent.post('/api/auth/sign-in/email', { email, password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email, role: 'client' });
    expect(JSON.stringify(body)).not.toContain(password);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    const attrs = cookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).toContain(`max-age=${SESSION_TTL_SECONDS}`);
    expect(attrs).not.toContain('secure'); // plain http here; https APP_URLs get Secure

    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    const ttl = session.expiresAt.getTime() - started;
    expect(ttl).toBeGreaterThan(SESSION_TTL_SECONDS * 1000 - 60_000);
    expect(ttl).toBeLessThan(SESSION_TTL_SECONDS * 1000 + 60_000);
    expect(SESSION_TTL_SECONDS).toBe(12 * 60 * 60);
    expect(session.ipAddress).toBe(agent.ip);

    expect((await agent.session())?.user).toMatchObject({ id: user.id, email, role: 'client' });
  });

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    const { email } = await signUp();
    await t.verify(email);
    const wrong = await t.request('POST', '/api/auth/sign-in/email', { json: { email, password: 'not-the-password' } });
    const unknown = await t.request('POST', '/api/auth/sign-in/email', {
      json: { email: uniqueEmail('nobody'), password: 'whatever-pw' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('ignores a verification link with a bad token', async () => {
    const res = await t.request('GET', '/api/auth/verify-email?token=forged&callbackURL=%2Fsignin');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/error=/);
  });

  it('ends a session on sign-out and after 12 hours', async () => {
    const a = await t.createSignedInUser();
    expect(await a.agent.session()).not.toBeNull();
    const out = await a.agent.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect(await a.agent.session()).toBeNull();
    expect(await sessionCount(a.user.id)).toBe(0);

    const b = await t.createSignedInUser();
    const cookie = b.agent.cookie;
    expect(await b.agent.session()).not.toBeNull();
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, b.user.id));
    expect(await t.agent().session()).toBeNull(); // no cookie at all
    const res = await t.request('GET', '/api/auth/get-session', { cookie });
    expect(await res.json()).toBeNull();
  });

  it('changes the password: needs the current one, records the change and revokes the other sessions', async () => {
    const u = await t.createSignedInUser();
    const other = await t.signIn(u.email, u.password);

    const wrong = await u.agent.post('/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'changed-pw-1',
    });
    expect(wrong.status).toBe(400);
    expect(await other.session()).not.toBeNull();

    const res = await u.agent.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'changed-pw-1',
    });
    expect(res.status).toBe(200);
    expect((await t.userByEmail(u.email)).lastPasswordChange).toBeInstanceOf(Date);
    expect(await u.agent.session()).not.toBeNull(); // this device stays signed in (new session)
    expect(await other.session()).toBeNull(); // the other device is signed out
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, u.user.id))).toHaveLength(1);
    await t.signIn(u.email, 'changed-pw-1');
  });

  it('refuses change-password without a session', async () => {
    const res = await t.request('POST', '/api/auth/change-password', {
      json: { currentPassword: 'a-password', newPassword: 'changed-pw-1' },
    });
    expect(res.status).toBe(401);
  });

  it('keeps passwords only as hashes: never in any table nor in any mail', async () => {
    const password = `Plain-Text-${Date.now()}`;
    const { email, user } = await signUp(password);
    await t.verify(email);
    await t.signIn(email, password);
    // A repeated sign-up and a reset request must not leak it either.
    await t.signUp({ email, password });
    await t.request('POST', '/api/auth/request-password-reset', { json: { email, redirectTo: '/update-password' } });
    await t.mailer.settle();

    const [account] = await t.db.select().from(authAccounts).where(eq(authAccounts.userId, user.id));
    expect(account.providerId).toBe('credential');
    expect(account.password).not.toBe(password);
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // better-auth's scrypt: salt:key, hex

    const dump = await dumpAllTables(t.db);
    expect(dump).toContain(email); // the dump does hold this user's rows
    expect(dump).toContain(account.password!);
    expect(dump).not.toContain(password);
    for (const m of await t.outbox()) expect(`${m.subject}${m.text}${m.html}`).not.toContain(password);
    const [{ n }] = await t.db.select({ n: count() }).from(authUsers);
    expect(n).toBeGreaterThan(0);
  });
});
