import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authUsers,
  businessCompliance,
  capitalScores,
  notifications,
  payments,
  recentActivities,
  users,
} from '../../db/schema';
import { seedDemo } from '../../demo/seed-demo';
import type { Logger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CONTACT_SUPPORT_TASK, FREE_GUIDE_TASK, MY_ACCOUNT_TASK } from '../../../shared/compliance-template';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: 'staff-setup@example.test' });
});
afterAll(() => t?.close());

const staff = 'staff-setup@example.test';

async function rowsOf(userId: string) {
  const [u, tasks, activities, scores, pays] = await Promise.all([
    t.db.select().from(users).where(eq(users.id, userId)),
    t.db.select().from(businessCompliance).where(eq(businessCompliance.userId, userId)),
    t.db.select().from(recentActivities).where(eq(recentActivities.userId, userId)),
    t.db.select().from(capitalScores).where(eq(capitalScores.userId, userId)),
    t.db.select().from(payments).where(eq(payments.userId, userId)),
  ]);
  return { users: u, tasks, activities, scores, payments: pays };
}

const staffMailsAbout = async (email: string) => (await t.outbox(staff)).filter((m) => m.text.includes(email));

describe('first-login setup', () => {
  it('creates the users row, 45 tasks, an activity, a CapitalScore of 500, the signup credit, and mails the staff', async () => {
    const c = await t.createSignedInUser({ name: 'Nora <New> Client' });
    await t.db.update(authUsers).set({ phone: '(555) 010-9999' }).where(eq(authUsers.id, c.user.id));
    const before = Date.now();
    const res = await c.agent.request('POST', '/api/me/setup');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: 201, message: 'User fully initialized.' });

    const rows = await rowsOf(c.user.id);
    expect(rows.users).toHaveLength(1);
    expect(rows.tasks).toHaveLength(45);
    const names = rows.tasks.map((task) => task.taskName);
    expect(names).toEqual(expect.arrayContaining([FREE_GUIDE_TASK, CONTACT_SUPPORT_TASK, MY_ACCOUNT_TASK]));
    expect(new Set(names).size).toBe(45);
    for (const task of rows.tasks) {
      expect(task.taskStatus).toBe('Awaiting Completion');
      const days = (task.taskDueDate!.getTime() - before) / 86_400_000;
      expect(days).toBeGreaterThan(0.9);
      expect(days).toBeLessThan(45.1);
    }
    expect(rows.activities).toEqual([
      expect.objectContaining({ title: 'Welcome to your business build-out', status: 'In Progress' }),
    ]);
    expect(rows.scores).toEqual([expect.objectContaining({ score: 500 })]);
    expect(rows.payments).toEqual([
      expect.objectContaining({
        amount: '125.00',
        description: 'signup user credit',
        status: 'completed',
        included: true,
        kind: 'signup_credit',
      }),
    ]);
    expect(rows.payments[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const mails = await staffMailsAbout(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(c.user.id);
    expect(mails[0].text).toContain('Phone: (555) 010-9999');
    expect(mails[0].text).toContain(`Email: ${c.email}`);
    expect(mails[0].html).toContain('Nora &#60;New&#62; Client');
    expect(mails[0].html).not.toContain('<New>');
  });

  it('adds nothing and sends no mail the second time', async () => {
    const c = await t.createSignedInUser();
    expect((await c.agent.request('POST', '/api/me/setup')).status).toBe(201);
    const second = await c.agent.request('POST', '/api/me/setup');
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({ status: 201, message: 'User fully initialized.' });
    const rows = await rowsOf(c.user.id);
    expect([
      rows.users.length,
      rows.tasks.length,
      rows.activities.length,
      rows.scores.length,
      rows.payments.length,
    ]).toEqual([1, 45, 1, 1, 1]);
    expect(await staffMailsAbout(c.email)).toHaveLength(1);
  });

  it('makes exactly one set of rows when two tabs race', async () => {
    const c = await t.createSignedInUser();
    const answers = await Promise.all([
      c.agent.request('POST', '/api/me/setup'),
      c.agent.request('POST', '/api/me/setup'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const rows = await rowsOf(c.user.id);
    expect([
      rows.users.length,
      rows.tasks.length,
      rows.activities.length,
      rows.scores.length,
      rows.payments.length,
    ]).toEqual([1, 45, 1, 1, 1]);
    expect(await staffMailsAbout(c.email)).toHaveLength(1);
  });

  it('still sets up a client whose preferences an admin saved before their first sign-in', async () => {
    const c = await t.createSignedInUser();
    const admin = await t.createSignedInUser({ role: 'admin' });
    const saved = await admin.agent.request('PUT', `/api/clients/${c.user.id}/preferences`, {
      json: { pushAlertEnabled: false, emailAlertEnabled: true },
    });
    expect(saved.status).toBe(200);
    expect((await c.agent.request('POST', '/api/me/setup')).status).toBe(201);
    const rows = await rowsOf(c.user.id);
    expect([rows.users.length, rows.tasks.length, rows.payments.length]).toEqual([1, 45, 1]);
    expect(rows.users[0].pushAlertEnabled).toBe(false);
    expect(await staffMailsAbout(c.email)).toHaveLength(1);
  });

  it('sets up nothing for an administrator: no tasks, credit, activity, score, staff mail or sign-up notice', async () => {
    await t.createSignedInUser({ role: 'admin' }); // another admin, who would get a sign-up notice
    const admin = await t.createSignedInUser({ role: 'admin', name: 'Demo Admin' });
    for (let i = 0; i < 2; i++) {
      const res = await admin.agent.request('POST', '/api/me/setup');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 200, message: 'Nothing to set up: administrators are not clients.' });
    }
    const rows = await rowsOf(admin.user.id);
    expect([
      rows.users.length,
      rows.tasks.length,
      rows.activities.length,
      rows.scores.length,
      rows.payments.length,
    ]).toEqual([0, 0, 0, 0, 0]);
    expect(await staffMailsAbout(admin.email)).toHaveLength(0);
    expect((await t.outbox(staff)).some((m) => m.subject.includes('New client signed up: Demo Admin'))).toBe(false);
    expect(await t.db.select().from(notifications).where(eq(notifications.clientId, admin.user.id))).toEqual([]);
  });

  it('still works with the demo seed: demo clients 1 and 2 are set up once, the brand-new one at first sign-in, the demo admin never', async () => {
    const fresh = await createTestApp({ STAFF_EMAIL: 'staff-seed@example.test' });
    try {
      const lines: string[] = [];
      const log = { debug: () => {}, info: (m: string) => lines.push(m), warn: () => {}, error: () => {} } as Logger;
      await seedDemo({ ...fresh, log });
      const password = (who: string) => new RegExp(`${who}:\\s+\\S+\\s+password: (\\S+)`).exec(lines.join('\n'))![1];
      const admin = await fresh.signIn('admin@demo.local', password('admin'));
      const client = await fresh.signIn('client@demo.local', password('client'));
      const newcomer = await fresh.signIn('new@demo.local', password('new'));
      expect((await admin.request('POST', '/api/me/setup')).status).toBe(200);
      expect((await client.request('POST', '/api/me/setup')).status).toBe(201);
      expect((await newcomer.request('POST', '/api/me/setup')).status).toBe(201);
      const count = async (email: string) => {
        const [row] = await fresh.db.select().from(authUsers).where(eq(authUsers.email, email));
        return {
          role: row.role,
          tasks: await fresh.db.$count(businessCompliance, eq(businessCompliance.userId, row.id)),
        };
      };
      expect(await count('admin@demo.local')).toEqual({ role: 'admin', tasks: 0 });
      // The 45 of the build-out and two document requests from staff.
      expect(await count('client@demo.local')).toEqual({ role: 'client', tasks: 47 });
      expect(await count('new@demo.local')).toEqual({ role: 'client', tasks: 45 });
      const mails = (await fresh.outbox('staff-seed@example.test'))
        .map((m) => m.subject)
        .filter((s) => s.includes('New client signed up'));
      expect(mails.sort()).toEqual(
        ['Daniel Reyes', 'Maya Thompson', 'Priya Shah'].map((n) =>
          expect.stringContaining(`New client signed up: ${n}`),
        ),
      );
      // The client list shows the three demo clients and not the demo admin.
      const list = (await (await admin.get('/api/clients')).json()) as { rows: { email: string }[] };
      expect(list.rows.map((r) => r.email).sort()).toEqual([
        'client@demo.local',
        'member@demo.local',
        'new@demo.local',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a guest', async () => {
    const res = await t.request('POST', '/api/me/setup');
    expect(res.status).toBe(401);
  });
});
