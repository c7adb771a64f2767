import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { AUTH_MAIL_LIMIT } from './mail-limit';

describe('auth mails to one recipient: at most 3 of a kind an hour', () => {
  let t: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));
    t = await createTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await t?.close();
    vi.restoreAllMocks();
  });

  const mailsTo = async (email: string, subject: string) =>
    (await t.outbox(email)).filter((m) => m.subject.includes(subject));

  it('10 reset requests from 10 addresses for one e-mail send at most 3 mails, and every answer is the same', async () => {
    expect(AUTH_MAIL_LIMIT.max).toBe(3);
    const u = await t.createSignedInUser();
    const bodies = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await t.request('POST', '/api/auth/request-password-reset', {
        json: { email: u.email, redirectTo: '/update-password' },
      });
      expect(res.status).toBe(200);
      bodies.add(await res.text());
    }
    // The same answer as for an address that has no account.
    const unknown = await t.request('POST', '/api/auth/request-password-reset', {
      json: { email: uniqueEmail('nobody'), redirectTo: '/update-password' },
    });
    bodies.add(await unknown.text());
    expect(bodies.size).toBe(1);

    await t.mailer.settle();
    expect(await mailsTo(u.email, 'Reset your password')).toHaveLength(3);
    const skipped = warnings.filter((w) => w.includes('auth mail skipped'));
    expect(skipped.length).toBe(7);
    for (const w of skipped) expect(w.toLowerCase()).not.toContain(u.email.toLowerCase());
    expect(skipped[0]).toMatch(/reset mail/);
  });

  it("limits the 'account exists' mail of repeated sign-ups and the verification mail alike, per kind", async () => {
    const email = uniqueEmail('repeat');
    expect((await t.signUp({ email, password: 'secret123' })).status).toBe(200); // verification mail 1
    for (let i = 0; i < 5; i++) expect((await t.signUp({ email, password: 'secret123' })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/api/auth/send-verification-email', {
        json: { email, callbackURL: '/signin?verified=1' },
      });
      expect(res.status).toBe(200);
    }
    await t.mailer.settle();
    const subjects = (await t.outbox(email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('Verify your email'))).toHaveLength(3);
    expect(subjects.filter((s) => s.includes('Sign-up attempt'))).toHaveLength(3);
    expect(subjects).toHaveLength(6);
    // Another recipient is not affected.
    const fresh = uniqueEmail('fresh');
    expect((await t.signUp({ email: fresh, password: 'secret123' })).status).toBe(200);
    await t.mailer.settle();
    expect(await mailsTo(fresh, 'Verify your email')).toHaveLength(1);
  });
});
