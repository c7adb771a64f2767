import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { MEMBERSHIP_ACTIVE_TITLE, MEMBERSHIP_ENDED_TITLE } from '../../../shared/membership';

let t: TestApp;
type Who = { id: string; email: string; agent: TestAgent };
let admin: Who;

async function make(role: 'client' | 'admin', setUp = true): Promise<Who> {
  const u = await t.createSignedInUser({ role, name: role === 'admin' ? 'Staff Admin' : 'Mia Member' });
  if (setUp && role === 'client') expect((await u.agent.post('/api/me/setup', {})).status).toBe(201);
  return { id: u.user.id, email: u.email, agent: u.agent };
}
const url = (id: string) => `/api/clients/${id}/membership`;
const put = (who: Who, id: string, isPaid: unknown) => who.agent.request('PUT', url(id), { json: { isPaid } });
const isPaidOf = async (id: string) =>
  (await t.db.select({ isPaid: users.isPaid }).from(users).where(eq(users.id, id)))[0]?.isPaid;
const auditsOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientId, id), eq(auditLog.entityType, 'membership')));
const noticesOf = (id: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, id), eq(notifications.kind, 'membership_changed')));

beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin');
});
afterAll(() => t?.close());

describe('membership', () => {
  it('a client reads their own membership (not a member at first) but not another client’s (404)', async () => {
    const a = await make('client');
    const b = await make('client');
    const res = await a.agent.get(url(a.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isPaid: false });
    expect((await a.agent.get(url(b.id))).status).toBe(404);
    expect((await t.request('GET', url(a.id))).status).toBe(401);
    expect(await (await admin.agent.get(url(a.id))).json()).toEqual({ isPaid: false });
  });

  it('a client cannot make themselves (or anyone) a member: 403 and nothing changes', async () => {
    const a = await make('client');
    const b = await make('client');
    for (const target of [a.id, b.id]) {
      const res = await put(a, target, true);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatch(/administrators/i);
    }
    expect(await isPaidOf(a.id)).toBe(false);
    expect(await isPaidOf(b.id)).toBe(false);
    expect(await auditsOf(a.id)).toHaveLength(0);
    expect(await noticesOf(a.id)).toHaveLength(0);
  });

  it('an admin turns it on: audited, notified, e-mailed (alerts on); the client reads it; off again notifies that it ended', async () => {
    const a = await make('client');
    const res = await put(admin, a.id, true);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isPaid: true });
    expect(await isPaidOf(a.id)).toBe(true);
    expect(await (await a.agent.get(url(a.id))).json()).toEqual({ isPaid: true });
    const audits = await auditsOf(a.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, action: 'update', entityType: 'membership' });
    const notices = await noticesOf(a.id);
    expect(notices.map((n) => [n.title, n.link])).toEqual([[MEMBERSHIP_ACTIVE_TITLE, '/wealth-secrets']]);
    const mail = await t.lastMail(a.email, 'Your membership is active');
    expect(mail.text).toContain('/wealth-secrets');

    // The same value again changes nothing: no second audit entry, notice or mail.
    expect((await put(admin, a.id, true)).status).toBe(200);
    expect(await auditsOf(a.id)).toHaveLength(1);
    expect(await noticesOf(a.id)).toHaveLength(1);

    expect(await (await put(admin, a.id, false)).json()).toEqual({ isPaid: false });
    expect((await noticesOf(a.id)).map((n) => n.title).sort()).toEqual(
      [MEMBERSHIP_ENDED_TITLE, MEMBERSHIP_ACTIVE_TITLE].sort(),
    );
    expect(await auditsOf(a.id)).toHaveLength(2);
    await t.lastMail(a.email, 'Your membership has ended');
  });

  it('no e-mail when the client turned e-mail alerts off (the notification still comes)', async () => {
    const a = await make('client');
    expect(
      (
        await a.agent.request('PUT', `/api/clients/${a.id}/preferences`, {
          json: { pushAlertEnabled: true, emailAlertEnabled: false },
        })
      ).status,
    ).toBe(200);
    expect((await put(admin, a.id, true)).status).toBe(200);
    await t.mailer.settle();
    expect(await t.outbox(a.email)).toHaveLength(0);
    expect(await noticesOf(a.id)).toHaveLength(1);
  });

  it('works for a client without a users row yet (upsert)', async () => {
    const a = await make('client', false);
    expect(await isPaidOf(a.id)).toBeUndefined();
    expect((await put(admin, a.id, true)).status).toBe(200);
    expect(await isPaidOf(a.id)).toBe(true);
  });

  it('refuses a bad body (400) and an unknown client (404)', async () => {
    const a = await make('client');
    expect((await put(admin, a.id, 'yes')).status).toBe(400);
    expect((await admin.agent.request('PUT', url(a.id), { json: { isPaid: true, role: 'admin' } })).status).toBe(400);
    expect((await put(admin, 'no-such-client', true)).status).toBe(404);
    expect((await put(admin, admin.id, true)).status).toBe(404);
    expect(await isPaidOf(a.id)).toBe(false);
  });

  it('the Clients list shows each client’s membership', async () => {
    const a = await make('client');
    await put(admin, a.id, true);
    const page = await (await admin.agent.get(`/api/clients?pageSize=100`)).json();
    const row = page.rows.find((r: { id: string }) => r.id === a.id);
    expect(row.isPaid).toBe(true);
    expect(page.rows.filter((r: { isPaid: unknown }) => typeof r.isPaid !== 'boolean')).toEqual([]);
  });
});
