import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  authFailureMessage,
  GENERIC_AUTH_ERROR,
  hasAuthErrorMessage,
  PASSWORD_RULE,
  TOO_MANY_ATTEMPTS,
} from '../../shared/auth-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('one table of sentences for better-auth error codes (src/shared/auth-errors.ts)', () => {
  it('has a sentence for every code our better-auth server can answer, never the code or its terse text', () => {
    const codes = Object.entries(t.auth.$ERROR_CODES as Record<string, { code: string; message: string }>);
    expect(codes.length).toBeGreaterThan(40);
    const missing = codes.filter(([code]) => !hasAuthErrorMessage(code)).map(([code]) => code);
    expect(missing).toEqual([]);
    for (const [code, { message }] of codes) {
      const sentence = authFailureMessage({ code, status: 400, message });
      expect(sentence).not.toBe(code);
      expect(sentence).not.toMatch(/_[A-Z]|[A-Z]_/);
      expect(sentence).toMatch(/^[A-Z]/);
    }
  });

  it('turns a short new password into the rule in words, and a refused flood into "wait"', async () => {
    const c = await t.createSignedInUser();
    const res = await c.agent.request('POST', '/api/auth/change-password', {
      json: { currentPassword: c.password, newPassword: 'abc', revokeOtherSessions: true },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('PASSWORD_TOO_SHORT');
    expect(authFailureMessage({ ...body, status: res.status })).toBe('Password must be at least 6 characters');
    expect(PASSWORD_RULE).toBe('At least 6 characters.');

    const wrong = await c.agent.request('POST', '/api/auth/change-password', {
      json: { currentPassword: 'not-it', newPassword: 'abcdefgh' },
    });
    expect(authFailureMessage({ ...((await wrong.json()) as { code: string }), status: wrong.status })).toBe(
      'Current password is incorrect',
    );

    expect(authFailureMessage({ status: 429, message: 'Too many requests. Please try again later.' })).toBe(
      TOO_MANY_ATTEMPTS,
    );
    expect(
      authFailureMessage({ code: 'SOMETHING_NEW', status: 400, message: 'Raw text' }, 'Failed to update password'),
    ).toBe('Failed to update password');
    expect(authFailureMessage(undefined)).toBe(GENERIC_AUTH_ERROR);
  });
});
