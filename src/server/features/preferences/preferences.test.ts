import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authAccounts, authSessions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['createSignedInUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createSignedInUser({ role: 'admin', name: 'Dana Staff' });
});
afterAll(() => t?.close());

describe('notification preferences', () => {
  it('defaults to both on without a users row, then saves (creating the row) and reads back', async () => {
    const c = await t.createSignedInUser();
    const path = `/api/clients/${c.user.id}/preferences`;
    expect(await (await c.agent.get(path)).json()).toEqual({
      preferences: { pushAlertEnabled: true, emailAlertEnabled: true, weeklyDigestEnabled: true },
    });
    const res = await c.agent.request('PUT', path, { json: { pushAlertEnabled: false, emailAlertEnabled: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      preferences: { pushAlertEnabled: false, emailAlertEnabled: true, weeklyDigestEnabled: true },
    });
    expect(await (await c.agent.get(path)).json()).toEqual({
      preferences: { pushAlertEnabled: false, emailAlertEnabled: true, weeklyDigestEnabled: true },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    expect(row).toMatchObject({ pushAlertEnabled: false, emailAlertEnabled: true, isVerified: true });
    // The client's own change is not audited.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, c.user.id))).toHaveLength(0);
  });

  it('updates an existing users row and keeps its other columns', async () => {
    const c = await t.createSignedInUser();
    await t.db.insert(users).values({ id: c.user.id, isPaid: true });
    const path = `/api/clients/${c.user.id}/preferences`;
    await c.agent.request('PUT', path, { json: { pushAlertEnabled: true, emailAlertEnabled: false } });
    const [row] = await t.db.select().from(users).where(eq(users.id, c.user.id));
    expect(row).toMatchObject({ pushAlertEnabled: true, emailAlertEnabled: false, isPaid: true });
  });

  it('refuses bad input with 400: missing fields, strings, unknown fields', async () => {
    const c = await t.createSignedInUser();
    const path = `/api/clients/${c.user.id}/preferences`;
    for (const json of [
      { pushAlertEnabled: true },
      { pushAlertEnabled: 'yes', emailAlertEnabled: true },
      { pushAlertEnabled: true, emailAlertEnabled: true, role: 'admin' },
      { pushAlertEnabled: true, emailAlertEnabled: true, weeklyDigestEnabled: 'no' },
    ]) {
      expect((await c.agent.request('PUT', path, { json })).status).toBe(400);
    }
  });

  it("keeps clients apart: another client's preferences are 404 both ways, a guest 401", async () => {
    const a = await t.createSignedInUser();
    const b = await t.createSignedInUser();
    const path = `/api/clients/${b.user.id}/preferences`;
    expect((await a.agent.get(path)).status).toBe(404);
    expect(
      (await a.agent.request('PUT', path, { json: { pushAlertEnabled: false, emailAlertEnabled: false } })).status,
    ).toBe(404);
    expect((await t.request('GET', path)).status).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, b.user.id))).toHaveLength(0);
  });

  it("lets an admin change a client's preferences, audited", async () => {
    const c = await t.createSignedInUser();
    const path = `/api/clients/${c.user.id}/preferences`;
    expect(
      (await admin.agent.request('PUT', path, { json: { pushAlertEnabled: false, emailAlertEnabled: false } })).status,
    ).toBe(200);
    expect(await (await c.agent.get(path)).json()).toEqual({
      preferences: { pushAlertEnabled: false, emailAlertEnabled: false, weeklyDigestEnabled: true },
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, c.user.id));
    expect(entries).toEqual([
      expect.objectContaining({ action: 'update', entityType: 'notification_preferences', actorId: admin.user.id }),
    ]);
    expect((await admin.agent.get('/api/clients/no-such-client/preferences')).status).toBe(404);
  });
});

describe('security settings: password status and change', () => {
  it('reports an unchanged password, then the change made through change-password', async () => {
    const c = await t.createSignedInUser();
    const other = await t.signIn(c.email, c.password);
    const path = `/api/clients/${c.user.id}/security`;
    expect(await (await c.agent.get(path)).json()).toEqual({ lastPasswordChange: null, hasPassword: true });

    const wrong = await c.agent.post('/api/auth/change-password', {
      currentPassword: 'not-the-password',
      newPassword: 'new-secret-1',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('INVALID_PASSWORD');
    expect(await other.session()).not.toBeNull();
    expect((await c.agent.get(path).then((r) => r.json())).lastPasswordChange).toBeNull();

    const started = Date.now();
    const ok = await c.agent.post('/api/auth/change-password', {
      currentPassword: c.password,
      newPassword: 'new-secret-1',
      revokeOtherSessions: true,
    });
    expect(ok.status).toBe(200);
    const status = await (await c.agent.get(path)).json();
    expect(status.hasPassword).toBe(true);
    expect(new Date(status.lastPasswordChange).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await other.session()).toBeNull(); // the other device is signed out
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, c.user.id))).toHaveLength(1);
    await expect(t.signIn(c.email, c.password)).rejects.toThrow();
    await t.signIn(c.email, 'new-secret-1');
  });

  it('says hasPassword false for an account without a password credential (Google only)', async () => {
    const c = await t.createSignedInUser();
    await t.db.delete(authAccounts).where(eq(authAccounts.userId, c.user.id));
    expect(await (await admin.agent.get(`/api/clients/${c.user.id}/security`)).json()).toEqual({
      lastPasswordChange: null,
      hasPassword: false,
    });
  });

  it("is 404 for another client's status, 401 for a guest", async () => {
    const a = await t.createSignedInUser();
    const b = await t.createSignedInUser();
    expect((await a.agent.get(`/api/clients/${b.user.id}/security`)).status).toBe(404);
    expect((await t.request('GET', `/api/clients/${b.user.id}/security`)).status).toBe(401);
  });
});
