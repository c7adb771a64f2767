import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { auditLog, authUsers, notifications } from '../../db/schema';
import type { ClientPage } from '../../../shared/clients';
import type { SearchResults } from '../../../shared/search';
import { BULK_ASSIGN_MAX, CLIENT_NOT_FOUND, SELF_ROLE_CHANGE, STAFF_NOT_FOUND } from '../../../shared/staff';
import type { Role } from '../../../shared/roles';

type Person = { id: string; email: string; agent: TestAgent };

let t: TestApp;
let admin: Person;
let a: Person;
let b: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin', 'Ada Admin');
  a = await make('client', 'Alpha Client');
  b = await make('client', 'Bravo Client');
});
afterAll(() => t?.close());

async function make(role: Role, name: string): Promise<Person> {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, email: u.email, agent: u.agent };
}
const assign = (clientId: string, staffId: string | null, as = admin.agent) =>
  as.request('PUT', `/api/clients/${clientId}/assignment`, { json: { staffId } });
const assignedTo = async (clientId: string) =>
  (await t.db.select({ s: authUsers.assignedStaffId }).from(authUsers).where(eq(authUsers.id, clientId)))[0].s;
const notesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const assignmentAudits = (clientId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.clientId, clientId))
    .then((rows) => rows.filter((r) => r.entityType === 'assignment'));

describe('assignment', () => {
  it('an admin assigns a client to a staff member, reassigns and unassigns: each change in the client log, each staff member told', async () => {
    const sam = await make('staff', 'Sam Staff');
    const kim = await make('staff', 'Kim Staff');
    const res = await assign(a.id, sam.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ assigned: 1, staff: { id: sam.id, name: 'Sam Staff' } });
    expect(await assignedTo(a.id)).toBe(sam.id);
    expect((await notesOf(sam.id)).map((n) => [n.kind, n.title, n.clientId])).toEqual([
      ['client_assigned', 'Alpha Client is now your client', a.id],
    ]);
    // Assigning again to the same staff member changes nothing and tells no one.
    expect(await (await assign(a.id, sam.id)).json()).toMatchObject({ assigned: 0 });
    expect(await notesOf(sam.id)).toHaveLength(1);

    expect((await assign(a.id, kim.id)).status).toBe(200);
    expect((await notesOf(sam.id)).map((n) => n.title)).toContain('Alpha Client is no longer your client');
    expect((await notesOf(kim.id)).map((n) => n.title)).toEqual(['Alpha Client is now your client']);
    expect(await (await assign(a.id, null)).json()).toEqual({ assigned: 1, staff: null });
    expect(await assignedTo(a.id)).toBeNull();
    expect((await notesOf(kim.id)).map((n) => n.title)).toContain('Alpha Client is no longer your client');

    const audits = await assignmentAudits(a.id);
    expect(audits.map((r) => [r.action, r.actorId])).toEqual([
      ['update', admin.id],
      ['update', admin.id],
      ['update', admin.id],
    ]);
    // The client reads it in their own activity log, in words.
    const log = (await (await a.agent.get(`/api/clients/${a.id}/audit`)).json()) as { rows: { actor: string }[] };
    expect(log.rows[0].actor).toBe('Ada Admin (staff)');
  });

  it("the client's summary names their staff member (the client's page shows it), null in the pool", async () => {
    const lee = await make('staff', 'Lee Staff');
    const summary = async () =>
      ((await (await admin.agent.get(`/api/clients/${b.id}/summary`)).json()) as { assignedStaff: unknown })
        .assignedStaff;
    expect(await summary()).toBeNull();
    expect((await assign(b.id, lee.id)).status).toBe(200);
    expect(await summary()).toEqual({ id: lee.id, name: 'Lee Staff' });
    expect((await assign(b.id, null)).status).toBe(200);
    expect(await summary()).toBeNull();
  });

  it('refuses a staff id that is no staff member, a client id that is no client, and staff or clients asking (nothing changes)', async () => {
    const sam = await make('staff', 'Sam Two');
    for (const staffId of [b.id, admin.id, 'no-such-user']) {
      const res = await assign(a.id, staffId);
      expect(res.status, staffId).toBe(400);
      expect(await res.json()).toEqual({ error: STAFF_NOT_FOUND });
    }
    // An admin or staff member is no client: 404 as for any id that names no client.
    expect((await assign(sam.id, sam.id)).status).toBe(404);
    expect((await assign(admin.id, sam.id)).status).toBe(404);
    expect((await assign(a.id, sam.id, sam.agent)).status).toBe(403);
    expect((await assign(a.id, sam.id, a.agent)).status).toBe(403);
    expect(await assignedTo(a.id)).toBeNull();
    expect(await notesOf(sam.id)).toEqual([]);
  });

  it('bulk: several clients to one staff member in one transaction, all or none, at most BULK_ASSIGN_MAX', async () => {
    const sam = await make('staff', 'Sam Bulk');
    const bulk = (clientIds: string[], staffId: string | null = sam.id) =>
      admin.agent.post('/api/clients/assignments', { clientIds, staffId });
    // One id that names no client: 404 and neither client moves.
    const refused = await bulk([a.id, b.id, admin.id]);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: CLIENT_NOT_FOUND });
    expect([await assignedTo(a.id), await assignedTo(b.id)]).toEqual([null, null]);
    expect((await bulk([])).status).toBe(400);
    expect((await bulk([a.id, a.id])).status).toBe(400);
    const tooMany = await bulk(Array.from({ length: BULK_ASSIGN_MAX + 1 }, (_, i) => `client-${i}`));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toContain(String(BULK_ASSIGN_MAX));

    const done = await bulk([a.id, b.id]);
    expect(await done.json()).toEqual({ assigned: 2, staff: { id: sam.id, name: 'Sam Bulk' } });
    expect([await assignedTo(a.id), await assignedTo(b.id)]).toEqual([sam.id, sam.id]);
    // One notice naming both, one log row for each client.
    expect((await notesOf(sam.id)).map((n) => [n.title, n.body])).toEqual([
      ['2 clients are now yours', 'Alpha Client, Bravo Client'],
    ]);
    expect((await assignmentAudits(b.id)).length).toBeGreaterThan(0);
    expect(await (await bulk([a.id, b.id], null)).json()).toEqual({ assigned: 2, staff: null });
    expect((await notesOf(sam.id)).map((n) => n.title)).toContain('2 clients are no longer yours');
  });
});

describe("the Clients list's filter by staff member", () => {
  it("an admin lists one staff member's clients or the pool, paged by cursor with its total; staff see only theirs", async () => {
    const sue = await make('staff', 'Sue Filter');
    const theirs = [
      await make('client', 'Filter One'),
      await make('client', 'Filter Two'),
      await make('client', 'Filter Three'),
    ];
    const r = await admin.agent.request('POST', '/api/clients/assignments', {
      json: { clientIds: theirs.map((c) => c.id), staffId: sue.id },
    });
    expect(r.status).toBe(200);
    const list = async (query: string, as = admin.agent) => {
      const res = await as.get(`/api/clients?${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json()) as ClientPage;
    };
    const first = await list(`staff=${sue.id}&pageSize=2&sort=oldest`);
    expect(first.total).toBe(3);
    const second = await list(`staff=${sue.id}&pageSize=2&sort=oldest&cursor=${first.nextCursor}`);
    expect([...first.rows, ...second.rows].map((c) => c.id)).toEqual(theirs.map((c) => c.id));
    expect(second.nextCursor).toBeNull();
    expect((await list(`staff=${sue.id}&q=two`)).rows.map((c) => c.id)).toEqual([theirs[1].id]);

    const pool = await list('staff=none&pageSize=100');
    const poolIds = pool.rows.map((c) => c.id);
    expect(poolIds).toContain(b.id);
    expect(poolIds.some((id) => theirs.some((c) => c.id === id))).toBe(false);
    expect(pool.rows.every((c) => c.assignedStaff === null)).toBe(true);
    expect(pool.total).toBe(pool.rows.length);

    // A staff member's filter stays within their own clients.
    expect((await list(`staff=${sue.id}`, sue.agent)).total).toBe(3);
    expect((await list('staff=none', sue.agent)).total).toBe(0);
    const kit = await make('staff', 'Kit Other');
    expect((await list(`staff=${sue.id}`, kit.agent)).total).toBe(0);
    // The CSV follows the filter.
    const csv = await (await admin.agent.get(`/api/clients/export?staff=${sue.id}`)).text();
    expect(csv.trim().split('\n')).toHaveLength(4);
    expect((await admin.agent.get('/api/clients?staff=no%20one')).status).toBe(400);
    await admin.agent.request('POST', '/api/clients/assignments', {
      json: { clientIds: theirs.map((c) => c.id), staffId: null },
    });
  });
});

describe('what a staff member sees', () => {
  it('only their clients: the clients list and its total, the CSV, the selector search and summary, the lists across clients', async () => {
    const sam = await make('staff', 'Sam Sees');
    await assign(a.id, sam.id);
    await assign(b.id, null);
    // A record of each client's, to find in the lists across clients.
    for (const c of [a, b])
      expect(
        (
          await c.agent.post(`/api/clients/${c.id}/activities`, {
            title: `${c === a ? 'Alpha' : 'Bravo'} staff-view activity`,
          })
        ).status,
      ).toBe(201);
    await b.agent.post(`/api/clients/${b.id}/bank-accounts`, { bankName: 'Bravo staff-view bank' });
    await a.agent.post(`/api/clients/${a.id}/bank-accounts`, { bankName: 'Alpha staff-view bank' });

    const page = (await (await sam.agent.get('/api/clients?pageSize=100')).json()) as ClientPage;
    expect(page.rows.map((r) => r.id)).toEqual([a.id]);
    expect(page.total).toBe(1);
    expect(page.rows[0].assignedStaff).toEqual({ id: sam.id, name: 'Sam Sees' });
    const searched = (await (await sam.agent.get('/api/clients?q=client')).json()) as ClientPage;
    expect([searched.rows.map((r) => r.id), searched.total]).toEqual([[a.id], 1]);
    // The admin sees both, and whom each is assigned to.
    const all = (await (await admin.agent.get('/api/clients?pageSize=100')).json()) as ClientPage;
    expect(all.rows.find((r) => r.id === a.id)?.assignedStaff).toEqual({ id: sam.id, name: 'Sam Sees' });
    expect(all.rows.find((r) => r.id === b.id)?.assignedStaff).toBeNull();

    const csv = await (await sam.agent.get('/api/clients/export?tz=UTC')).text();
    expect(csv).toContain(a.email);
    expect(csv).not.toContain(b.email);

    const hits = (await (await sam.agent.get('/api/clients/search?q=client')).json()) as SearchResults;
    expect(hits.groups.flatMap((g) => g.hits.map((h) => h.id))).toEqual([a.id]);
    expect((await sam.agent.get(`/api/clients/${a.id}/summary`)).status).toBe(200);
    expect((await sam.agent.get(`/api/clients/${b.id}/summary`)).status).toBe(404);

    const banks = await (await sam.agent.get('/api/bank-accounts')).text();
    expect(banks).toContain('Alpha staff-view bank');
    expect(banks).not.toContain('Bravo');
    // A client's own pages: A's as the admin's, B's a 404 as another client's is to a client.
    expect((await sam.agent.get(`/api/clients/${a.id}/activities`)).status).toBe(200);
    const onB = await sam.agent.get(`/api/clients/${b.id}/activities`);
    const aOnB = await a.agent.get(`/api/clients/${b.id}/activities`);
    expect([onB.status, await onB.json()]).toEqual([aOnB.status, await aOnB.json()]);
    expect(onB.status).toBe(404);

    // Unassigned, A is no longer theirs at once (the access rule's memory is forgotten with the change).
    await assign(a.id, null);
    expect((await sam.agent.get(`/api/clients/${a.id}/activities`)).status).toBe(404);
    expect(((await (await sam.agent.get('/api/clients')).json()) as ClientPage).total).toBe(0);
  });

  it("is told of their client's events as the admins are (a Support Chat message)", async () => {
    const sam = await make('staff', 'Sam Hears');
    const other = await make('staff', 'Other Hears');
    await assign(a.id, sam.id);
    const sent = await a.agent.post(`/api/clients/${a.id}/support/messages`, { body: 'Hello, is anyone there?' });
    expect(sent.status).toBe(201);
    expect((await notesOf(sam.id)).map((n) => n.kind)).toContain('support_message');
    expect((await notesOf(admin.id)).map((n) => n.kind)).toContain('support_message');
    expect((await notesOf(other.id)).map((n) => n.kind)).not.toContain('support_message');
    await assign(a.id, null);
  });

  it("is refused the admins' routes (403): the team, roles, assignments, backups, content", async () => {
    const sam = await make('staff', 'Sam Refused');
    await assign(a.id, sam.id);
    for (const [method, path, json] of [
      ['GET', '/api/staff', undefined],
      ['PUT', `/api/users/${b.id}/role`, { role: 'staff' }],
      ['PUT', `/api/clients/${a.id}/assignment`, { staffId: null }],
      ['POST', '/api/clients/assignments', { clientIds: [b.id], staffId: sam.id }],
      ['POST', '/api/admin/backup', {}],
      ['POST', '/api/automations', {}],
      ['PUT', `/api/clients/${a.id}/membership`, { isPaid: true }],
    ] as const) {
      const res = await sam.agent.request(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await assignedTo(a.id)).toBe(sam.id);
    expect(await assignedTo(b.id)).toBeNull();
    await assign(a.id, null);
  });
});

describe('roles', () => {
  it('an admin makes a client a staff member and back; a former staff member has no clients and no staff access', async () => {
    const c = await make('client', 'Casey Future Staff');
    const setRole = (userId: string, role: string) =>
      admin.agent.request('PUT', `/api/users/${userId}/role`, { json: { role } });
    const res = await setRole(c.id, 'staff');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { id: c.id, name: 'Casey Future Staff', email: c.email, role: 'staff' } });
    expect((await c.agent.session())?.user.role).toBe('staff');
    await assign(a.id, c.id);
    expect(((await (await c.agent.get('/api/clients')).json()) as ClientPage).rows.map((r) => r.id)).toEqual([a.id]);
    // Listed in the team with their client count.
    const team = (await (await admin.agent.get('/api/staff?role=staff&pageSize=100')).json()) as {
      items: { id: string; assignedClients: number }[];
    };
    expect(team.items.find((m) => m.id === c.id)?.assignedClients).toBe(1);

    expect((await setRole(c.id, 'client')).status).toBe(200);
    expect(await assignedTo(a.id)).toBeNull();
    expect((await assignmentAudits(a.id)).at(-1)).toMatchObject({ actorId: admin.id });
    expect((await c.agent.get('/api/clients')).status).toBe(403);
    expect((await c.agent.get(`/api/clients/${a.id}/activities`)).status).toBe(404);
    // The change is in the user's own log.
    expect((await t.db.select().from(auditLog).where(eq(auditLog.clientId, c.id))).map((r) => r.entityType)).toContain(
      'role',
    );
  });

  it('an assigned client who becomes staff loses their staff member; never your own role; unknown users and roles refused', async () => {
    const sam = await make('staff', 'Sam Roles');
    const c = await make('client', 'Client Promoted');
    await assign(c.id, sam.id);
    const put = (userId: string, role: string) =>
      admin.agent.request('PUT', `/api/users/${userId}/role`, { json: { role } });
    expect((await put(c.id, 'admin')).status).toBe(200);
    expect(await assignedTo(c.id)).toBeNull();
    const self = await put(admin.id, 'client');
    expect([self.status, await self.json()]).toEqual([409, { error: SELF_ROLE_CHANGE }]);
    expect((await put('no-such-user', 'staff')).status).toBe(404);
    expect((await put(c.id, 'owner')).status).toBe(400);
    expect((await t.userByEmail(admin.email)).role).toBe('admin');
  });
});

describe('two-factor for staff (REQUIRE_ADMIN_2FA)', () => {
  it('refuses a staff member without two-factor everywhere but the set-up, as an admin', async () => {
    const strict = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' }, { database: t.database });
    try {
      const sam = await strict.createSignedInUser({ role: 'staff' });
      const res = await sam.agent.get('/api/clients');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('TWO_FACTOR_REQUIRED');
      expect((await sam.agent.get('/api/auth/get-session')).status).toBe(200);
    } finally {
      // Shares t's database: t.close() closes it.
      await strict.mailer.settle();
      await strict.realtime.close();
      await strict.sessions.close();
    }
  });
});
