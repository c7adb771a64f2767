import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUIRE_ADMIN_2FA: 'false' });
});
afterAll(() => t?.close());

type Listed = {
  id: string;
  device: string;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  current: boolean;
};

/** A user signed in from two browsers. */
async function userOnTwoDevices() {
  const u = await t.createSignedInUser();
  const laptop = t.agent('203.0.113.7');
  expect(
    (
      await laptop.post(
        '/api/auth/sign-in/email',
        { email: u.email, password: u.password },
        { headers: { 'user-agent': WINDOWS_CHROME } },
      )
    ).status,
  ).toBe(200);
  const phone = t.agent('198.51.100.9');
  expect(
    (
      await phone.post(
        '/api/auth/sign-in/email',
        { email: u.email, password: u.password },
        { headers: { 'user-agent': IPHONE_SAFARI } },
      )
    ).status,
  ).toBe(200);
  return { ...u, laptop, phone };
}

async function list(agent: ReturnType<TestApp['agent']>) {
  const res = await agent.get('/api/me/sessions');
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, items: (JSON.parse(text) as { items: Listed[] }).items };
}

describe('my sessions', () => {
  it('lists every session of mine with device, address and times, marks this device, and never shows a token', async () => {
    const u = await userOnTwoDevices();
    const { text, items } = await list(u.laptop);
    expect(items).toHaveLength(3);
    const laptop = items.find((s) => s.current)!;
    expect(laptop).toMatchObject({ device: 'Chrome on Windows', ipAddress: '203.0.113.7' });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.device === 'Safari on iPhone')).toMatchObject({
      ipAddress: '198.51.100.9',
      current: false,
    });
    for (const s of items) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.updatedAt)).not.toBeNaN();
    }
    const tokens = await t.db
      .select({ token: authSessions.token })
      .from(authSessions)
      .where(eq(authSessions.userId, u.user.id));
    for (const { token } of tokens) expect(text).not.toContain(token);
    // Another user's list does not contain mine.
    const other = await t.createSignedInUser();
    const theirs = await list(other.agent);
    expect(theirs.items.map((s) => s.id)).not.toContain(laptop.id);
  });

  it("signing out another session: its cookie is refused at once (401); another user's session id is a 404", async () => {
    const u = await userOnTwoDevices();
    // The phone is in use, so its session sits in this instance's cache.
    expect((await u.phone.get('/api/me/sessions')).status).toBe(200);
    const phoneId = (await list(u.phone)).items.find((s) => s.current)!.id;

    const stranger = await t.createSignedInUser();
    const refused = await stranger.agent.request('DELETE', `/api/me/sessions/${phoneId}`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toMatch(/not found/);
    expect((await u.phone.get('/api/me/sessions')).status).toBe(200);

    const res = await u.laptop.request('DELETE', `/api/me/sessions/${phoneId}`);
    expect(res.status).toBe(200);
    expect((await u.phone.get('/api/me/sessions')).status).toBe(401);
    expect((await u.phone.get(`/api/clients/${u.user.id}/profile`)).status).toBe(401);
    expect((await u.laptop.get('/api/me/sessions')).status).toBe(200);
    // Gone: a second revoke is a 404.
    expect((await u.laptop.request('DELETE', `/api/me/sessions/${phoneId}`)).status).toBe(404);
  });

  it("'Sign out everywhere else' keeps only this device", async () => {
    const u = await userOnTwoDevices();
    const res = await u.laptop.post('/api/me/sessions/revoke-others', {});
    expect(res.status).toBe(200);
    expect((await res.json()).revoked).toBe(2);
    expect((await u.phone.get('/api/me/sessions')).status).toBe(401);
    expect((await u.agent.get('/api/me/sessions')).status).toBe(401);
    const { items } = await list(u.laptop);
    expect(items).toEqual([expect.objectContaining({ current: true, device: 'Chrome on Windows' })]);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/me/sessions')).status).toBe(401);
    expect((await t.request('POST', '/api/me/sessions/revoke-others', { json: {} })).status).toBe(401);
  });
});

describe("an admin ends a client's sessions", () => {
  it('signs the client out on every device at once, audited; clients cannot, and an unknown id is a 404', async () => {
    const u = await userOnTwoDevices();
    const admin = await t.createSignedInUser({ role: 'admin' });
    expect((await u.laptop.post(`/api/clients/${u.user.id}/sessions/revoke`, {})).status).toBe(403);
    expect((await admin.agent.post('/api/clients/no-such-client/sessions/revoke', {})).status).toBe(404);
    expect((await admin.agent.post(`/api/clients/${admin.user.id}/sessions/revoke`, {})).status).toBe(404);

    const res = await admin.agent.post(`/api/clients/${u.user.id}/sessions/revoke`, {});
    expect(res.status).toBe(200);
    expect((await res.json()).revoked).toBe(3);
    for (const agent of [u.agent, u.laptop, u.phone]) expect((await agent.get('/api/me/sessions')).status).toBe(401);
    expect((await admin.agent.get('/api/me/sessions')).status).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, u.user.id), eq(auditLog.entityType, 'sign_in_sessions')));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.user.id, action: 'delete' })]);
    // The client reads it under "Activity on your account" once signed in again.
    const again = await t.signIn(u.email, u.password);
    const activity = await (await again.get(`/api/clients/${u.user.id}/audit`)).json();
    expect(activity.rows[0]).toMatchObject({ action: 'delete', entityType: 'sign_in_sessions' });
  });
});
