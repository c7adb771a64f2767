import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';

describe('same-origin check on state-changing API requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const REFUSED = { error: 'Request refused: it did not come from this site.' };

  it.each([
    ['no Origin', null],
    ['a foreign Origin', 'https://evil.example'],
    ['a look-alike Origin', 'http://localhost:3000.evil.example'],
    ['another port', 'http://localhost:3001'],
    ['another scheme', 'https://localhost:3000'],
    ['the opaque origin', 'null'],
  ])('refuses a POST with %s (403)', async (_, origin) => {
    for (const path of [
      '/api/signup',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/request-password-reset',
    ]) {
      const res = await t.request('POST', path, { origin, json: {} });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses a cross-site POST even with a valid session cookie and changes nothing', async () => {
    const u = await t.createSignedInUser();
    const res = await t.request('POST', '/api/auth/update-user', {
      origin: 'https://evil.example',
      cookie: u.agent.cookie,
      json: { name: 'Pwned' },
    });
    expect(res.status).toBe(403);
    expect((await t.userByEmail(u.email)).name).toBe('Test User');
    expect(await u.agent.session()).not.toBeNull();
  });

  it('refuses PUT, PATCH and DELETE without Origin too', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await t.request(method, '/api/signup', { origin: null });
      expect(res.status, method).toBe(403);
    }
  });

  it("lets the app's own origin through", async () => {
    const res = await t.request('POST', '/api/signup', { json: {} });
    expect(res.status).toBe(400); // reached validation
    const signIn = await t.request('POST', '/api/auth/sign-in/email', {
      json: { email: uniqueEmail(), password: 'whatever-pw' },
    });
    expect(signIn.status).toBe(401);
  });

  it('without Origin, trusts Sec-Fetch-Site: same-origin only', async () => {
    const same = await t.request('POST', '/api/signup', {
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
      json: {},
    });
    expect(same.status).toBe(400);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await t.request('POST', '/api/signup', {
        origin: null,
        headers: { 'sec-fetch-site': site },
        json: {},
      });
      expect(res.status, site).toBe(403);
    }
  });

  it('lets GET through without Origin', async () => {
    expect((await t.request('GET', '/api/health', { origin: null })).status).toBe(200);
    expect((await t.request('GET', '/api/public-config', { origin: null })).status).toBe(200);
    const session = await t.request('GET', '/api/auth/get-session', { origin: null });
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });
});

// Over HTTP: the portal sets them on Node's response (server.ts), outside the app.
describe('security headers', () => {
  let t: TestApp;
  let http: Awaited<ReturnType<TestApp['overHttp']>>;
  beforeAll(async () => {
    t = await createTestApp();
    // A route outside /api that fails, to see the error handler and the headers on non-API answers.
    t.app.get('/boom', () => {
      throw new Error('secret detail from inside');
    });
    http = await t.overHttp();
  });
  afterAll(async () => {
    await http?.close();
    await t?.close();
  });

  function expectSecurityHeaders(res: Response) {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  }

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/public-config'],
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/no-such-route'],
    ['POST', '/api/signup'],
  ])('%s %s: security headers and Cache-Control: no-store', async (method, path) => {
    const res = await http.request(method, path, { json: method === 'POST' ? {} : undefined });
    expectSecurityHeaders(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.request('GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('puts the security headers on non-API answers too', async () => {
    const page = await http.request('GET', '/some/page', { origin: null });
    expectSecurityHeaders(page);
  });

  it('answers an unexpected error with a generic 500 that leaks nothing', async () => {
    const res = await http.request('GET', '/boom', { origin: null });
    expect(res.status).toBe(500);
    const text = await res.text();
    const id = res.headers.get('x-request-id');
    expect(JSON.parse(text)).toEqual({
      error: `Something went wrong on our side. Please try again, and quote request id ${id} if you contact support.`,
      requestId: id,
    });
    expect(text).not.toContain('secret detail');
    expectSecurityHeaders(res);
  });
});
