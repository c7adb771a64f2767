import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recentActivities } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { regularActivityStatusOptions } from '../../../shared/activities';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/activities`;
const STATUS_ERROR = "Only 'completed' or 'in-progress' statuses are allowed for regular activities.";
const rowsOf = (userId: string) => t.db.select().from(recentActivities).where(eq(recentActivities.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

describe('recent activities', () => {
  it('lets a client add, list (newest first), edit and delete their own activities', async () => {
    await t.db
      .insert(recentActivities)
      .values({ userId: a.id, title: 'old one', createdAt: new Date('2024-01-01T00:00:00Z') });
    await t.db.insert(recentActivities).values({ userId: b.id, title: "B's activity" });
    const add = await a.agent.request('POST', base(a.id), {
      json: { title: '  Called the bank ', notes: 'Asked about fees', status: 'completed' },
    });
    expect(add.status).toBe(201);
    const { activity } = await add.json();
    expect(activity).toEqual({
      id: expect.any(Number),
      title: 'Called the bank',
      notes: 'Asked about fees',
      status: 'Completed',
      createdAt: expect.any(String),
    });
    const second = await (
      await a.agent.request('POST', base(a.id), { json: { title: 'Drafting the plan', status: 'in-progress' } })
    ).json();
    expect(second.activity.status).toBe('In Progress');
    expect(
      (await (await a.agent.request('POST', base(a.id), { json: { title: 'Default status' } })).json()).activity.status,
    ).toBe('In Progress');

    const list = await (await a.agent.get(base(a.id))).json();
    expect(list.items.map((x: { title: string }) => x.title)).toEqual([
      'Default status',
      'Drafting the plan',
      'Called the bank',
      'old one',
    ]);

    const edit = await a.agent.request('PATCH', `${base(a.id)}/${second.activity.id}`, {
      json: { status: 'Completed', notes: 'done' },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).activity).toMatchObject({
      title: 'Drafting the plan',
      notes: 'done',
      status: 'Completed',
    });

    expect((await a.agent.request('DELETE', `${base(a.id)}/${activity.id}`)).status).toBe(200);
    expect((await rowsOf(a.id)).map((r) => r.title).sort()).toEqual(['Default status', 'Drafting the plan', 'old one']);
    // A client's own changes are not audit entries.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id))).toEqual([]);
  });

  it('requires a title: nothing is saved without one', async () => {
    const before = await rowsOf(a.id);
    for (const json of [{ title: '' }, { title: '   ', status: 'completed' }, { notes: 'no title' }]) {
      const res = await a.agent.request('POST', base(a.id), { json });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Title is required');
    }
    const [first] = before;
    const blank = await a.agent.request('PATCH', `${base(a.id)}/${first.id}`, { json: { title: '' } });
    expect(blank.status).toBe(400);
    expect(await rowsOf(a.id)).toEqual(before);
  });

  it("allows only completed or in-progress on regular activities, with the original product's message", async () => {
    const before = await rowsOf(a.id);
    for (const status of ['pending', 'urgent', 'done', '', 'Pending']) {
      const res = await a.agent.request('POST', base(a.id), { json: { title: 'Bad status', status } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(STATUS_ERROR);
    }
    const edit = await a.agent.request('PATCH', `${base(a.id)}/${before[0].id}`, { json: { status: 'urgent' } });
    expect(edit.status).toBe(400);
    expect((await edit.json()).error).toBe(STATUS_ERROR);
    expect(await rowsOf(a.id)).toEqual(before);
  });

  it('saves every status the form offers, and only those (no Pending or Urgent that would be refused)', async () => {
    expect(regularActivityStatusOptions.map((o) => o.label)).toEqual(['Completed', 'In Progress']);
    for (const option of regularActivityStatusOptions) {
      const res = await a.agent.request('POST', base(a.id), {
        json: { title: `Offered ${option.value}`, status: option.value },
      });
      expect(res.status).toBe(201);
      expect((await res.json()).activity.status).toBe(option.label);
    }
    // A compliance-derived entry with another status keeps it when an edit sends no status (the form's "Keep ...").
    const [derived] = await t.db
      .insert(recentActivities)
      .values({ userId: a.id, title: 'Derived', status: 'urgent' })
      .returning();
    const edit = await a.agent.request('PATCH', `${base(a.id)}/${derived.id}`, {
      json: { title: 'Derived, renamed', notes: '' },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).activity).toMatchObject({ title: 'Derived, renamed', status: 'urgent' });
  });

  it("keeps clients apart (404) and lets an admin manage a client's activities, audited", async () => {
    const [bRow] = await rowsOf(b.id);
    expect((await a.agent.get(base(b.id))).status).toBe(404);
    expect((await a.agent.request('PATCH', `${base(a.id)}/${bRow.id}`, { json: { title: 'hijack' } })).status).toBe(
      404,
    );
    expect((await a.agent.request('DELETE', `${base(a.id)}/${bRow.id}`)).status).toBe(404);
    expect((await admin.agent.request('DELETE', `${base(a.id)}/${bRow.id}`)).status).toBe(404);

    const add = await admin.agent.request('POST', base(b.id), { json: { title: 'Staff call', status: 'Completed' } });
    expect(add.status).toBe(201);
    const { activity } = await add.json();
    expect(
      (
        await admin.agent.request('PATCH', `${base(b.id)}/${activity.id}`, {
          json: { title: 'Staff call (follow-up)' },
        })
      ).status,
    ).toBe(200);
    expect((await admin.agent.request('DELETE', `${base(b.id)}/${activity.id}`)).status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.clientId, b.id));
    expect(audit.map((e) => [e.action, e.entityType, e.actorId])).toEqual([
      ['create', 'recent_activity', admin.id],
      ['update', 'recent_activity', admin.id],
      ['delete', 'recent_activity', admin.id],
    ]);
    expect((await rowsOf(b.id)).map((r) => r.title)).toEqual(["B's activity"]);
  });
});
