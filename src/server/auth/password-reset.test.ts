import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authVerifications } from '../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { RESET_TOKEN_TTL_SECONDS } from './auth';

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const requestReset = (email: string, redirectTo = '/update-password') =>
    t.request('POST', '/api/auth/request-password-reset', { json: { email, redirectTo } });

  /** Asks for a reset of `email` and returns the token from the mailed link, after opening it. */
  async function resetToken(email: string) {
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    const link = t.linkIn(await t.lastMail(email, 'Reset your password'));
    expect(link).toMatch(
      new RegExp(`^${t.config.appUrl}/api/auth/reset-password/[^/?]+\\?callbackURL=%2Fupdate-password$`),
    );
    const opened = await t.request('GET', link, { origin: null });
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${t.config.appUrl}/update-password`);
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();
    return token!;
  }

  it('answers the same for an unknown and a known e-mail, and mails only the known one', async () => {
    const known = await t.createSignedInUser();
    const unknownEmail = uniqueEmail('nobody');
    const a = await requestReset(known.email);
    const b = await requestReset(unknownEmail);
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(await b.json()).toEqual(await a.json());
    expect(await t.outbox(unknownEmail)).toEqual([]);
    expect(await t.outbox(known.email)).toHaveLength(1);
  });

  it('refuses a redirect to another site (no open redirect through the reset link)', async () => {
    const u = await t.createSignedInUser();
    const res = await requestReset(u.email, 'https://evil.example/steal');
    expect(res.status).toBe(403);
    expect(await t.outbox(u.email)).toEqual([]);
  });

  it('resets once with the mailed token, revokes every session and records the change', async () => {
    const u = await t.createSignedInUser();
    const otherDevice = await t.signIn(u.email, u.password);
    expect(await u.agent.session()).not.toBeNull();
    expect(await otherDevice.session()).not.toBeNull();
    expect((await t.userByEmail(u.email)).lastPasswordChange).toBeNull();

    const token = await resetToken(u.email);
    const [row] = await t.db
      .select()
      .from(authVerifications)
      .where(like(authVerifications.identifier, 'reset-password:%'));
    const ttl = row.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan((RESET_TOKEN_TTL_SECONDS - 60) * 1000);
    expect(ttl).toBeLessThanOrEqual(RESET_TOKEN_TTL_SECONDS * 1000);

    const before = Date.now();
    const res = await t.request('POST', '/api/auth/reset-password', { json: { newPassword: 'brand-new-pw', token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });

    // Every session of the user is gone, on this device and the other.
    expect(await u.agent.session()).toBeNull();
    expect(await otherDevice.session()).toBeNull();
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, u.user.id))).toEqual([]);

    const changed = (await t.userByEmail(u.email)).lastPasswordChange;
    expect(changed).toBeInstanceOf(Date);
    expect(changed!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const old = await t.request('POST', '/api/auth/sign-in/email', { json: { email: u.email, password: u.password } });
    expect(old.status).toBe(401);
    await t.signIn(u.email, 'brand-new-pw');

    // Single use.
    const again = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'third-password', token },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    await t.signIn(u.email, 'brand-new-pw');
  });

  it('refuses an expired token (older than one hour)', async () => {
    const u = await t.createSignedInUser();
    const token = await resetToken(u.email);
    await t.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(authVerifications.identifier, `reset-password:${token}`));

    const link = t.linkIn(await t.lastMail(u.email, 'Reset your password'));
    const opened = await t.request('GET', link, { origin: null });
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');

    const res = await t.request('POST', '/api/auth/reset-password', { json: { newPassword: 'brand-new-pw', token } });
    expect(res.status).toBe(400);
    await t.signIn(u.email, u.password); // unchanged
    expect(await u.agent.session()).not.toBeNull(); // nothing revoked
  });

  it('refuses a made-up token and a too-short new password', async () => {
    const forged = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'brand-new-pw', token: 'made-up-token' },
    });
    expect(forged.status).toBe(400);

    const u = await t.createSignedInUser();
    const token = await resetToken(u.email);
    const short = await t.request('POST', '/api/auth/reset-password', { json: { newPassword: '123', token } });
    expect(short.status).toBe(400);
    await t.signIn(u.email, u.password);
  });

  const resetTokensOf = (userId: string) =>
    t.db
      .select()
      .from(authVerifications)
      .where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, userId)));

  it("using one reset link voids the user's other outstanding links, and no one else's", async () => {
    const u = await t.createSignedInUser();
    const other = await t.createSignedInUser();
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    const othersToken = await resetToken(other.email);
    expect(await resetTokensOf(u.user.id)).toHaveLength(2);

    const used = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'brand-new-pw', token: second },
    });
    expect(used.status).toBe(200);
    expect(await resetTokensOf(u.user.id)).toEqual([]);

    const stale = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'attacker-pw-1', token: first },
    });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    await t.signIn(u.email, 'brand-new-pw');

    // The other user's link still works.
    expect(await resetTokensOf(other.user.id)).toHaveLength(1);
    const theirs = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'their-new-pw', token: othersToken },
    });
    expect(theirs.status).toBe(200);
  });

  it('a password change voids every outstanding reset link of the user', async () => {
    const u = await t.createSignedInUser();
    const token = await resetToken(u.email);
    const changed = await u.agent.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'changed-pw-1',
    });
    expect(changed.status).toBe(200);
    expect(await resetTokensOf(u.user.id)).toEqual([]);

    const stale = await t.request('POST', '/api/auth/reset-password', {
      json: { newPassword: 'attacker-pw-1', token },
    });
    expect(stale.status).toBe(400);
    await t.signIn(u.email, 'changed-pw-1');
  });

  it('limits reset requests from one address to 5 per 5 minutes', async () => {
    const ip = '10.200.0.1';
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.request('POST', '/api/auth/request-password-reset', {
        ip,
        json: { email, redirectTo: '/update-password' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
  describe('the e-mail of a reset link, for the Update Password form in another browser', () => {
    const emailFor = (token: unknown, ip?: string) =>
      t.request('POST', '/api/password-reset/email', { ip, json: { token } });

    it('answers the account e-mail for a valid, unexpired token only', async () => {
      const u = await t.createSignedInUser();
      const token = await resetToken(u.email);
      const ok = await emailFor(token);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ email: u.email });
      expect(ok.headers.get('cache-control')).toContain('no-store');

      const made = await emailFor('made-up-token');
      expect(made.status).toBe(404);
      expect((await made.json()).error).toMatch(/invalid or has expired/);

      await t.db
        .update(authVerifications)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(authVerifications.identifier, `reset-password:${token}`));
      expect((await emailFor(token)).status).toBe(404);

      // A used token answers nothing either.
      const fresh = await resetToken(u.email);
      expect(
        (await t.request('POST', '/api/auth/reset-password', { json: { newPassword: 'brand-new-pw', token: fresh } }))
          .status,
      ).toBe(200);
      expect((await emailFor(fresh)).status).toBe(404);
    });

    it('refuses a malformed body with a 400 sentence', async () => {
      for (const token of ['', 42, 'x'.repeat(300), null]) {
        const res = await emailFor(token, '10.200.0.3');
        expect(res.status, JSON.stringify(token)).toBe(400);
        expect(typeof (await res.json()).error).toBe('string');
      }
      const extra = await t.request('POST', '/api/password-reset/email', {
        ip: '10.200.0.3',
        json: { token: 'abc', email: 'x@example.com' },
      });
      expect(extra.status).toBe(400);
    });

    it('limits look-ups from one address to 10 per 15 minutes', async () => {
      const ip = '10.200.0.2';
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await emailFor(`guess-${i}`, ip)).status);
      expect(statuses).toEqual([...Array(10).fill(404), 429]);
    });
  });
});
