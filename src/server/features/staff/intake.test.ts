import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { auditLog, authUsers, notifications } from '../../db/schema';
import { STAFF_NOT_FOUND, type StaffMember } from '../../../shared/staff';
import type { Role } from '../../../shared/roles';

type Person = { id: string; email: string; agent: TestAgent };

let t: TestApp;
let admin: Person;
let sam: Person;
let kim: Person;
let lee: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin', 'Ada Admin');
  sam = await make('staff', 'Sam Staff');
  kim = await make('staff', 'Kim Staff');
  lee = await make('staff', 'Lee Staff');
});
afterAll(() => t?.close());

async function make(role: Role, name: string): Promise<Person> {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, email: u.email, agent: u.agent };
}
const setTakes = (staffId: string, takesNewClients: unknown, as = admin.agent) =>
  as.request('PUT', `/api/staff/${staffId}/new-clients`, { json: { takesNewClients } });
const assignedTo = async (clientId: string) =>
  (await t.db.select({ s: authUsers.assignedStaffId }).from(authUsers).where(eq(authUsers.id, clientId)))[0].s;
/** A client signs up and signs in for the first time: their set-up (and round-robin) runs. */
async function newClient(name: string) {
  const c = await make('client', name);
  const res = await c.agent.post('/api/me/setup');
  expect(res.status).toBe(201);
  return c;
}

describe('Takes new clients', () => {
  it('an admin turns it on and off for a staff member; the team list shows it', async () => {
    const res = await setTakes(lee.id, true);
    expect([res.status, await res.json()]).toEqual([200, { id: lee.id, takesNewClients: true }]);
    const team = async () =>
      ((await (await admin.agent.get('/api/staff?pageSize=100')).json()) as { items: StaffMember[] }).items;
    expect((await team()).find((m) => m.id === lee.id)?.takesNewClients).toBe(true);
    expect((await team()).find((m) => m.id === admin.id)?.takesNewClients).toBe(false);
    expect((await setTakes(lee.id, false)).status).toBe(200);
    // Each change is in the staff member's log, with who made it.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, lee.id), eq(auditLog.entityType, 'new_clients')));
    expect(audits.map((r) => [r.action, r.actorId])).toEqual([
      ['update', admin.id],
      ['update', admin.id],
    ]);
    expect((await team()).find((m) => m.id === lee.id)?.takesNewClients).toBe(false);
  });

  it('only for a staff member (404 for an admin, a client or no one), only by an admin (403), a boolean (400)', async () => {
    const client = await make('client', 'Carl Client');
    for (const id of [admin.id, client.id, 'no-such-user']) {
      const res = await setTakes(id, true);
      expect([res.status, await res.json()]).toEqual([404, { error: STAFF_NOT_FOUND }]);
    }
    expect((await setTakes(sam.id, true, sam.agent)).status).toBe(403);
    expect((await setTakes(sam.id, true, client.agent)).status).toBe(403);
    expect((await setTakes(sam.id, 'yes')).status).toBe(400);
    expect((await t.db.select().from(authUsers).where(eq(authUsers.takesNewClients, true))).length).toBe(0);
  });

  it('a staff member who stops being staff stops taking new clients', async () => {
    const pat = await make('staff', 'Pat Leaving');
    expect((await setTakes(pat.id, true)).status).toBe(200);
    expect((await admin.agent.request('PUT', `/api/users/${pat.id}/role`, { json: { role: 'client' } })).status).toBe(
      200,
    );
    expect((await t.userByEmail(pat.email)).takesNewClients).toBe(false);
  });
});

describe('round-robin', () => {
  it('with no one taking new clients, a new client stays in the admins pool', async () => {
    const c = await newClient('Pool Client');
    expect(await assignedTo(c.id)).toBeNull();
  });

  it('new clients go in turn to the staff who take them, each recorded and told; never to others', async () => {
    await setTakes(sam.id, true);
    await setTakes(kim.id, true);
    const order: (string | null)[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four'])
      order.push(await assignedTo((await newClient(`RR ${name}`)).id));
    // Neither has had a new client: by id first, then in turn.
    const [first, second] = [sam.id, kim.id].sort();
    expect(order).toEqual([first, second, first, second]);

    const c = await newClient('Rita Recorded');
    const staffId = await assignedTo(c.id);
    expect(staffId).toBe(first);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, c.id), eq(auditLog.entityType, 'assignment')));
    expect(audits.map((r) => [r.action, r.actorId])).toEqual([['update', null]]);
    // Staff read who made it: the portal, not an unknown person.
    const log = (await (await admin.agent.get(`/api/clients/${c.id}/audit`)).json()) as {
      rows: { entityType: string; actor: string }[];
    };
    expect(log.rows.find((r) => r.entityType === 'assignment')?.actor).toBe('The portal');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staffId!), eq(notifications.clientId, c.id)));
    expect(told.map((n) => [n.kind, n.title])).toContainEqual(['client_assigned', 'Rita Recorded is now your client']);
    // The staff member reads the client as theirs at once.
    const asStaff = first === sam.id ? sam : kim;
    expect((await asStaff.agent.get(`/api/clients/${c.id}/summary`)).status).toBe(200);
  });

  it('a client an admin assigned before their first sign-in keeps their staff member, and no turn is used', async () => {
    const c = await make('client', 'Early Assigned');
    expect(
      (await admin.agent.request('PUT', `/api/clients/${c.id}/assignment`, { json: { staffId: lee.id } })).status,
    ).toBe(200);
    const before = await t.db
      .select({ id: authUsers.id, at: authUsers.lastNewClientAt })
      .from(authUsers)
      .where(eq(authUsers.takesNewClients, true));
    expect((await c.agent.post('/api/me/setup')).status).toBe(201);
    expect(await assignedTo(c.id)).toBe(lee.id);
    const after = await t.db
      .select({ id: authUsers.id, at: authUsers.lastNewClientAt })
      .from(authUsers)
      .where(eq(authUsers.takesNewClients, true));
    expect(after).toEqual(before);
  });

  it('sign-ups at once are shared out evenly (one pick at a time, on either database)', async () => {
    await setTakes(lee.id, true);
    const people = await Promise.all(Array.from({ length: 9 }, (_, i) => make('client', `Burst ${i}`)));
    const answers = await Promise.all(people.map((p) => p.agent.post('/api/me/setup')));
    expect(answers.map((r) => r.status)).toEqual(people.map(() => 201));
    const counts = new Map<string | null, number>();
    for (const p of people) {
      const s = await assignedTo(p.id);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ [sam.id]: 3, [kim.id]: 3, [lee.id]: 3 });
  });
});
