import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authUsers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

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
});
