import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessCompliance, notifications, recentActivities } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { CONTACT_SUPPORT_TASK } from '../../../shared/compliance-template';
import { taskProgress } from '../../../shared/compliance';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/compliance-tasks`;
const DAY = 24 * 60 * 60 * 1000;

async function insertTask(userId: string, values: Partial<typeof businessCompliance.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(businessCompliance)
    .values({ userId, taskName: 'File annual report', ...values })
    .returning();
  return row;
}
const tasksOf = (userId: string) => t.db.select().from(businessCompliance).where(eq(businessCompliance.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

describe('compliance tasks', () => {
  it("lists the client's own tasks by due date (no date last), with an overdue flag, 45 a page by default", async () => {
    const now = Date.now();
    await insertTask(a.id, { taskName: 'no date' });
    await insertTask(a.id, {
      taskName: 'later',
      taskDueDate: new Date(now + 5 * DAY),
      taskPriority: 'High',
      isTaxForm: true,
    });
    await insertTask(a.id, { taskName: 'late', taskDueDate: new Date(now - DAY) });
    await insertTask(a.id, {
      taskName: 'late but done',
      taskDueDate: new Date(now - 2 * DAY),
      taskStatus: 'Completed',
    });
    await insertTask(b.id, { taskName: "not A's" });
    const res = await a.agent.get(base(a.id));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 45, counts: { total: 4, completed: 1, overdue: 1 } });
    const tasks = body.items;
    expect(tasks.map((x: { name: string }) => x.name)).toEqual(['late but done', 'late', 'later', 'no date']);
    expect(tasks.map((x: { overdue: boolean }) => x.overdue)).toEqual([false, true, false, false]);
    expect(tasks[2]).toEqual({
      id: expect.any(Number),
      name: 'later',
      description: '',
      dueDate: expect.any(String),
      priority: 'High',
      status: 'Awaiting Completion',
      isBusinessLicense: false,
      isTaxForm: true,
      isCompliance: false,
      createdAt: expect.any(String),
      overdue: false,
      kind: 'task',
      requestedDocument: '',
      requestedDocumentType: null,
      rejectReason: '',
      submittedAt: null,
      uploads: [],
      uploadCount: 0,
    });

    await t.db
      .insert(businessCompliance)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: a.id, taskName: `bulk ${i}` })));
    const first = await (await a.agent.get(base(a.id))).json();
    expect(first.items).toHaveLength(45);
    expect(first).toMatchObject({ total: 54, counts: { total: 54, completed: 1 } });
    expect((await (await a.agent.get(`${base(a.id)}?pageSize=100`)).json()).items).toHaveLength(54);
    expect((await a.agent.get(`${base(a.id)}?pageSize=101`)).status).toBe(400);
    expect((await a.agent.get(`${base(a.id)}?pageSize=0`)).status).toBe(400);
    expect((await a.agent.get(`${base(a.id)}?limit=45`)).status).toBe(400);
    await t.db.delete(businessCompliance).where(eq(businessCompliance.userId, a.id));
  });

  it('pages through every task: page 2 holds the tasks after the first 45, a dated one and one with no date among them', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const now = Date.now();
    await t.db.insert(businessCompliance).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId: c.user.id,
        taskName: `starter ${i}`,
        taskDueDate: new Date(now + (i + 1) * DAY),
      })),
    );
    await admin.agent.request('POST', base(c.user.id), { json: { name: 'Far future filing', dueDate: '2099-06-01' } });
    await admin.agent.request('POST', base(c.user.id), { json: { name: 'Whenever you can' } });
    const page1 = await (await c.agent.get(base(c.user.id))).json();
    expect(page1.items.map((x: { name: string }) => x.name)).not.toContain('Far future filing');
    expect(page1).toMatchObject({ total: 47, page: 1, pageSize: 45 });
    const page2 = await (await c.agent.get(`${base(c.user.id)}?page=2`)).json();
    expect(page2).toMatchObject({ total: 47, page: 2, pageSize: 45 });
    expect(page2.items.map((x: { name: string }) => x.name)).toEqual(['Far future filing', 'Whenever you can']);
    expect((await (await c.agent.get(`${base(c.user.id)}?page=3`)).json()).items).toEqual([]);
    // Every id once across the pages.
    const ids = [...page1.items, ...page2.items].map((x: { id: number }) => x.id);
    expect(new Set(ids).size).toBe(47);
  });

  it("filters on the server by status, priority and overdue, while the counts stay over all the client's tasks", async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const id = c.user.id;
    const now = Date.now();
    await insertTask(id, {
      taskName: 'done high',
      taskStatus: 'Completed',
      taskPriority: 'High',
      taskDueDate: new Date(now - 3 * DAY),
    });
    await insertTask(id, { taskName: 'late high', taskPriority: 'High', taskDueDate: new Date(now - DAY) });
    await insertTask(id, { taskName: 'late low', taskPriority: 'Low', taskDueDate: new Date(now - 2 * DAY) });
    await insertTask(id, { taskName: 'soon medium', taskDueDate: new Date(now + DAY) });
    await insertTask(id, { taskName: 'undated low', taskPriority: 'Low' });
    await insertTask(b.id, { taskName: 'B late high', taskPriority: 'High', taskDueDate: new Date(now - DAY) });
    const names = async (query: string) => {
      const res = await c.agent.get(`${base(id)}?${query}`);
      expect(res.status, query).toBe(200);
      const body = await res.json();
      expect(body.counts, query).toEqual({ total: 5, completed: 1, overdue: 2 });
      expect(body.total, query).toBe(body.items.length);
      return body.items.map((x: { name: string }) => x.name);
    };
    expect(await names('status=Completed')).toEqual(['done high']);
    expect(await names('status=Awaiting%20Completion')).toEqual([
      'late low',
      'late high',
      'soon medium',
      'undated low',
    ]);
    expect(await names('priority=High')).toEqual(['done high', 'late high']);
    expect(await names('priority=Low')).toEqual(['late low', 'undated low']);
    expect(await names('overdue=true')).toEqual(['late low', 'late high']);
    expect(await names('overdue=false')).toEqual(['done high', 'soon medium', 'undated low']);
    expect(await names('overdue=true&priority=High')).toEqual(['late high']);
    expect(await names('overdue=true&status=Completed')).toEqual([]);
    expect(await names('priority=Medium&pageSize=1&page=1')).toEqual(['soon medium']);
    for (const bad of ['status=Done', 'priority=Urgent', 'overdue=yes', 'overdue=1', 'sort=name'])
      expect((await c.agent.get(`${base(id)}?${bad}`)).status, bad).toBe(400);
    expect((await (await c.agent.get(`${base(id)}?priority=Urgent`)).json()).error).toBe(
      'Priority must be High, Medium or Low.',
    );
  });

  it('gives the timeline (build-out) and the compliance list one count, over all tasks, beyond the 100 timeline dots and the 45-tile page', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const id = c.user.id;
    await t.db.insert(businessCompliance).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: id,
        taskName: `task ${i}`,
        taskStatus: i % 40 === 0 ? ('Completed' as const) : ('Awaiting Completion' as const),
      })),
    );
    const list = await (await c.agent.get(`${base(id)}?status=Completed`)).json();
    const buildOut = await (await c.agent.get(`/api/clients/${id}/build-out`)).json();
    expect(list.counts).toMatchObject({ total: 120, completed: 3 });
    expect(buildOut).toMatchObject({ total: 120, completed: 3 });
    expect(buildOut.tasks).toHaveLength(100);
    expect(taskProgress(buildOut).text).toBe('3/120 tasks completed');
    expect(taskProgress(list.counts).text).toBe(taskProgress(buildOut).text);
    expect(taskProgress({ completed: 0, total: 0 }).text).toBe('0/45 tasks completed');
  });

  it("answers one task by id for its client and an admin; 404 for another client's task and for ids that name nothing", async () => {
    const aTask = await insertTask(a.id, {
      taskName: 'Deep linked',
      taskDescription: 'Opened from the bell',
      taskDueDate: new Date(Date.now() - DAY),
    });
    const mine = await a.agent.get(`${base(a.id)}/${aTask.id}`);
    expect(mine.status).toBe(200);
    expect((await mine.json()).task).toMatchObject({
      id: aTask.id,
      name: 'Deep linked',
      description: 'Opened from the bell',
      overdue: true,
      status: 'Awaiting Completion',
    });
    expect((await admin.agent.get(`${base(a.id)}/${aTask.id}`)).status).toBe(200);
    // Client B: not through A's id (their own scope only), nor by putting A's task under B's id.
    expect((await b.agent.get(`${base(a.id)}/${aTask.id}`)).status).toBe(404);
    const cross = await b.agent.get(`${base(b.id)}/${aTask.id}`);
    expect(cross.status).toBe(404);
    expect(await cross.text()).not.toContain('Deep linked');
    expect((await admin.agent.get(`${base(b.id)}/${aTask.id}`)).status).toBe(404);
    for (const idText of ['0', 'abc', '99999999999', '-1', '1.5'])
      expect((await a.agent.get(`${base(a.id)}/${idText}`)).status, idText).toBe(404);
    expect((await t.request('GET', `${base(a.id)}/${aTask.id}`)).status).toBe(401);
  });

  it('refuses a client creating, editing or deleting tasks, even their own (403), and changes nothing', async () => {
    const own = await insertTask(a.id, { taskName: 'Client may not touch' });
    const before = await tasksOf(a.id);
    const add = await a.agent.request('POST', base(a.id), { json: { name: 'Self-made task' } });
    expect(add.status).toBe(403);
    expect((await add.json()).error).toBe('Only staff can do this.');
    expect((await a.agent.request('PATCH', `${base(a.id)}/${own.id}`, { json: { status: 'Completed' } })).status).toBe(
      403,
    );
    expect((await a.agent.request('DELETE', `${base(a.id)}/${own.id}`)).status).toBe(403);
    expect(await tasksOf(a.id)).toEqual(before);
  });

  it('lets an admin add, edit and delete a task for a chosen client, audited, with notifications and a derived activity', async () => {
    const res = await admin.agent.request('POST', base(b.id), {
      json: {
        name: '  Renew business license  ',
        description: 'City office',
        dueDate: '2030-05-01',
        isBusinessLicense: true,
      },
    });
    expect(res.status).toBe(201);
    const { task } = await res.json();
    expect(task).toMatchObject({
      name: 'Renew business license',
      description: 'City office',
      priority: 'Medium',
      status: 'Awaiting Completion',
      isBusinessLicense: true,
      overdue: false,
    });
    expect(task.dueDate).toBe('2030-05-01T23:59:59.999Z');
    const [stored] = await t.db.select().from(businessCompliance).where(eq(businessCompliance.id, task.id));
    expect(stored.userId).toBe(b.id);

    const edit = await admin.agent.request('PATCH', `${base(b.id)}/${task.id}`, {
      json: { priority: 'High', status: 'Completed' },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).task).toMatchObject({
      name: 'Renew business license',
      priority: 'High',
      status: 'Completed',
    });
    const activities = await t.db.select().from(recentActivities).where(eq(recentActivities.userId, b.id));
    expect(activities).toContainEqual(
      expect.objectContaining({ title: 'Renew business license', status: 'Completed' }),
    );

    const del = await admin.agent.request('DELETE', `${base(b.id)}/${task.id}`);
    expect(del.status).toBe(200);
    expect(await t.db.select().from(businessCompliance).where(eq(businessCompliance.id, task.id))).toEqual([]);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, b.id), eq(auditLog.entityType, 'business_compliance')));
    expect(audit.map((e) => [e.action, e.actorId, e.entityId])).toEqual([
      ['create', admin.id, String(task.id)],
      ['update', admin.id, String(task.id)],
      ['delete', admin.id, String(task.id)],
    ]);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notes.map((n) => n.kind)).toEqual(['task_assigned', 'task_changed', 'task_changed']);
    expect(notes[0]).toMatchObject({
      clientId: b.id,
      title: 'New task: Renew business license',
      link: `/compliance?task=${task.id}`,
    });
  });

  it("answers 404 for another client's task and for ids that name nothing, whoever asks", async () => {
    const bTask = await insertTask(b.id, { taskName: 'B only' });
    expect((await admin.agent.request('PATCH', `${base(a.id)}/${bTask.id}`, { json: { name: 'moved?' } })).status).toBe(
      404,
    );
    expect((await admin.agent.request('DELETE', `${base(a.id)}/${bTask.id}`)).status).toBe(404);
    expect((await admin.agent.request('POST', `${base(a.id)}/${bTask.id}/complete`)).status).toBe(404);
    expect((await a.agent.request('POST', `${base(a.id)}/${bTask.id}/complete`)).status).toBe(404);
    expect((await a.agent.get(base(b.id))).status).toBe(404);
    expect((await admin.agent.request('PATCH', `${base(b.id)}/abc`, { json: {} })).status).toBe(404);
    expect((await admin.agent.request('DELETE', `${base(b.id)}/99999999999`)).status).toBe(404);
    const [after] = await t.db.select().from(businessCompliance).where(eq(businessCompliance.id, bTask.id));
    expect(after).toEqual(bTask);
  });

  it('rejects bad task input with a clear 400 and saves nothing', async () => {
    const before = await tasksOf(b.id);
    const noName = await admin.agent.request('POST', base(b.id), { json: { name: '   ' } });
    expect(noName.status).toBe(400);
    expect((await noName.json()).error).toBe('Please enter a task name.');
    const badPriority = await admin.agent.request('POST', base(b.id), { json: { name: 'x', priority: 'Urgent' } });
    expect((await badPriority.json()).error).toBe('Priority must be High, Medium or Low.');
    expect((await admin.agent.request('POST', base(b.id), { json: { name: 'x', dueDate: '2024-02-30' } })).status).toBe(
      400,
    );
    expect(await tasksOf(b.id)).toEqual(before);
  });

  it('lets a client complete Contact Support (due now, activity) but no other task; admins any', async () => {
    const support = await insertTask(a.id, {
      taskName: CONTACT_SUPPORT_TASK,
      taskDueDate: new Date(Date.now() + 3 * DAY),
    });
    const other = await insertTask(a.id, { taskName: 'Open a bank account' });
    const res = await a.agent.request('POST', `${base(a.id)}/${support.id}/complete`);
    expect(res.status).toBe(200);
    const { task } = await res.json();
    expect(task).toMatchObject({ name: CONTACT_SUPPORT_TASK, status: 'Completed', overdue: false });
    expect(Math.abs(new Date(task.dueDate).getTime() - Date.now())).toBeLessThan(60_000);
    expect(
      await t.db
        .select()
        .from(recentActivities)
        .where(and(eq(recentActivities.userId, a.id), eq(recentActivities.title, CONTACT_SUPPORT_TASK))),
    ).toHaveLength(1);
    // A client's own action is neither audited nor announced to them.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, a.id))).toEqual([]);

    const refused = await a.agent.request('POST', `${base(a.id)}/${other.id}/complete`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe('You can complete only the Contact Support task yourself.');
    expect(
      (await t.db.select().from(businessCompliance).where(eq(businessCompliance.id, other.id)))[0].taskStatus,
    ).toBe('Awaiting Completion');

    const byAdmin = await admin.agent.request('POST', `${base(a.id)}/${other.id}/complete`);
    expect(byAdmin.status).toBe(200);
    expect((await byAdmin.json()).task.status).toBe('Completed');
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, a.id))).map((n) => n.kind)).toEqual([
      'task_changed',
    ]);
  });
});
