import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { notify } from './notifications.service';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin1: Who;
let admin2: Who;

const make = async (role: 'client' | 'admin', name = 'Test User'): Promise<Who> => {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, agent: u.agent };
};
const list = async (who: Who, query = '') => {
  const res = await who.agent.get(`/api/me/notifications${query}`);
  expect(res.status).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await make('admin', 'Admin One');
  admin2 = await make('admin', 'Admin Two');
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
});
afterAll(() => t?.close());

describe('notifications', () => {
  it("lists only the caller's own rows, newest first, paged, with the unread count", async () => {
    for (const title of ['first', 'second', 'third'])
      await notify(t.db, { userId: a.id, clientId: a.id, kind: 'task_changed', title, link: '/compliance' });
    await notify(t.db, { userId: b.id, clientId: b.id, kind: 'task_changed', title: 'Bravo secret task' });
    const body = await list(a);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['third', 'second', 'first']);
    expect(body).toMatchObject({ unreadCount: 3, total: 3, page: 1, pageSize: 20 });
    expect(body.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: 'task_changed',
      title: 'third',
      body: '',
      link: '/compliance',
      clientId: a.id,
      readAt: null,
      createdAt: expect.any(String),
    });
    const page2 = await list(a, '?page=2&pageSize=2');
    expect(page2.notifications.map((n: { title: string }) => n.title)).toEqual(['first']);
    expect(JSON.stringify(await list(a))).not.toContain('Bravo');
    expect((await t.request('GET', '/api/me/notifications')).status).toBe(401);
    expect((await a.agent.get('/api/me/notifications?pageSize=500')).status).toBe(400);
  });

  it("marks given ids read, never another person's, and all when no ids are given", async () => {
    const mine = (await list(a)).notifications as { id: number }[];
    const [bRow] = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    const res = await a.agent.post('/api/me/notifications/read', { ids: [mine[0].id, bRow.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ marked: 1 });
    expect((await t.db.select().from(notifications).where(eq(notifications.id, bRow.id)))[0].readAt).toBeNull();
    const after = await list(a);
    expect(after.unreadCount).toBe(2);
    expect(after.notifications[0].readAt).toEqual(expect.any(String));
    expect(await (await a.agent.post('/api/me/notifications/read', {})).json()).toEqual({ marked: 2 });
    expect((await list(a)).unreadCount).toBe(0);
    expect((await list(b)).unreadCount).toBe(1);
    expect((await a.agent.post('/api/me/notifications/read', { ids: ['x'] })).status).toBe(400);
  });

  it('gives every admin a new_signup row when a client finishes first-login setup (once)', async () => {
    const c = await make('client', 'Newly Signed');
    expect((await c.agent.post('/api/me/setup', {})).status).toBe(201);
    expect((await c.agent.post('/api/me/setup', {})).status).toBe(201);
    for (const admin of [admin1, admin2]) {
      const rows = (await list(admin)).notifications.filter(
        (n: { kind: string; clientId: string }) => n.kind === 'new_signup' && n.clientId === c.id,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].title).toContain('Newly Signed');
    }
    expect((await list(c)).notifications.some((n: { kind: string }) => n.kind === 'new_signup')).toBe(false);
  });

  it('gives every admin a payment_request row when a client requests a program', async () => {
    const res = await a.agent.post(`/api/clients/${a.id}/program-requests`, { programId: 'standard' });
    expect(res.status).toBe(201);
    for (const admin of [admin1, admin2]) {
      const rows = (await list(admin)).notifications.filter(
        (n: { kind: string; clientId: string }) => n.kind === 'payment_request' && n.clientId === a.id,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].title).toContain('Client Alpha');
    }
  });

  it('gives the client a payment_recorded row when an admin records a payment', async () => {
    const res = await admin1.agent.post(`/api/clients/${b.id}/payments`, {
      description: 'Standard program, month 1',
      amount: 1600,
      date: '2025-02-01',
    });
    expect(res.status).toBe(201);
    const rows = (await list(b)).notifications.filter((n: { kind: string }) => n.kind === 'payment_recorded');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Payment recorded: Standard program, month 1',
      clientId: b.id,
      readAt: null,
    });
    // Money and dates as everywhere else (src/shared/format.ts), not '$1600.00 on 2025-02-01'.
    expect(rows[0].body).toBe('$1,600.00 on Feb 1, 2025');
    expect((await list(admin1)).notifications.some((n: { kind: string }) => n.kind === 'payment_recorded')).toBe(false);
  });
});
