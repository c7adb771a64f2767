import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { eq } from 'drizzle-orm';
import { auditLog, authUsers } from '../db/schema';
import { applyAdminEmails, setRole } from './roles';

describe('roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const roleOf = async (email: string) => (await t.userByEmail(email)).role;

  it('setRole promotes and demotes by e-mail (trimmed, any case) and reports unknown users', async () => {
    const u = await t.createSignedInUser();
    expect(await setRole(t.db, `  ${u.email.toUpperCase()} `, 'admin')).toBe(true);
    expect(await roleOf(u.email)).toBe('admin');
    expect((await u.agent.session())?.user.role).toBe('admin'); // read from the database on every request
    expect(await setRole(t.db, u.email, 'client')).toBe(true);
    expect(await roleOf(u.email)).toBe('client');
    expect(await setRole(t.db, uniqueEmail('nobody'), 'admin')).toBe(false);
  });

  it('setRole makes a staff member; demoting one sends their clients back to the pool, each in its log', async () => {
    const staff = await t.createSignedInUser();
    const client = await t.createSignedInUser();
    expect(await setRole(t.db, staff.email, 'staff')).toBe(true);
    expect((await staff.agent.session())?.user.role).toBe('staff');
    await t.db.update(authUsers).set({ assignedStaffId: staff.user.id }).where(eq(authUsers.id, client.user.id));
    expect(await setRole(t.db, staff.email, 'client')).toBe(true);
    expect(await t.userByEmail(client.email)).toMatchObject({ assignedStaffId: null });
    const log = await t.db.select().from(auditLog).where(eq(auditLog.clientId, client.user.id));
    expect(log.map((r) => [r.entityType, r.actorId])).toEqual([['assignment', null]]);
  });

  it('applyAdminEmails promotes listed users who already exist and leaves the others', async () => {
    const listed = await t.createSignedInUser();
    const other = await t.createSignedInUser();
    await applyAdminEmails(t.db, []);
    expect(await roleOf(listed.email)).toBe('client');
    await applyAdminEmails(t.db, [listed.email, uniqueEmail('not-yet')]);
    expect(await roleOf(listed.email)).toBe('admin');
    expect(await roleOf(other.email)).toBe('client');
  });

  it('applies ADMIN_EMAILS at start-up to a user who signed up before being listed', async () => {
    const u = await t.createSignedInUser();
    const restarted = await createTestApp({ ADMIN_EMAILS: u.email.toUpperCase() }, { database: t.database });
    await restarted.mailer.settle(); // shares t's database: t.close() closes it
    expect(await roleOf(u.email)).toBe('admin');
  });

  it('no request field sets a role: update-user is not served at all (404) and changes nothing', async () => {
    const u = await t.createSignedInUser();
    for (const body of [{ role: 'admin' }, { name: 'Renamed', role: 'admin' }, { name: 'Renamed' }]) {
      const res = await u.agent.post('/api/auth/update-user', body);
      expect(res.status).toBe(404);
    }
    expect(await t.userByEmail(u.email)).toMatchObject({ name: 'Test User', role: 'client' });
  });

  it('no request field sets lastPasswordChange or emailVerified either', async () => {
    const u = await t.createSignedInUser();
    const res = await u.agent.post('/api/auth/update-user', { lastPasswordChange: new Date().toISOString() });
    expect(res.status).toBe(404);
    const res2 = await u.agent.post('/api/auth/update-user', { emailVerified: false });
    expect(res2.status).toBe(404);
    expect(await t.userByEmail(u.email)).toMatchObject({ lastPasswordChange: null, emailVerified: true });
  });
});
