import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRateLimits, authSessions, authUsers } from '../db/schema';
import { createTestApp, nextIp, type TestApp } from '../test/test-app';
import { ALLOWED_AUTH_ENDPOINTS, isAllowedAuthEndpoint } from './allowed-paths';
import { withoutTokens } from './auth-handler';

const NOT_FOUND = { error: 'Not found' };

describe('better-auth endpoints: only the ones the portal uses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const userRow = async (id: string) => (await t.db.select().from(authUsers).where(eq(authUsers.id, id)))[0];

  it('refuses update-user (whatever the name: huge, an object, an array, a boolean, null; or a role), change-email and delete-user with 404, changing nothing', async () => {
    const u = await t.createSignedInUser();
    const before = await userRow(u.user.id);
    const writes: [string, unknown][] = [
      ['/api/auth/update-user', { name: 'x'.repeat(1_000_000) }],
      ...[{ first: 'x' }, ['x'], true, null].map((name): [string, unknown] => ['/api/auth/update-user', { name }]),
      ['/api/auth/update-user', { role: 'admin' }],
      ['/api/auth/update-user', { image: 'https://evil.example/x.png' }],
      ['/api/auth/change-email', { newEmail: 'taken-over@example.test', callbackURL: '/' }],
      ['/api/auth/delete-user', {}],
      ['/api/auth/delete-user', { password: u.password }],
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/update-session', {}],
      ['/api/auth/sign-up/email', { name: 'Direct', email: 'direct@example.test', password: 'secret123' }],
    ];
    for (const [path, body] of writes) {
      const res = await u.agent.post(path, body);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    for (const path of [
      '/api/auth/list-sessions',
      '/api/auth/delete-user/callback?token=x',
      '/api/auth/account-info',
      '/api/auth/get-session/extra',
    ]) {
      const res = await u.agent.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    // A known endpoint with the wrong method is no way around the list either.
    expect((await u.agent.get('/api/auth/sign-out')).status).toBe(404);
    expect((await u.agent.post('/api/auth/get-session', {})).status).toBe(404);

    expect(await userRow(u.user.id)).toEqual(before);
    expect(await u.agent.session()).not.toBeNull();
  });

  it('still serves the endpoints the portal uses', async () => {
    const u = await t.createSignedInUser();
    expect((await u.agent.session())?.user.id).toBe(u.user.id);
    expect((await t.request('GET', '/api/auth/ok')).status).toBe(200);
    expect((await t.request('GET', '/api/auth/error?error=access_denied')).status).toBe(200);
    const resend = await t.request('POST', '/api/auth/send-verification-email', {
      json: { email: u.email, callbackURL: '/signin?verified=1' },
    });
    expect(resend.status).not.toBe(404);
    const reset = await t.request('POST', '/api/auth/request-password-reset', {
      json: { email: u.email, redirectTo: '/update-password' },
    });
    expect(reset.status).toBe(200);
    expect((await u.agent.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await u.agent.session()).toBeNull();
  });

  it("lists a user's own sign-in methods for the sidebar's Connect Google, and no one else's", async () => {
    const u = await t.createSignedInUser();
    const other = await t.createSignedInUser();
    const res = await u.agent.get('/api/auth/list-accounts');
    expect(res.status).toBe(200);
    const accounts = (await res.json()) as { providerId: string; userId: string; password?: unknown }[];
    expect(accounts.map((a) => [a.providerId, a.userId])).toEqual([['credential', u.user.id]]);
    expect(JSON.stringify(accounts)).not.toContain(other.user.id);
    expect(accounts[0]).not.toHaveProperty('password');
    expect((await t.request('GET', '/api/auth/list-accounts')).status).toBe(401);
  });

  it("refuses to link Google with a provider's ID token (it would skip the redirect flow), and a guest", async () => {
    const u = await t.createSignedInUser();
    const res = await u.agent.post('/api/auth/link-social', { provider: 'google', idToken: { token: 'a.b.c' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('ID_TOKEN_SIGN_IN_DISABLED');
    expect(
      (await t.request('POST', '/api/auth/link-social', { json: { provider: 'google', callbackURL: '/' } })).status,
    ).toBe(401);
  });

  it('lists only real better-auth endpoints, with their methods', () => {
    const endpoints = Object.values(
      t.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    );
    for (const allowed of ALLOWED_AUTH_ENDPOINTS) {
      const match = endpoints.find((e) => e.path === allowed.path);
      expect(match, allowed.path).toBeDefined();
      const methods = [match!.options?.method ?? []].flat();
      expect(methods.includes(allowed.method) || methods.includes('*'), `${allowed.method} ${allowed.path}`).toBe(true);
    }
    expect(isAllowedAuthEndpoint('GET', '/callback/google')).toBe(true);
    expect(isAllowedAuthEndpoint('GET', '/callback/google/x')).toBe(false);
    expect(isAllowedAuthEndpoint('GET', '/reset-password/')).toBe(false);
  });
});

describe('better-auth requests: JSON bodies only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const betterAuthSaw = async (ip: string) =>
    (
      await t.db
        .select()
        .from(authRateLimits)
        .where(like(authRateLimits.key, `${ip}|%`))
    ).length > 0;

  it('refuses a form-encoded sign-in with 415 before better-auth sees it, and signs in with the same fields as JSON', async () => {
    const { email, password } = await t.createSignedInUser();
    const ip = nextIp();
    const form = await t.request('POST', '/api/auth/sign-in/email', {
      ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    expect(form.status).toBe(415);
    expect((await form.json()).error).toMatch(/must be sent as JSON/);
    expect(form.headers.getSetCookie()).toEqual([]);
    expect(await betterAuthSaw(ip)).toBe(false); // better-auth counts every request it handles

    const json = await t.request('POST', '/api/auth/sign-in/email', { ip, json: { email, password } });
    expect(json.status).toBe(200);
    expect(json.headers.getSetCookie().length).toBeGreaterThan(0);
  });

  it('refuses multipart, text and JSON-lookalike types, and a body without a type, on every better-auth POST', async () => {
    const { email, password } = await t.createSignedInUser();
    const multipart = new FormData();
    multipart.set('email', email);
    multipart.set('password', password);
    const cases: { headers?: Record<string, string>; body: BodyInit }[] = [
      { body: multipart },
      { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ email, password }) },
      { headers: { 'content-type': 'application/jsonx' }, body: JSON.stringify({ email, password }) },
      { body: new Blob([JSON.stringify({ email, password })]) }, // no Content-Type
    ];
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/auth/change-password',
      '/api/auth/sign-out',
    ]) {
      for (const c of cases) {
        const ip = nextIp();
        const res = await t.request('POST', path, { ip, ...c });
        expect(res.status, `${path} ${c.headers?.['content-type'] ?? 'none'}`).toBe(415);
        expect(await betterAuthSaw(ip)).toBe(false);
      }
    }
    // A POST with no body at all (sign-out without arguments) and JSON with a charset are fine.
    const a = await t.signIn(email, password);
    expect((await a.request('POST', '/api/auth/sign-out')).status).toBe(200);
    const charset = await t.request('POST', '/api/auth/sign-in/email', {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email, password }),
    });
    expect(charset.status).toBe(200);
  });
});

describe('the session token stays in the httpOnly cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionTokens = async (userId: string) =>
    (await t.db.select({ token: authSessions.token }).from(authSessions).where(eq(authSessions.userId, userId))).map(
      (r) => r.token,
    );

  it('is not in the JSON of sign-in/email; the cookie still signs in', async () => {
    const { email, password, user } = await t.createSignedInUser();
    const a = t.agent();
    const res = await a.post('/api/auth/sign-in/email', { email, password });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(body.user).toMatchObject({ id: user.id, email });
    for (const token of await sessionTokens(user.id)) expect(text).not.toContain(token);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    expect((await a.session())?.user.id).toBe(user.id);
  });

  it('is not in the JSON of get-session', async () => {
    const { user, agent } = await t.createSignedInUser();
    const res = await agent.get('/api/auth/get-session');
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: { id: string } };
    expect(body.user.id).toBe(user.id);
    expect(body.session.id).toBeTruthy();
    expect(body.session).not.toHaveProperty('token');
    const tokens = await sessionTokens(user.id);
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(text).not.toContain(token);
  });

  it('is not served by list-sessions (not an endpoint the portal uses), and would be stripped from its entries', async () => {
    const { agent } = await t.createSignedInUser();
    expect((await agent.get('/api/auth/list-sessions')).status).toBe(404);
    const listed = [
      { id: 's1', token: 'secret-1', userId: 'u', ipAddress: '10.0.0.1' },
      { id: 's2', token: 'secret-2', userId: 'u' },
    ];
    expect(withoutTokens(listed)).toEqual([
      { id: 's1', userId: 'u', ipAddress: '10.0.0.1' },
      { id: 's2', userId: 'u' },
    ]);
    expect(withoutTokens({ redirect: false, token: 't', user: { id: 'u' } })).toEqual({
      redirect: false,
      user: { id: 'u' },
    });
    expect(withoutTokens(null)).toBeNull();
  });
});
