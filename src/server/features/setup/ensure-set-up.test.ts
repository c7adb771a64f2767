import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCompliance, payments, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const staff = 'staff-first-request@example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: staff, SETUP_ON_FIRST_REQUEST: 'true' });
});
afterAll(() => t?.close());

const countOf = async (userId: string) => ({
  tasks: (await t.db.select().from(businessCompliance).where(eq(businessCompliance.userId, userId))).length,
  credits: (await t.db.select().from(payments).where(eq(payments.userId, userId))).length,
  setUp: (await t.db.select().from(users).where(eq(users.id, userId)))[0]?.setupAt ?? null,
});

// The web app no longer waits for POST /api/me/setup before loading the page.
describe('first-login set-up at the first authenticated request', () => {
  it("a new client's first page request finds the 45 starter tasks, without POST /api/me/setup", async () => {
    const c = await t.createSignedInUser();
    const res = await c.agent.get(`/api/clients/${c.user.id}/build-out`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ total: 45, completed: 0 });
    expect(await countOf(c.user.id)).toMatchObject({ tasks: 45, credits: 1, setUp: expect.any(Date) });
    expect((await t.outbox(staff)).filter((m) => m.text.includes(c.email))).toHaveLength(1);
  });

  it('the page load’s parallel first requests set the client up exactly once', async () => {
    const c = await t.createSignedInUser();
    const base = `/api/clients/${c.user.id}`;
    const answers = await Promise.all([
      c.agent.get(`${base}/build-out`),
      c.agent.get(`${base}/compliance-tasks`),
      c.agent.get(`${base}/payments`),
      c.agent.get(`${base}/activities`),
      c.agent.request('POST', '/api/me/setup'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 201]);
    expect((await answers[1].json()).total).toBe(45);
    expect(await countOf(c.user.id)).toMatchObject({ tasks: 45, credits: 1 });
    expect((await t.outbox(staff)).filter((m) => m.text.includes(c.email))).toHaveLength(1);
  });

  it('an administrator is not set up by their requests', async () => {
    const admin = await t.createSignedInUser({ role: 'admin' });
    expect((await admin.agent.get('/api/clients')).status).toBe(200);
    expect(await countOf(admin.user.id)).toMatchObject({ tasks: 0, credits: 0, setUp: null });
  });
});
