import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authRateLimits, portalRateLimits } from '../db/schema';
import { closeSecondInstance, createTestApp, nextIp, uniqueEmail, type TestApp } from '../test/test-app';
import { DEFAULT_SIGN_IN_LIMITS } from '../auth/auth-handler';
import { AUTH_MAIL_LIMIT } from '../auth/mail-limit';
import { LIMITS } from '../../shared/limits';
import { consumeRateLimit } from './rate-limit';

const MINUTE = 60_000;

// better-auth deletes every row of its rate-limit table older than its longest window (5 minutes
// here) whenever one of its windows rolls over. The portal's windows (an hour, 15 minutes) must
// not end when a guest makes that happen: two instances on one database, the clock moved by hand
// (Date only: timers and the database run as usual).
describe("the portal's counters outlive better-auth's pruning of its own", () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({}, { database: t.database });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    if (other) await closeSecondInstance(other);
    await t?.close();
  });

  const resetMails = async (email: string) =>
    (await t.outbox(email)).filter((m) => m.subject.includes('Reset your password')).length;
  const askReset = async (app: TestApp, email: string) => {
    expect(
      (
        await app.request('POST', '/api/auth/request-password-reset', {
          json: { email, redirectTo: '/update-password' },
        })
      ).status,
    ).toBe(200);
    await app.mailer.settle();
  };
  const guestFails = (app: TestApp, ip: string) =>
    app.request('POST', '/api/auth/sign-in/email', {
      ip,
      json: { email: uniqueEmail('nobody'), password: 'wrong-pw' },
    });

  it('an hour-long limit still holds after a guest rolls a better-auth window over, on either instance, and ends on time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();

    // A client at the staff-notice limit (an hour), on the first instance.
    const c = await t.createSignedInUser();
    await c.agent.post('/api/me/setup', {});
    for (let i = 0; i < LIMITS.staffNoticesPerHour; i++)
      expect((await c.agent.post(`/api/clients/${c.user.id}/contact-support`)).status).toBe(200);
    expect((await c.agent.post(`/api/clients/${c.user.id}/contact-support`)).status).toBe(429);

    // Reset mails to one recipient (3 an hour).
    const u = await t.createSignedInUser();
    for (let i = 0; i < AUTH_MAIL_LIMIT.max + 1; i++) await askReset(i % 2 ? other : t, u.email);
    expect(await resetMails(u.email)).toBe(AUTH_MAIL_LIMIT.max);

    // One address's failed sign-ins to one account (15 minutes), the address in capitals.
    const victim = await t.createSignedInUser();
    const attacker = nextIp();
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.perAccountAndAddress; i++) {
      const res = await t.request('POST', '/api/auth/sign-in/email', {
        ip: attacker,
        json: { email: victim.email.toUpperCase(), password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }

    // A guest's failed sign-in now, and two more seven minutes later, 65 s apart: better-auth's
    // minute rolls over and it prunes what is older than five minutes, the guest's first row included.
    const guest = nextIp();
    const early = nextIp();
    expect((await guestFails(other, early)).status).toBe(401);
    vi.setSystemTime(start + 7 * MINUTE);
    expect((await guestFails(other, guest)).status).toBe(401);
    vi.setSystemTime(start + 7 * MINUTE + 65_000);
    expect((await guestFails(other, guest)).status).toBe(401);
    expect(
      await t.db
        .select()
        .from(authRateLimits)
        .where(like(authRateLimits.key, `${early}|%`)),
    ).toEqual([]);

    // Every portal limit still holds, on both instances.
    for (const app of [t, other]) {
      const res = await app.request('POST', `/api/clients/${c.user.id}/contact-support`, { cookie: c.agent.cookie });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(60 * 60 - 9 * 60);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60 - 8 * 60);
    }
    await askReset(other, u.email);
    await askReset(t, u.email);
    expect(await resetMails(u.email)).toBe(AUTH_MAIL_LIMIT.max);
    for (const app of [t, other]) {
      const res = await app.request('POST', '/api/auth/sign-in/email', {
        ip: attacker,
        json: { email: victim.email, password: victim.password },
      });
      expect(res.status).toBe(429);
    }

    // The windows end when they should: 15 minutes for the sign-in failures, an hour for the rest.
    vi.setSystemTime(start + 16 * MINUTE);
    expect(
      (
        await other.request('POST', '/api/auth/sign-in/email', {
          ip: attacker,
          json: { email: victim.email, password: victim.password },
        })
      ).status,
    ).toBe(200);
    expect((await c.agent.post(`/api/clients/${c.user.id}/contact-support`)).status).toBe(429);
    vi.setSystemTime(start + 61 * MINUTE);
    expect((await c.agent.post(`/api/clients/${c.user.id}/contact-support`)).status).toBe(200);
    await askReset(other, u.email);
    expect(await resetMails(u.email)).toBe(AUTH_MAIL_LIMIT.max + 1);
  });

  it('removes a counter once its window has ended, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const hour = `test-hour:${nextIp()}`;
    const minute = `test-minute:${nextIp()}`;
    await consumeRateLimit(t.db, hour, 60 * 60, 1);
    await consumeRateLimit(t.db, minute, 60, 1);
    const keys = async () =>
      (
        await t.db
          .select({ key: portalRateLimits.key })
          .from(portalRateLimits)
          .where(like(portalRateLimits.key, 'test-%'))
      )
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual([hour, minute].sort());

    // Pruning runs now and then, with any counter.
    vi.setSystemTime(start + 10 * MINUTE);
    await consumeRateLimit(t.db, `test-other:${nextIp()}`, 1, 1);
    let left = await keys();
    expect(left).toContain(hour);
    expect(left).not.toContain(minute);
    expect((await consumeRateLimit(t.db, hour, 60 * 60, 1)).allowed).toBe(false);

    vi.setSystemTime(start + 70 * MINUTE);
    await consumeRateLimit(t.db, `test-other:${nextIp()}`, 60, 1);
    left = await keys();
    expect(left).not.toContain(hour);
    expect(left).toHaveLength(1);
  });
});
