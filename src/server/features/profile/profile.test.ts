import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userProfiles } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: { id: string; agent: TestAgent };
let admin: TestAgent;
const base = () => `/api/clients/${client.id}/profile`;
const valid = { businessName: 'Acme Build LLC', ownerSsn: '123-45-6789', ownerDob: 'January 1st 1980', agreement: 'I agree' };

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.createSignedInUser({ role: 'client' });
  client = { id: c.user.id, agent: c.agent };
  admin = (await t.createSignedInUser({ role: 'admin', name: 'Dana Staff' })).agent;
});
afterAll(() => t?.close());

describe('business owner profile', () => {
  it('starts empty, saves with I AGREE in any case, and shows secrets only masked', async () => {
    expect(await (await client.agent.get(base())).json()).toEqual({ profile: null });
    const res = await client.agent.request('PUT', base(), { json: valid });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({ businessName: 'Acme Build LLC', ownerSsnMasked: '•••• 6789', ownerDobMasked: '••••', agreementConfirmed: true });
    expect(JSON.stringify(profile)).not.toContain('123-45-6789');
    expect(JSON.stringify(profile)).not.toContain('January');
  });

  it('stores SSN and DOB encrypted, bound to the row', async () => {
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, client.id));
    expect(row.ownerSsn).toMatch(/^enc:v1:/);
    expect(row.ownerDob).toMatch(/^enc:v1:/);
  });

  it('keeps stored secrets when a save leaves them out', async () => {
    const res = await client.agent.request('PUT', base(), { json: { businessName: 'Acme 2', agreement: 'I AGREE' } });
    expect((await res.json()).profile.ownerSsnMasked).toBe('•••• 6789');
  });

  it('refuses a save without the agreement text, or with too few owners for multiple', async () => {
    const noAgree = await client.agent.request('PUT', base(), { json: { ...valid, agreement: 'yes' } });
    expect(noAgree.status).toBe(400);
    expect((await noAgree.json()).error).toBe('You must type "I AGREE" exactly to proceed');
    const owners = await client.agent.request('PUT', base(), { json: { ...valid, ownerType: 'multiple', numberOfOwners: 1 } });
    expect(owners.status).toBe(400);
    expect((await owners.json()).error).toBe('Please enter 2 or more for multiple owners.');
  });

  it('reveals a secret with no-store and records the reveal, never the value', async () => {
    const res = await client.agent.request('POST', `${base()}/reveal/ssn`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ value: '123-45-6789' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, client.id));
    expect(entries).toContainEqual(expect.objectContaining({ action: 'reveal', field: 'owner_ssn', actorId: client.id }));
    expect(JSON.stringify(entries)).not.toContain('6789');
  });

  it("records an admin's save and reveal, which the client reads as Activity on your account", async () => {
    expect((await admin.request('PUT', base(), { json: { ...valid, businessName: 'Edited by staff' } })).status).toBe(200);
    expect((await admin.request('POST', `${base()}/reveal/dob`)).status).toBe(200);
    const res = await client.agent.get(`/api/clients/${client.id}/audit?page=1&pageSize=2`);
    const body = await res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { action: string; actor: string }) => `${r.action} by ${r.actor}`)).toEqual([
      'reveal by Dana Staff (staff)',
      'update by Dana Staff (staff)',
    ]);
    const page2 = await (await client.agent.get(`/api/clients/${client.id}/audit?page=2&pageSize=2`)).json();
    expect(page2.rows.map((r: { action: string; actor: string }) => `${r.action} by ${r.actor}`)).toEqual(['reveal by You']);
  });

  it('answers 404 for a reveal when nothing is on file', async () => {
    const other = await t.createSignedInUser({ role: 'client' });
    expect((await other.agent.request('POST', `/api/clients/${other.user.id}/profile/reveal/ssn`)).status).toBe(404);
  });
});
