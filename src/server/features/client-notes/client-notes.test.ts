import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientNotes } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip';
import { LIMITS } from '../../../shared/limits';
import { NOTE_AUTHOR_ONLY, NOTE_MAX_LENGTH, NOTES_FULL, type ClientNote } from '../../../shared/client-notes';
import type { SearchResults } from '../../../shared/search';
import type { Page } from '../../../shared/paging';

type User = { id: string; agent: TestAgent; password: string };
let t: TestApp;
let a: User;
let b: User;
let admin: User;
/** A staff member to whom client A is assigned (B is in the admins' pool). */
let staff: User;

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'staff' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent, password: u.password };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Ada Admin');
  staff = await make('staff', 'Sam Staff');
  const res = await admin.agent.request('PUT', `/api/clients/${a.id}/assignment`, { json: { staffId: staff.id } });
  expect(res.status).toBe(200);
});
afterAll(() => t?.close());

const notesOf = (clientId: string) => `/api/clients/${clientId}/notes`;
async function add(agent: TestAgent, clientId: string, body: string) {
  const res = await agent.post(notesOf(clientId), { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { note: ClientNote }).note;
}
async function list(agent: TestAgent, clientId: string, query = '') {
  const res = await agent.get(`${notesOf(clientId)}${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page<ClientNote>;
}
const auditOf = (clientId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientId, clientId), eq(auditLog.entityType, 'client_note')));

describe("staff's notes on a client", () => {
  it('the assigned staff member and admins add and read them, newest first, with author and time', async () => {
    const first = await add(staff.agent, a.id, 'Prefers calls after 3pm.\nAsk about the lease.');
    const second = await add(admin.agent, a.id, 'Sent the fundability checklist.');
    expect(first).toMatchObject({ author: { id: staff.id, name: 'Sam Staff' }, mayChange: true });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const page = await list(staff.agent, a.id);
    expect(page.total).toBe(2);
    expect(page.items.map((n) => n.id)).toEqual([second.id, first.id]);
    // The staff member may change their own note only; an admin any.
    expect(page.items.map((n) => n.mayChange)).toEqual([false, true]);
    expect((await list(admin.agent, a.id)).items.map((n) => n.mayChange)).toEqual([true, true]);
    expect((await list(admin.agent, a.id, '?pageSize=1&page=2')).items.map((n) => n.id)).toEqual([first.id]);
    expect((await t.request('GET', `${notesOf(a.id)}?pageSize=101`)).status).toBe(401);
    expect((await admin.agent.get(`${notesOf(a.id)}?pageSize=101`)).status).toBe(400);
  });

  it('is closed to clients (their own notes too) and to a staff member for a client not theirs (404)', async () => {
    const onB = await add(admin.agent, b.id, 'Bravo is late on payments.');
    for (const [method, path] of [
      ['GET', notesOf(a.id)],
      ['POST', notesOf(a.id)],
      ['PATCH', `${notesOf(b.id)}/${onB.id}`],
      ['DELETE', `${notesOf(b.id)}/${onB.id}`],
    ] as const) {
      const json = method === 'GET' || method === 'DELETE' ? {} : { json: { body: 'mine' } };
      expect((await a.agent.request(method, path, json)).status, `client A: ${method} ${path}`).toBe(403);
      expect((await b.agent.request(method, path.replace(a.id, b.id), json)).status, `client B on own`).toBe(403);
    }
    for (const [method, path] of [
      ['GET', notesOf(b.id)],
      ['POST', notesOf(b.id)],
      ['PATCH', `${notesOf(b.id)}/${onB.id}`],
      ['DELETE', `${notesOf(b.id)}/${onB.id}`],
    ] as const) {
      const res = await staff.agent.request(method, path, method === 'GET' ? {} : { json: { body: 'x' } });
      expect(res.status, `staff on B: ${method}`).toBe(404);
    }
    // A note named under another client's id is not there.
    expect((await admin.agent.request('PATCH', `${notesOf(a.id)}/${onB.id}`, { json: { body: 'x' } })).status).toBe(
      404,
    );
    expect((await admin.agent.request('DELETE', `${notesOf(a.id)}/${randomUUID()}`)).status).toBe(404);
    const [row] = await t.db.select().from(clientNotes).where(eq(clientNotes.id, onB.id));
    expect(row.body).toBe('Bravo is late on payments.');
  });

  it('the author or an admin edits and deletes; another staff member is refused (403); each write is audited', async () => {
    const other = await t.createSignedInUser({ role: 'staff', name: 'Other Staff' });
    const note = await add(staff.agent, a.id, 'Draft note');
    const byAdmin = await add(admin.agent, a.id, "Admin's note");
    // Give A to the other staff member for a moment: they work A, but the note is not theirs.
    await admin.agent.request('PUT', `/api/clients/${a.id}/assignment`, { json: { staffId: other.user.id } });
    const refused = await other.agent.request('PATCH', `${notesOf(a.id)}/${note.id}`, { json: { body: 'mine' } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(NOTE_AUTHOR_ONLY);
    expect((await other.agent.request('DELETE', `${notesOf(a.id)}/${note.id}`)).status).toBe(403);
    await admin.agent.request('PUT', `/api/clients/${a.id}/assignment`, { json: { staffId: staff.id } });
    expect((await staff.agent.request('DELETE', `${notesOf(a.id)}/${byAdmin.id}`)).status).toBe(403);

    const edited = await staff.agent.request('PATCH', `${notesOf(a.id)}/${note.id}`, {
      json: { body: '  Final note ' },
    });
    expect(edited.status).toBe(200);
    const saved = ((await edited.json()) as { note: ClientNote }).note;
    expect(saved.body).toBe('Final note');
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(saved.createdAt));
    expect((await admin.agent.request('DELETE', `${notesOf(a.id)}/${note.id}`)).status).toBe(200);
    expect((await admin.agent.request('DELETE', `${notesOf(a.id)}/${note.id}`)).status).toBe(404);

    const rows = (await auditOf(a.id)).filter((r) => r.entityId === note.id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['create', staff.id],
      ['update', staff.id],
      ['delete', admin.id],
    ]);
  });

  it('refuses an empty, too long or malformed note with a 400 and stores nothing', async () => {
    const before = (await list(admin.agent, a.id)).total;
    for (const json of [
      { body: '   ' },
      { body: 'x'.repeat(NOTE_MAX_LENGTH + 1) },
      { body: 'a\u0007b' },
      { body: 'ok', extra: 1 },
      {},
    ]) {
      const res = await admin.agent.request('POST', notesOf(a.id), { json });
      expect(res.status, JSON.stringify(json).slice(0, 50)).toBe(400);
      expect((await res.json()).error).toMatch(/\w/);
    }
    expect((await list(admin.agent, a.id)).total).toBe(before);
    await add(admin.agent, a.id, 'x'.repeat(NOTE_MAX_LENGTH));
  });

  it(`refuses note ${LIMITS.clientNotes + 1} on one client with a 409 saying what to do`, async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const rows = Array.from({ length: LIMITS.clientNotes - 1 }, () => ({
      id: randomUUID(),
      clientId: c.user.id,
      authorId: admin.id,
      body: 'filler',
    }));
    for (let i = 0; i < rows.length; i += 250) await t.db.insert(clientNotes).values(rows.slice(i, i + 250));
    await add(admin.agent, c.user.id, 'The last one');
    const res = await admin.agent.post(notesOf(c.user.id), { body: 'One too many' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(NOTES_FULL);
    expect(await t.db.$count(clientNotes, eq(clientNotes.clientId, c.user.id))).toBe(LIMITS.clientNotes);
  });

  it('the client never learns of them: not in their account activity nor their data export; staff see the audit', async () => {
    await add(admin.agent, a.id, 'Secret-ish remark about Alpha');
    const mine = (await (await a.agent.get(`/api/clients/${a.id}/audit?pageSize=100`)).json()) as {
      rows: { entityType: string }[];
      total: number;
    };
    expect(mine.rows.some((r) => r.entityType === 'client_note')).toBe(false);
    expect(mine.total).toBe(mine.rows.length);
    const staffView = (await (await admin.agent.get(`/api/clients/${a.id}/audit?pageSize=100`)).json()) as {
      rows: { entityType: string }[];
    };
    expect(staffView.rows.some((r) => r.entityType === 'client_note')).toBe(true);

    for (const agent of [a.agent, admin.agent]) {
      const res = await agent.post(`/api/clients/${a.id}/export`, {});
      expect(res.status).toBe(200);
      const all = [...readZip(Buffer.from(await res.arrayBuffer()))]
        .map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`)
        .join('\n');
      expect(all).toContain('account-activity');
      expect(all).not.toContain('Secret-ish remark');
      expect(all).not.toContain('client_note');
    }
  });

  it("top-bar search: staff find a client by their note's text, only for clients they work", async () => {
    await add(admin.agent, a.id, 'Alpha wants a Zanzibar-themed storefront, call back Monday.');
    await add(admin.agent, b.id, 'Bravo also mentioned zanzibar shipping.');
    const search = async (agent: TestAgent, q: string) => {
      const res = await agent.get(`/api/clients/search?${new URLSearchParams({ q })}`);
      expect(res.status).toBe(200);
      return ((await res.json()) as SearchResults).groups.find((g) => g.kind === 'note')?.hits ?? [];
    };
    const forStaff = await search(staff.agent, 'ZANZIBAR');
    expect(forStaff).toHaveLength(1);
    expect(forStaff[0]).toMatchObject({ title: 'Client Alpha' });
    expect(forStaff[0].subtitle).toContain('Zanzibar-themed storefront');
    expect(forStaff[0].href).toBe(`/account?client=${a.id}&highlight=${forStaff[0].id}`);
    expect((await search(admin.agent, 'zanzibar')).map((h) => h.title).sort()).toEqual([
      'Client Alpha',
      'Client Bravo',
    ]);
    // Wildcards are taken literally.
    expect(await search(admin.agent, 'zan%bar')).toEqual([]);
    // A client's own search never reaches notes; the staff search is refused to them.
    expect((await a.agent.get(`/api/clients/search?q=zanzibar`)).status).toBe(403);
    const own = (await (await a.agent.get(`/api/clients/${a.id}/search?q=zanzibar`)).json()) as SearchResults;
    expect(JSON.stringify(own)).not.toMatch(/zanzibar/i);
  });
});
