import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { loggedPath } from './request-id';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';

// Everything the logger writes goes to console.log/warn/error: kept here, one entry a line.
const lines: string[] = [];
beforeAll(() => {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  }
});
afterAll(() => vi.restoreAllMocks());

/** The lines written while `fn` ran. */
async function logged(fn: () => Promise<unknown>) {
  const from = lines.length;
  await fn();
  return lines.slice(from);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Routes outside /api that fail: one writes a log line after a wait, with no request id handed to it; one runs a failing query. */
function addFailingRoute(t: TestApp) {
  t.app.get('/boom', async () => {
    await new Promise((r) => setTimeout(r, 5));
    t.log.warn('deep inside the request');
    throw new Error('kaboom from inside');
  });
  t.app.get('/failing-query', async () => {
    await t.db.execute(sql`select 1 / ${'canary-param-5521'}::int`);
    return new Response('not reached');
  });
}

describe('LOG_FORMAT=json behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'info', TRUST_PROXY: 'true' });
    addFailingRoute(t);
  });
  afterAll(() => t?.close());

  const parsed = (out: string[]) => out.map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes one JSON object a line, with the request line at info carrying method, path, status and duration', async () => {
    let res: Response | undefined;
    const out = await logged(async () => (res = await t.request('GET', '/api/health')));
    const id = res!.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const requestLine = parsed(out).find((l) => l.path === '/api/health');
    expect(requestLine).toMatchObject({
      level: 'info',
      message: 'GET /api/health 200',
      requestId: id,
      method: 'GET',
      path: '/api/health',
      status: 200,
    });
    expect(Number.isInteger(requestLine!.durationMs)).toBe(true);
    expect(new Date(String(requestLine!.time)).toISOString()).toBe(requestLine!.time);
  });

  it('never writes a query string or a body', async () => {
    const password = 'canary-body-Pw-4417';
    const email = 'canary-body-7730@example.test';
    const out = await logged(async () => {
      await t.request('GET', '/api/health?secret=canary-query-9921&token=canary-query-9921');
      // (Without SMTP_URL the verification mail itself is printed, by design: no canary in it.)
      await t.signUp({ email: uniqueEmail('user'), password });
      await t.request('POST', '/api/auth/sign-in/email?secret=canary-query-9921', { json: { email, password } });
    });
    const rows = parsed(out);
    expect(rows.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/api/health', '/api/signup', '/api/auth/sign-in/email']),
    );
    for (const line of out) {
      expect(line).not.toContain('canary-query');
      expect(line).not.toContain('secret=');
      expect(line).not.toContain(password);
      expect(line).not.toContain(email);
    }
  });

  it('keeps a sane X-Request-Id from the trusted proxy and answers with it', async () => {
    const sent = 'proxy-1b2c.3d:4_e-5';
    const out = await logged(async () => {
      const res = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': sent } });
      expect(res.headers.get('x-request-id')).toBe(sent);
    });
    expect(parsed(out).find((l) => l.path === '/api/health')?.requestId).toBe(sent);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'abc def'],
    ['with a quote', 'abc"},{"level":"error'],
    ['empty', ''],
  ])('replaces an X-Request-Id %s with a new one', async (_, sent) => {
    const res = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': sent } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('puts the id in a 500 answer and in every line written while handling it, the error line included', async () => {
    let res: Response | undefined;
    const out = await logged(
      async () =>
        (res = await t.request('GET', '/boom', { origin: null, headers: { 'X-Request-Id': 'support-case-77' } })),
    );
    expect(res!.status).toBe(500);
    const body = (await res!.json()) as { error: string; requestId: string };
    expect(body.requestId).toBe('support-case-77');
    expect(body.error).toBe(
      'Something went wrong on our side. Please try again, and quote request id support-case-77 if you contact support.',
    );
    expect(res!.headers.get('x-request-id')).toBe('support-case-77');
    const rows = parsed(out);
    expect(rows.find((l) => l.message === 'deep inside the request')).toMatchObject({
      level: 'warn',
      requestId: 'support-case-77',
    });
    expect(rows.find((l) => l.level === 'error' && String(l.message).includes('kaboom from inside'))).toMatchObject({
      requestId: 'support-case-77',
    });
    expect(rows.find((l) => l.path === '/boom')).toMatchObject({ status: 500, requestId: 'support-case-77' });
    expect(rows.every((l) => l.requestId === 'support-case-77')).toBe(true);
  });

  it("never writes a password-reset token from the path, nor a failed query's parameters", async () => {
    const out = await logged(async () => {
      await t.request('GET', '/api/auth/reset-password/canary-reset-token-8812?callbackURL=/');
      expect((await t.request('GET', '/failing-query', { origin: null })).status).toBe(500);
    });
    const text = out.join('\n');
    expect(text).not.toContain('canary-reset-token-8812');
    expect(text).not.toContain('canary-param-5521');
    expect(parsed(out).find((l) => String(l.path).startsWith('/api/auth/reset-password/'))).toMatchObject({
      path: '/api/auth/reset-password/[token]',
    });
    expect(parsed(out).find((l) => l.level === 'error')?.message).toMatch(
      /Failed query: select 1 \/ \$1::int\ncause: code 22P02/,
    );
  });

  it('writes lines outside a request without a request id', async () => {
    const out = await logged(async () => t.log.info('between requests'));
    expect(parsed(out)).toEqual([{ time: expect.any(String), level: 'info', message: 'between requests' }]);
  });

  it("keeps a caller's fields, time, level and message first and never replaced by them", async () => {
    const out = await logged(async () => t.log.warn('with fields', { level: 'debug', requestId: 'forged', count: 3 }));
    expect(out).toHaveLength(1);
    expect(Object.keys(JSON.parse(out[0]) as object)).toEqual(['time', 'level', 'message', 'count']);
    expect(JSON.parse(out[0])).toMatchObject({ level: 'warn', message: 'with fields', count: 3 });
  });
});

describe('default settings: readable lines, no trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' });
    addFailingRoute(t);
  });
  afterAll(() => t?.close());

  it('generates an id when none is sent and replaces one a client sends', async () => {
    const a = await t.request('GET', '/api/health');
    const b = await t.request('GET', '/api/health', { headers: { 'X-Request-Id': 'chosen-by-client' } });
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it('writes the readable line with the request id, the request line at debug, and no query string', async () => {
    let res: Response | undefined;
    const out = await logged(async () => (res = await t.request('GET', '/api/health?secret=canary-query-5512')));
    const id = res!.headers.get('x-request-id')!;
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z DEBUG \\[${id}\\] GET /api/health 200 \\d+ms$`));
  });

  it('answers a 500 with the generated id, and the error line carries it', async () => {
    let res: Response | undefined;
    const out = await logged(async () => (res = await t.request('GET', '/boom', { origin: null })));
    const body = (await res!.json()) as { requestId: string };
    expect(body.requestId).toMatch(UUID);
    expect(res!.headers.get('x-request-id')).toBe(body.requestId);
    expect(out.find((l) => l.includes('ERROR') && l.includes('kaboom from inside'))).toContain(`[${body.requestId}]`);
  });
});

describe('the path in a readable line', () => {
  it('cannot start a forged line: control characters are written escaped', () => {
    expect(loggedPath('/api/x\n2025-01-01T00:00:00.000Z ERROR forged\r\u0000')).toBe(
      '/api/x%0A2025-01-01T00:00:00.000Z ERROR forged%0D%00',
    );
    expect(loggedPath('/api/auth/reset-password/abc.DEF_123')).toBe('/api/auth/reset-password/[token]');
    expect(loggedPath('/api/clients/u1/documents')).toBe('/api/clients/u1/documents');
  });
});

describe('settings', () => {
  it('refuses an unknown LOG_FORMAT or TRUST_PROXY value', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({})).toMatchObject({ logFormat: 'text', trustProxy: false });
    expect(loadConfig({ LOG_FORMAT: 'json', TRUST_PROXY: 'yes' })).toMatchObject({
      logFormat: 'json',
      trustProxy: true,
    });
  });
});
