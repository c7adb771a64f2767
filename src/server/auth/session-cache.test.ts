import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authUsers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Auth } from './auth';
import { createSessionCache } from './session-cache';

// Sessions are served from memory; every change that ends one must still end it at once here and
// within 2 seconds wherever it was made (another instance, the CLI, plain SQL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Polls `check` until it holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe('session cache', () => {
  it('serves a signed-in user from memory, and a session deleted in the database stops working within 2 s', async () => {
    const u = await t.createSignedInUser();
    const profile = () => u.agent.get(`/api/clients/${u.user.id}/profile`);
    expect((await profile()).status).toBe(200);
    expect(t.sessions.size).toBeGreaterThan(0);
    // As another instance's sign-out or a revocation would: the row goes, this instance is told.
    await t.db.delete(authSessions).where(eq(authSessions.userId, u.user.id));
    const ms = await within(2000, async () => (await profile()).status === 401);
    console.log(`session cache: a session deleted elsewhere was refused after ${ms} ms`);
  });

  it('refuses a signed-out session at once on the instance that signed it out', async () => {
    const u = await t.createSignedInUser();
    const profile = () => u.agent.get(`/api/clients/${u.user.id}/profile`);
    expect((await profile()).status).toBe(200);
    const cookie = u.agent.cookie!;
    expect((await u.agent.post('/api/auth/sign-out', {})).status).toBe(200);
    // The old cookie, replayed immediately (no waiting for the notification).
    expect((await t.request('GET', `/api/clients/${u.user.id}/profile`, { cookie })).status).toBe(401);
  });

  it('a role changed in the database (the role command) applies within 2 s', async () => {
    const u = await t.createSignedInUser();
    expect((await u.agent.get('/api/clients')).status).toBe(403);
    await t.db.update(authUsers).set({ role: 'admin' }).where(eq(authUsers.id, u.user.id));
    await within(2000, async () => (await u.agent.get('/api/clients')).status === 200);
  });

  it("an admin's pages of a client stop answering within 2 s of the client becoming an admin", async () => {
    const admin = await t.createSignedInUser({ role: 'admin' });
    const u = await t.createSignedInUser();
    const profile = () => admin.agent.get(`/api/clients/${u.user.id}/profile`);
    // Twice: the second is answered with the client remembered.
    expect((await profile()).status).toBe(200);
    expect((await profile()).status).toBe(200);
    await t.db.update(authUsers).set({ role: 'admin' }).where(eq(authUsers.id, u.user.id));
    await within(2000, async () => (await profile()).status === 404);
  });

  it('reads the database on every request while notifications cannot be received', async () => {
    const u = await t.createSignedInUser();
    const profile = () => u.agent.get(`/api/clients/${u.user.id}/profile`);
    expect((await profile()).status).toBe(200);
    t.sessions.setLive(false);
    try {
      expect(t.sessions.size).toBe(0);
      expect((await profile()).status).toBe(200);
      expect(t.sessions.size).toBe(0);
    } finally {
      t.sessions.setLive(true);
    }
  });

  it('does not keep a session read while it was being revoked (the read began before the drop)', async () => {
    const token = 'tok-race';
    const session = { session: { token, expiresAt: new Date(Date.now() + 60_000) }, user: { id: 'u-race' } };
    let release!: () => void;
    let reads = 0;
    const fakeAuth = {
      api: {
        getSession: async () => {
          reads++;
          if (reads === 1) await new Promise<void>((r) => (release = r));
          return session;
        },
      },
    } as unknown as Auth;
    const cache = createSessionCache(fakeAuth);
    cache.setLive(true);
    const headers = new Headers({ cookie: `better-auth.session_token=${token}` });
    const slow = cache.get(headers);
    await new Promise((r) => setTimeout(r, 10));
    // Revoked while the first read is in flight: what that read brings back must not be cached.
    cache.onNotification(`s:${token}`);
    release();
    await slow;
    expect(cache.size).toBe(0);
    await cache.get(headers);
    expect(reads).toBe(2);
    expect(cache.size).toBe(1);
  });
});
