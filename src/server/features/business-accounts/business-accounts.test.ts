import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessAccountDetails, businessAccounts } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { updateBusinessAccount } from './business-accounts.service';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/business-accounts`;
const withDetails = {
  name: '  Dun & Bradstreet  ',
  description: 'D-U-N-S listing',
  businessAccountUrl: 'https://www.dnb.com',
  notes: 'Renew yearly',
  status: 'Pending',
  details: [
    { label: 'DUNS', value: '12-345-6789' },
    { label: 'Login', value: 'alpha@example.test' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

async function add(agent: TestAgent, clientId: string, json: unknown = withDetails) {
  const res = await agent.request('POST', base(clientId), { json });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).account as {
    id: string;
    status: string;
    details: { id: number; label: string; value: string }[];
  };
}
const snapshot = async (id: string) => ({
  account: await t.db.select().from(businessAccounts).where(eq(businessAccounts.id, id)),
  details: await t.db.select().from(businessAccountDetails).where(eq(businessAccountDetails.businessAccountId, id)),
});

describe('business presence accounts', () => {
  it('requires a name: "Account name is required", nothing saved', async () => {
    for (const json of [{ description: 'no name' }, { name: '   ', details: [{ label: 'x', value: 'y' }] }]) {
      const res = await a.agent.request('POST', base(a.id), { json });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Account name is required');
    }
    expect(await t.db.select().from(businessAccounts).where(eq(businessAccounts.userId, a.id))).toEqual([]);
    expect(await t.db.select().from(businessAccountDetails).where(eq(businessAccountDetails.userId, a.id))).toEqual([]);
  });

  it('saves a new account as Active whatever status is sent, with its details, and lists them nested', async () => {
    const account = await add(a.agent, a.id);
    expect(account).toMatchObject({
      name: 'Dun & Bradstreet',
      status: 'Active',
      businessAccountUrl: 'https://www.dnb.com',
    });
    const { items: accounts } = await (await a.agent.get(base(a.id))).json();
    const listed = accounts.find((x: { id: string }) => x.id === account.id);
    expect(listed.status).toBe('Active');
    expect(listed.details.map((d: { label: string; value: string }) => [d.label, d.value])).toEqual([
      ['DUNS', '12-345-6789'],
      ['Login', 'alpha@example.test'],
    ]);
  });

  it('updates the account and replaces its details in one request; the status stays', async () => {
    const account = await add(a.agent, a.id);
    const res = await a.agent.request('PUT', `${base(a.id)}/${account.id}`, {
      json: {
        name: 'D&B',
        description: '',
        businessAccountUrl: '',
        notes: 'n',
        status: 'Closed',
        details: [
          { label: 'DUNS', value: '98-765-4321' },
          { label: 'Tier', value: 'Gold' },
          { label: 'New', value: '' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const { account: saved } = await res.json();
    expect(saved).toMatchObject({ name: 'D&B', status: 'Active', notes: 'n' });
    const { details } = await snapshot(account.id);
    expect(details.map((d) => [d.label, d.value])).toEqual([
      ['DUNS', '98-765-4321'],
      ['Tier', 'Gold'],
      ['New', ''],
    ]);
  });

  it('is atomic: a detail with an over-long label makes the whole update a 400 and nothing changes', async () => {
    const account = await add(a.agent, a.id);
    const before = await snapshot(account.id);
    const res = await a.agent.request('PUT', `${base(a.id)}/${account.id}`, {
      json: {
        name: 'Changed name',
        details: [
          { label: 'Fine', value: 'ok' },
          { label: 'x'.repeat(101), value: 'too long' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('A detail label can be at most 100 characters.');
    expect(await snapshot(account.id)).toEqual(before);
    const missingLabel = await a.agent.request('PUT', `${base(a.id)}/${account.id}`, {
      json: { name: 'Changed', details: [{ label: '', value: 'v' }] },
    });
    expect(missingLabel.status).toBe(400);
    expect(await snapshot(account.id)).toEqual(before);
  });

  it('is atomic in the database too: a detail the database refuses rolls back the account update', async () => {
    const account = await add(a.agent, a.id);
    const before = await snapshot(account.id);
    const scope = { clientId: a.id, actorId: a.id, isAdmin: false };
    // Past validation (called directly): the details' NOT NULL label fails after the account row was updated.
    const bad = {
      name: 'Half-saved?',
      description: '',
      businessAccountUrl: '',
      notes: '',
      details: [{ label: null as unknown as string, value: 'v' }],
    };
    await expect(updateBusinessAccount(t.db, scope, account.id, bad)).rejects.toThrow();
    expect(await snapshot(account.id)).toEqual(before);
  });

  it('refuses more than 50 details and a URL that is not http(s)', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ label: `L${i}`, value: 'v' }));
    expect((await a.agent.request('POST', base(a.id), { json: { name: 'Many', details: many } })).status).toBe(400);
    expect(
      (
        await a.agent.request('POST', base(a.id), {
          json: { name: 'Bad url', businessAccountUrl: 'javascript:alert(1)' },
        })
      ).status,
    ).toBe(400);
  });

  it('deletes an account with its details', async () => {
    const account = await add(a.agent, a.id);
    expect((await a.agent.request('DELETE', `${base(a.id)}/${account.id}`)).status).toBe(200);
    expect(await snapshot(account.id)).toEqual({ account: [], details: [] });
  });

  it("client B cannot list, update or delete client A's account (404) and nothing changes", async () => {
    const account = await add(a.agent, a.id);
    const before = await snapshot(account.id);
    expect((await b.agent.get(base(a.id))).status).toBe(404);
    expect((await b.agent.request('PUT', `${base(b.id)}/${account.id}`, { json: { name: 'Hijacked' } })).status).toBe(
      404,
    );
    expect((await b.agent.request('DELETE', `${base(b.id)}/${account.id}`)).status).toBe(404);
    expect((await b.agent.request('DELETE', `${base(a.id)}/${account.id}`)).status).toBe(404);
    expect((await (await b.agent.get(base(b.id))).json()).items).toEqual([]);
    expect(await snapshot(account.id)).toEqual(before);
  });

  it("an admin's writes for a client are audited", async () => {
    const account = await add(admin.agent, b.id, { name: 'Google Business Profile' });
    expect((await admin.agent.request('PUT', `${base(b.id)}/${account.id}`, { json: { name: 'GBP' } })).status).toBe(
      200,
    );
    expect((await admin.agent.request('DELETE', `${base(b.id)}/${account.id}`)).status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, b.id), eq(auditLog.entityId, account.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.every((e) => e.entityType === 'business_account' && e.actorId === admin.id)).toBe(true);
  });
});
