import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authTwoFactors, authUsers } from '../db/schema';
import { createTestApp, nextIp, type TestAgent, type TestApp } from '../test/test-app';
import { secretOfUri, totpCode } from '../test/totp';
import { TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_CODE } from '../../shared/two-factor';
import { startOidcServer } from '../../../e2e/support/oidc-server';

/** A code the authenticator showed ten minutes ago: well formed, and no longer accepted. */
const staleCode = (secret: string) => totpCode(secret, Date.now() - 10 * 60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' });
});
afterAll(() => t?.close());

// better-auth allows 3 two-factor requests per 10 s from one address: each call comes from its own.
/** A second instance on t's database stops its own parts only: t.close() closes the shared database. */
async function closeSecond(app: TestApp) {
  await app.mailer.settle();
  await app.realtime.close();
  await app.sessions.close();
}

const post = (a: TestAgent, path: string, json: unknown) => a.post(`/api/auth${path}`, json, { ip: nextIp() });

/** Turns two-factor on for a signed-in user as the web does: password, then a code. */
async function turnOn(a: TestAgent, password: string) {
  const res = await post(a, '/two-factor/enable', { password });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(body.totpURI);
  const confirmed = await post(a, '/two-factor/verify-totp', { code: await totpCode(secret) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: body.backupCodes, totpURI: body.totpURI };
}

/** A signed-in user with two-factor on. */
async function userWithTwoFactor(role: 'client' | 'admin' = 'client') {
  const u = await t.createSignedInUser({ role });
  return { ...u, ...(await turnOn(u.agent, u.password)) };
}

/** Password accepted, code asked: the agent holds the two-factor challenge, no session. */
async function passwordStep(email: string, password: string, app: TestApp = t) {
  const a = app.agent();
  const res = await a.post('/api/auth/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(await a.session()).toBeNull();
  return a;
}

const securityEvents = (userId: string) =>
  t.db
    .select({ action: auditLog.action, entityType: auditLog.entityType, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.clientId, userId)));

describe('two-factor sign-in: set-up', () => {
  it('asks for the password, gives a QR URI and 10 recovery codes, and is on only once a code confirms it', async () => {
    const u = await t.createSignedInUser();
    const wrong = await post(u.agent, '/two-factor/enable', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_PASSWORD');

    const res = await post(u.agent, '/two-factor/enable', { password: u.password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { totpURI: string; backupCodes: string[] };
    expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/Total%20Business%20Build-Out:/);
    expect(body.backupCodes).toHaveLength(10);
    expect(new Set(body.backupCodes).size).toBe(10);
    const secret = secretOfUri(body.totpURI);
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    // Stored encrypted: neither the secret nor a recovery code is in the row as typed.
    const [row] = await t.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, u.user.id));
    expect(row.verified).toBe(false);
    expect(row.secret).not.toContain(secret);
    expect(row.backupCodes).not.toContain(body.backupCodes[0]);

    // Not confirmed yet: sign-in still takes the password alone.
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(false);
    await t.signIn(u.email, u.password).then(async (a) => expect((await a.session())?.user.email).toBe(u.email));

    const bad = await post(u.agent, '/two-factor/verify-totp', { code: await staleCode(secret) });
    expect(bad.status).toBe(401);
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(false);

    const ok = await post(u.agent, '/two-factor/verify-totp', { code: await totpCode(secret) });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(await ok.json())).not.toMatch(/"token"/);
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(true);
    // The user stays signed in (the plugin swaps the session for one that knows about two-factor).
    expect((await u.agent.session())?.user).toMatchObject({ email: u.email, twoFactorEnabled: true });

    expect(await securityEvents(u.user.id)).toEqual([
      { action: 'create', entityType: 'two_factor', actorId: u.user.id },
    ]);
    const mail = await t.lastMail(u.email, 'Two-factor sign-in turned on');
    expect(mail.text).toContain('If this was not you');
    // The user's own activity list shows it.
    const audit = await u.agent.get(`/api/clients/${u.user.id}/audit`);
    expect(((await audit.json()) as { rows: { entityType: string; actor: string }[] }).rows).toMatchObject([
      { entityType: 'two_factor', actor: 'You' },
    ]);
  });

  it('refuses set-up and its endpoints to someone signed out, and get-totp-uri is not offered', async () => {
    const a = t.agent();
    expect((await post(a, '/two-factor/enable', { password: 'x' })).status).toBe(401);
    expect((await post(a, '/two-factor/generate-backup-codes', { password: 'x' })).status).toBe(401);
    expect((await post(a, '/two-factor/disable', { password: 'x', code: '123456' })).status).toBe(401);
    expect((await post(a, '/two-factor/get-totp-uri', { password: 'x' })).status).toBe(404);
  });
});

describe('two-factor sign-in: signing in', () => {
  it('asks for the code after the password; without it there is no session, with it there is', async () => {
    const u = await userWithTwoFactor();
    const a = await passwordStep(u.email, u.password);
    expect((await a.get(`/api/clients/${u.user.id}/profile`)).status).toBe(401);

    const wrong = await post(a, '/two-factor/verify-totp', { code: await staleCode(u.secret) });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_CODE');
    expect(await a.session()).toBeNull();

    const ok = await post(a, '/two-factor/verify-totp', { code: await totpCode(u.secret) });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(await ok.json())).not.toMatch(/"token"/);
    expect((await a.session())?.user.email).toBe(u.email);
    expect((await a.get(`/api/clients/${u.user.id}/profile`)).status).toBe(200);
  });

  it('a wrong password still fails as before, without revealing that two-factor is on', async () => {
    const u = await userWithTwoFactor();
    const res = await t.agent().post('/api/auth/sign-in/email', { email: u.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(JSON.stringify(await res.json())).not.toMatch(/twoFactor/);
  });

  it('a recovery code signs in once, and never again', async () => {
    const u = await userWithTwoFactor();
    const [first, second] = u.recoveryCodes;
    const a = await passwordStep(u.email, u.password);
    expect((await post(a, '/two-factor/verify-backup-code', { code: first })).status).toBe(200);
    expect((await a.session())?.user.email).toBe(u.email);

    const b = await passwordStep(u.email, u.password);
    const again = await post(b, '/two-factor/verify-backup-code', { code: first });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_BACKUP_CODE');
    expect(await b.session()).toBeNull();
    expect((await post(b, '/two-factor/verify-backup-code', { code: second })).status).toBe(200);
    expect((await b.session())?.user.email).toBe(u.email);
  });

  it('locks further tries for 15 minutes after 5 wrong codes, across two app instances on one database', async () => {
    const u = await userWithTwoFactor();
    const other = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' }, { database: t.database });
    try {
      const stale = await staleCode(u.secret);
      const a = await passwordStep(u.email, u.password);
      // Wrong codes sent alternately to each instance (same browser, same challenge cookie).
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? other : t;
        const res = await app.request('POST', '/api/auth/two-factor/verify-totp', {
          json: { code: stale },
          cookie: a.cookie,
          ip: nextIp(),
        });
        expect(res.status, `wrong code ${i + 1}`).toBe(401);
      }
      const [row] = await t.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, u.user.id));
      expect(row.failedVerificationCount).toBe(5);
      const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);

      // A new sign-in on the other instance, with the right code: still refused, and it says why.
      const b = await passwordStep(u.email, u.password, other);
      const locked = await other.request('POST', '/api/auth/two-factor/verify-totp', {
        json: { code: await totpCode(u.secret) },
        cookie: b.cookie,
        ip: nextIp(),
      });
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { code: string }).code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
      const lockedBackup = await t.request('POST', '/api/auth/two-factor/verify-backup-code', {
        json: { code: u.recoveryCodes[0] },
        cookie: b.cookie,
        ip: nextIp(),
      });
      expect(lockedBackup.status).toBe(429);

      // Fifteen minutes later (the lock moved into the past), the right code signs in and the count starts over.
      await t.db
        .update(authTwoFactors)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(authTwoFactors.id, row.id));
      const c = await passwordStep(u.email, u.password, other);
      const ok = await other.request('POST', '/api/auth/two-factor/verify-totp', {
        json: { code: await totpCode(u.secret) },
        cookie: c.cookie,
        ip: nextIp(),
      });
      expect(ok.status).toBe(200);
      const [after] = await t.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, u.user.id));
      expect(after).toMatchObject({ failedVerificationCount: 0, lockedUntil: null });
    } finally {
      await closeSecond(other);
    }
  });
});

describe('two-factor sign-in: administrators must have it (REQUIRE_ADMIN_2FA)', () => {
  it('refuses every route but sign-in and the set-up to an admin without two-factor, until it is on', async () => {
    const admin = await t.createSignedInUser({ role: 'admin' });
    const client = await t.createSignedInUser();
    for (const path of [
      '/api/clients',
      `/api/clients/${client.user.id}/profile`,
      `/api/clients/${client.user.id}/bank-accounts`,
      '/api/me/notifications',
      '/api/documents',
    ]) {
      const res = await admin.agent.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toEqual({ error: TWO_FACTOR_REQUIRED, code: TWO_FACTOR_REQUIRED_CODE });
    }
    expect((await admin.agent.post(`/api/clients/${client.user.id}/activities`, { title: 'x' })).status).toBe(403);
    // What the set-up page needs still answers.
    expect((await admin.agent.get('/api/auth/get-session')).status).toBe(200);
    expect((await admin.agent.get('/api/public-config')).status).toBe(200);
    expect((await admin.agent.get('/api/health')).status).toBe(200);
    // A client is not concerned.
    expect((await client.agent.get(`/api/clients/${client.user.id}/profile`)).status).toBe(200);

    await turnOn(admin.agent, admin.password);
    expect((await admin.agent.get('/api/clients')).status).toBe(200);
    expect((await admin.agent.get(`/api/clients/${client.user.id}/profile`)).status).toBe(200);
  });

  it('does not let an admin turn it off while it is required', async () => {
    const admin = await userWithTwoFactor('admin');
    const res = await post(admin.agent, '/two-factor/disable', {
      password: admin.password,
      code: await totpCode(admin.secret),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('ADMIN_TWO_FACTOR_REQUIRED');
    expect((await t.userByEmail(admin.email)).twoFactorEnabled).toBe(true);
  });

  it('lets an admin without two-factor through when the setting is off', async () => {
    const off = await createTestApp({ REQUIRE_ADMIN_2FA: 'false' }, { database: t.database });
    try {
      const admin = await off.createSignedInUser({ role: 'admin' });
      expect((await admin.agent.get('/api/clients')).status).toBe(200);
      // ... and the same admin is refused by an instance that requires it.
      expect((await t.request('GET', '/api/clients', { cookie: admin.agent.cookie })).status).toBe(403);
    } finally {
      await closeSecond(off);
    }
  });
});

describe('two-factor sign-in: turning it off and new recovery codes', () => {
  it('turning it off needs the password and a current code', async () => {
    const u = await userWithTwoFactor();
    const code = await totpCode(u.secret);

    const noCode = await post(u.agent, '/two-factor/disable', { password: u.password });
    expect(noCode.status).toBe(400);
    expect(((await noCode.json()) as { code: string }).code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const wrongCode = await post(u.agent, '/two-factor/disable', {
      password: u.password,
      code: await staleCode(u.secret),
    });
    expect(wrongCode.status).toBe(401);
    expect(((await wrongCode.json()) as { code: string }).code).toBe('INVALID_CODE');
    const wrongPassword = await post(u.agent, '/two-factor/disable', { password: 'not-the-password', code });
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { code: string }).code).toBe('INVALID_PASSWORD');
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(true);

    const ok = await post(u.agent, '/two-factor/disable', { password: u.password, code });
    expect(ok.status).toBe(200);
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, u.user.id))).toEqual([]);
    expect((await u.agent.session())?.user.email).toBe(u.email);
    // Password alone again.
    expect((await (await t.signIn(u.email, u.password)).session())?.user.email).toBe(u.email);

    expect(await securityEvents(u.user.id)).toEqual([
      { action: 'create', entityType: 'two_factor', actorId: u.user.id },
      { action: 'delete', entityType: 'two_factor', actorId: u.user.id },
    ]);
    await t.lastMail(u.email, 'Two-factor sign-in turned off');
  });

  it('wrong codes when turning it off count toward the same lock', async () => {
    const u = await userWithTwoFactor();
    const stale = await staleCode(u.secret);
    for (let i = 0; i < 5; i++)
      expect((await post(u.agent, '/two-factor/disable', { password: u.password, code: stale })).status).toBe(401);
    const locked = await post(u.agent, '/two-factor/disable', { password: u.password, code: await totpCode(u.secret) });
    expect(locked.status).toBe(429);
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(true);
  });

  it('new recovery codes need the password and a current code, replace the old ones, and are recorded and mailed', async () => {
    const u = await userWithTwoFactor();
    expect(
      (
        await post(u.agent, '/two-factor/generate-backup-codes', {
          password: 'not-the-password',
          code: await totpCode(u.secret),
        })
      ).status,
    ).toBe(400);
    // The password alone (a stolen session and a phished password) is not enough: they would replace the owner's codes.
    expect((await post(u.agent, '/two-factor/generate-backup-codes', { password: u.password })).status).toBe(400);
    const res = await post(u.agent, '/two-factor/generate-backup-codes', {
      password: u.password,
      code: await totpCode(u.secret),
    });
    expect(res.status).toBe(200);
    const { backupCodes } = (await res.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);

    const a = await passwordStep(u.email, u.password);
    expect((await post(a, '/two-factor/verify-backup-code', { code: u.recoveryCodes[0] })).status).toBe(401);
    expect((await post(a, '/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);

    expect((await securityEvents(u.user.id)).map((e) => e.entityType)).toEqual([
      'two_factor',
      'two_factor_recovery_codes',
    ]);
    await t.lastMail(u.email, 'New recovery codes');
  });

  it('a user row keeps the flag in step with the two-factor row', async () => {
    const u = await userWithTwoFactor();
    const [user] = await t.db
      .select({ on: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, u.user.id));
    const [row] = await t.db
      .select({ verified: authTwoFactors.verified })
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, u.user.id));
    expect(user.on).toBe(true);
    expect(row.verified).toBe(true);
  });
});

describe('two-factor sign-in: Google', () => {
  it('a user with two-factor who comes back from Google is asked for the code too', async () => {
    const oidc = await startOidcServer();
    const g = await createTestApp(
      {
        REQUIRE_ADMIN_2FA: 'true',
        GOOGLE_CLIENT_ID: 'test-google-client',
        GOOGLE_CLIENT_SECRET: 'test-google-secret',
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      },
      { database: t.database },
    );
    try {
      const u = await userWithTwoFactor();
      oidc.setUser({ sub: `google-${u.user.id}`, email: u.email, name: 'Google Person' });
      const a = g.agent();
      const start = await a.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' });
      expect(start.status).toBe(200);
      const { url } = (await start.json()) as { url: string };
      // The provider's consent page answers at once with a redirect back to the portal.
      const consent = await fetch(url, { redirect: 'manual' });
      expect(consent.status).toBe(302);
      const back = await a.get(consent.headers.get('location')!, { origin: null });
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe(`${g.config.appUrl}/signin?two-factor=1`);
      expect(await a.session()).toBeNull();

      const ok = await a.post('/api/auth/two-factor/verify-totp', { code: await totpCode(u.secret) }, { ip: nextIp() });
      expect(ok.status).toBe(200);
      expect((await a.session())?.user.email).toBe(u.email);
    } finally {
      await closeSecond(g);
      await oidc.close();
    }
  });

  it("turning it on or off ends the user's other sessions (one signed in with the password alone does not carry on)", async () => {
    const u = await t.createSignedInUser();
    const other = await t.signIn(u.email, u.password);
    expect(await other.session()).not.toBeNull();
    const { secret } = await turnOn(u.agent, u.password);
    expect(await other.session()).toBeNull();
    expect(await u.agent.session()).not.toBeNull();
    expect((await other.get('/api/me/notifications')).status).toBe(401);
    // Off again (password and a code): a session that passed the code elsewhere ends too.
    const third = await passwordStep(u.email, u.password);
    expect((await post(third, '/two-factor/verify-totp', { code: await totpCode(secret) })).status).toBe(200);
    expect(await third.session()).not.toBeNull();
    const off = await post(u.agent, '/two-factor/disable', { password: u.password, code: await totpCode(secret) });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await third.session()).toBeNull();
    expect(await u.agent.session()).not.toBeNull();
  });

  it("refuses a sign-in with a provider's ID token (it would skip the code): only the redirect flow", async () => {
    const res = await t.agent().post('/api/auth/sign-in/social', { provider: 'google', idToken: { token: 'a.b.c' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('ID_TOKEN_SIGN_IN_DISABLED');
  });

  it('a Google user without two-factor is signed in straight away, as before', async () => {
    const oidc = await startOidcServer();
    const g = await createTestApp(
      {
        GOOGLE_CLIENT_ID: 'test-google-client',
        GOOGLE_CLIENT_SECRET: 'test-google-secret',
        GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      },
      { database: t.database },
    );
    try {
      oidc.setUser({
        sub: `google-plain-${Date.now()}`,
        email: `plain-${Date.now()}@example.test`,
        name: 'Plain Google',
      });
      const a = g.agent();
      const { url } = (await (
        await a.post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' })
      ).json()) as { url: string };
      const consent = await fetch(url, { redirect: 'manual' });
      const back = await a.get(consent.headers.get('location')!, { origin: null });
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe('/');
      expect(await a.session()).not.toBeNull();
    } finally {
      await closeSecond(g);
      await oidc.close();
    }
  });
});

describe('two-factor sign-in: bad input', () => {
  it('answers every malformed body with a 4xx and a code, never a 500, and changes nothing', async () => {
    const u = await userWithTwoFactor();
    const challenge = await passwordStep(u.email, u.password);
    const bodies: unknown[] = [
      {},
      { code: 123456 },
      { code: null },
      { code: ['123456'] },
      { code: 'x'.repeat(10_000) },
      { password: {} },
      { password: 1, code: {} },
      [],
      'text',
      null,
    ];
    for (const path of [
      '/two-factor/enable',
      '/two-factor/verify-totp',
      '/two-factor/verify-backup-code',
      '/two-factor/disable',
      '/two-factor/generate-backup-codes',
    ]) {
      for (const who of [u.agent, challenge]) {
        for (const body of bodies) {
          const res = await who.post(`/api/auth${path}`, body, { ip: nextIp() });
          expect(res.status, `${path} ${JSON.stringify(body)?.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${path} ${JSON.stringify(body)?.slice(0, 40)}`).toBeLessThan(500);
        }
      }
    }
    expect((await t.userByEmail(u.email)).twoFactorEnabled).toBe(true);
    // The account is not locked by the malformed tries: the right code still signs in.
    const a = await passwordStep(u.email, u.password);
    expect((await post(a, '/two-factor/verify-totp', { code: await totpCode(u.secret) })).status).toBe(200);
  });
});
