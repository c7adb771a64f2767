import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, businessCompliance, users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { CONTACT_SUPPORT_TASK, FREE_GUIDE_TASK, MY_ACCOUNT_TASK } from '../../../shared/compliance-template';
import { buildOutDay } from '../../../shared/dashboard';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let admin: Who;
const DAY = 24 * 60 * 60 * 1000;

async function newClient(): Promise<Who> {
  const u = await t.createSignedInUser({ role: 'client', name: 'Dana Dashboard' });
  const setup = await u.agent.post('/api/me/setup', {});
  expect(setup.status).toBe(201);
  return { id: u.user.id, agent: u.agent };
}
const task = async (userId: string, name: string) =>
  (
    await t.db
      .select()
      .from(businessCompliance)
      .where(and(eq(businessCompliance.userId, userId), eq(businessCompliance.taskName, name)))
  )[0];

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: 'staff@example.test' });
  const u = await t.createSignedInUser({ role: 'admin' });
  admin = { id: u.user.id, agent: u.agent };
});
afterAll(() => t?.close());

describe('build-out', () => {
  it('a new client is on day 1 with 0 of 45 tasks completed, dots in due-date order and the three named tasks', async () => {
    const a = await newClient();
    const res = await a.agent.get(`/api/clients/${a.id}/build-out`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ totalDays: 1, completed: 0, total: 45, startedAt: expect.any(String) });
    expect(body.tasks).toHaveLength(45);
    expect(body.tasks.every((x: { completed: boolean }) => !x.completed)).toBe(true);
    expect(body.namedTasks.map((x: { name: string }) => x.name)).toEqual([
      FREE_GUIDE_TASK,
      CONTACT_SUPPORT_TASK,
      MY_ACCOUNT_TASK,
    ]);
  });

  it('counts the days since set-up and caps them at 45', async () => {
    const a = await newClient();
    await t.db
      .update(users)
      .set({ setupAt: new Date(Date.now() - 10 * DAY - 60_000) })
      .where(eq(users.id, a.id));
    expect((await (await a.agent.get(`/api/clients/${a.id}/build-out`)).json()).totalDays).toBe(11);
    await t.db
      .update(users)
      .set({ setupAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(users.id, a.id));
    expect((await (await a.agent.get(`/api/clients/${a.id}/build-out`)).json()).totalDays).toBe(45);
    expect(buildOutDay(null, new Date())).toBe(0);
    expect(buildOutDay(new Date(Date.now() + DAY), new Date())).toBe(1);
  });

  it("counts completed tasks, and an admin reads any client's build-out", async () => {
    const a = await newClient();
    await t.db
      .update(businessCompliance)
      .set({ taskStatus: 'Completed' })
      .where(and(eq(businessCompliance.userId, a.id), eq(businessCompliance.taskName, MY_ACCOUNT_TASK)));
    const res = await admin.agent.get(`/api/clients/${a.id}/build-out`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ completed: 1, total: 45 });
    expect(body.namedTasks.find((x: { name: string }) => x.name === MY_ACCOUNT_TASK).completed).toBe(true);
  });
});

describe('free guide', () => {
  const guideUrl = (id: string) => `/api/clients/${id}/free-guide`;

  it('downloads as a PDF attachment (nosniff), and the GET alone completes nothing', async () => {
    const a = await newClient();
    const res = await a.agent.get(guideUrl(a.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(bytes.subarray(-6).toString()).toBe('%%EOF\n');
    // A link on another site (a plain GET) must not change the client's tasks.
    expect((await task(a.id, FREE_GUIDE_TASK)).taskStatus).toBe('Awaiting Completion');
    expect((await (await a.agent.get(`/api/clients/${a.id}/build-out`)).json()).completed).toBe(0);
  });

  it('POST /complete marks the task Completed, due now; a second call keeps the first date', async () => {
    const a = await newClient();
    const before = Date.now();
    const res = await a.agent.post(`${guideUrl(a.id)}/complete`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ completed: true });
    const row = await task(a.id, FREE_GUIDE_TASK);
    expect(row.taskStatus).toBe('Completed');
    expect(row.taskDueDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.taskDueDate!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const again = await a.agent.post(`${guideUrl(a.id)}/complete`, {});
    expect(await again.json()).toEqual({ completed: true });
    expect((await task(a.id, FREE_GUIDE_TASK)).taskDueDate).toEqual(row.taskDueDate);
  });

  it('POST /complete is refused from another site, and GET /complete does not exist', async () => {
    const a = await newClient();
    const cross = await a.agent.request('POST', `${guideUrl(a.id)}/complete`, {
      json: {},
      origin: 'https://evil.example',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect((await a.agent.get(`${guideUrl(a.id)}/complete`)).status).toBe(404);
    expect((await task(a.id, FREE_GUIDE_TASK)).taskStatus).toBe('Awaiting Completion');
  });

  it("an admin downloading it or pressing complete for a client does not complete the client's task", async () => {
    const a = await newClient();
    expect((await admin.agent.get(guideUrl(a.id))).status).toBe(200);
    const res = await admin.agent.post(`${guideUrl(a.id)}/complete`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ completed: false });
    expect((await task(a.id, FREE_GUIDE_TASK)).taskStatus).toBe('Awaiting Completion');
  });

  it("client B cannot complete client A's guide task", async () => {
    const a = await newClient();
    const b = await newClient();
    expect((await b.agent.post(`${guideUrl(a.id)}/complete`, {})).status).toBe(404);
    expect((await task(a.id, FREE_GUIDE_TASK)).taskStatus).toBe('Awaiting Completion');
  });
});

describe('contact support', () => {
  it('completes the task with due date now and mails the staff address', async () => {
    const a = await newClient();
    const before = Date.now();
    const res = await a.agent.post(`/api/clients/${a.id}/contact-support`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ completed: true });
    const row = await task(a.id, CONTACT_SUPPORT_TASK);
    expect(row.taskStatus).toBe('Completed');
    expect(row.taskDueDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const mail = await t.lastMail('staff@example.test', 'Contact Support request');
    expect(mail.text).toContain(a.id);
    expect(mail.text).toContain('Dana Dashboard');
  });

  it('answers "Failed to send notification email" (502) and leaves the task as it was when the mail fails', async () => {
    const a = await newClient();
    const spy = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('smtp down'));
    const res = await a.agent.post(`/api/clients/${a.id}/contact-support`, {});
    spy.mockRestore();
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'Failed to send notification email' });
    expect((await task(a.id, CONTACT_SUPPORT_TASK)).taskStatus).toBe('Awaiting Completion');
  });

  it('an admin may press it for a client (audited); a client without the task gets a 404', async () => {
    const a = await newClient();
    expect((await admin.agent.post(`/api/clients/${a.id}/contact-support`, {})).status).toBe(200);
    const row = await task(a.id, CONTACT_SUPPORT_TASK);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'update',
        entityType: 'business_compliance',
        entityId: String(row.id),
        actorId: admin.id,
      }),
    );
    const bare = await t.createSignedInUser({ role: 'client' });
    const res = await bare.agent.post(`/api/clients/${bare.user.id}/contact-support`, {});
    expect(res.status).toBe(404);
  });
});
