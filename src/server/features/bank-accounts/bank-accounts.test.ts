import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessBankAccounts } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/bank-accounts`;
const full = {
  bankName: '  First Federal  ',
  accountNumber: '0001-2345-6781234',
  routingNumber: '021000021',
  accountOwner: 'Alpha Ventures LLC',
  address: ' 12 Elm St, Suite 4\nSpringfield, IL 62704 ',
  phone: '+1 (555) 010-2000',
  dateOpened: '2024-05-06',
  notes: 'Operating account',
  businessAccountUrl: 'https://bank.example.test/login',
  monthlyFees: '12.50',
  isDebitCard: true,
  isCreditCard: false,
  isCdAccount: true,
  isSavings: false,
};

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Staff Admin');
});
afterAll(() => t?.close());

async function add(agent: TestAgent, clientId: string, json: unknown = full) {
  const res = await agent.request('POST', base(clientId), { json });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).account as { id: string; [k: string]: unknown };
}

describe('bank accounts', () => {
  it('round-trips every field; lists show the numbers masked, never in clear', async () => {
    const account = await add(a.agent, a.id);
    expect(account).toMatchObject({
      bankName: 'First Federal',
      accountOwner: 'Alpha Ventures LLC',
      address: '12 Elm St, Suite 4\nSpringfield, IL 62704',
      phone: '+1 (555) 010-2000',
      dateOpened: '2024-05-06',
      notes: 'Operating account',
      businessAccountUrl: 'https://bank.example.test/login',
      monthlyFees: 12.5,
      isDebitCard: true,
      isCreditCard: false,
      isCdAccount: true,
      isSavings: false,
      accountNumberMasked: '•••• 1234',
      routingNumberMasked: '•••• 0021',
      hasAccountNumber: true,
      hasRoutingNumber: true,
    });
    const res = await a.agent.get(base(a.id));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('6781234');
    expect(text).not.toContain('021000021');
    const { items: accounts } = JSON.parse(text);
    expect(accounts).toEqual([
      expect.objectContaining({ id: account.id, accountNumberMasked: '•••• 1234', clientId: a.id }),
    ]);
    expect(accounts[0]).not.toHaveProperty('accountNumber');
  });

  it('stores the numbers encrypted (enc:v1:...), bound to the row', async () => {
    const account = await add(a.agent, a.id);
    const [row] = await t.db.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, account.id));
    expect(row.accountNumber).toMatch(/^enc:v1:/);
    expect(row.routingNumber).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain('021000021');
  });

  it('reveals a number in clear, no-store, and records the reveal in the audit log', async () => {
    const account = await add(a.agent, a.id);
    const res = await a.agent.request('POST', `${base(a.id)}/${account.id}/reveal/account-number`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ value: '0001-2345-6781234' });
    const routing = await admin.agent.request('POST', `${base(a.id)}/${account.id}/reveal/routing-number`);
    expect(await routing.json()).toEqual({ value: '021000021' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityId, account.id)));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'reveal',
          entityType: 'bank_account',
          field: 'account_number',
          actorId: a.id,
        }),
        expect.objectContaining({
          action: 'reveal',
          entityType: 'bank_account',
          field: 'routing_number',
          actorId: admin.id,
        }),
      ]),
    );
  });

  it('a reveal with no number on file is a 404', async () => {
    const account = await add(a.agent, a.id, { bankName: 'No numbers' });
    const res = await a.agent.request('POST', `${base(a.id)}/${account.id}/reveal/routing-number`);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('No routing number is on file.');
  });

  it('monthly fees default to 0 and are parsed from text; negative or non-numeric fees are refused', async () => {
    expect((await add(a.agent, a.id, { bankName: 'Defaults' })).monthlyFees).toBe(0);
    expect((await add(a.agent, a.id, { bankName: 'Empty fees', monthlyFees: '' })).monthlyFees).toBe(0);
    expect((await add(a.agent, a.id, { bankName: 'Text fees', monthlyFees: '$1,250.456' })).monthlyFees).toBe(1250.46);
    for (const monthlyFees of ['-1', -5, 'lots']) {
      const res = await a.agent.request('POST', base(a.id), { json: { bankName: 'Bad', monthlyFees } });
      expect(res.status).toBe(400);
    }
  });

  it('says in plain words what is wrong: fees that are no number, a missing bank name (nothing saved)', async () => {
    const before = await t.db.select().from(businessBankAccounts);
    for (const monthlyFees of ['ten', 'NaN', 'Infinity']) {
      const res = await a.agent.request('POST', base(a.id), { json: { bankName: 'Words', monthlyFees } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Enter the monthly fees as a number, like 25 or 25.00.');
    }
    for (const json of [{}, { bankName: '   ' }, { accountOwner: 'Only an owner' }]) {
      const res = await a.agent.request('POST', base(a.id), { json });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Enter the bank name.');
    }
    const [account] = await t.db
      .select()
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.userId, a.id))
      .limit(1);
    const blanked = await a.agent.request('PATCH', `${base(a.id)}/${account.id}`, { json: { bankName: '' } });
    expect(blanked.status).toBe(400);
    expect(await t.db.select().from(businessBankAccounts)).toEqual(before);
  });

  it('refuses a Business Url that is not http(s) and a number with letters (400, nothing saved)', async () => {
    const before = await t.db.select().from(businessBankAccounts);
    for (const json of [
      { businessAccountUrl: 'javascript:alert(1)' },
      { businessAccountUrl: 'not a url' },
      { accountNumber: '12ab34' },
    ].map((j) => ({ bankName: 'Bank', ...j }))) {
      const res = await a.agent.request('POST', base(a.id), { json });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/Business Url must be a web address|may contain only digits/);
    }
    expect(await t.db.select().from(businessBankAccounts)).toHaveLength(before.length);
  });

  it('updates the fields and keeps the numbers when they are left out; an empty number removes it', async () => {
    const account = await add(a.agent, a.id);
    const url = `${base(a.id)}/${account.id}`;
    const res = await a.agent.request('PATCH', url, {
      json: { ...full, accountNumber: undefined, routingNumber: '', bankName: 'Renamed Bank', monthlyFees: 3 },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).account).toMatchObject({
      bankName: 'Renamed Bank',
      monthlyFees: 3,
      accountNumberMasked: '•••• 1234',
      hasRoutingNumber: false,
      routingNumberMasked: '',
    });
    const reveal = await a.agent.request('POST', `${url}/reveal/account-number`);
    expect(await reveal.json()).toEqual({ value: '0001-2345-6781234' });
  });

  it('changes and clears the address and phone on the account; refuses ones that are too long', async () => {
    const account = await add(a.agent, a.id);
    const url = `${base(a.id)}/${account.id}`;
    const changed = await a.agent.request('PATCH', url, {
      json: { ...full, address: '9 Oak Ave', phone: '555.010.3000' },
    });
    expect((await changed.json()).account).toMatchObject({ address: '9 Oak Ave', phone: '555.010.3000' });
    const cleared = await a.agent.request('PATCH', url, { json: { ...full, address: '', phone: '' } });
    expect((await cleared.json()).account).toMatchObject({ address: '', phone: '' });
    for (const [field, value, error] of [
      ['address', 'x'.repeat(301), 'Address on the account can be at most 300 characters.'],
      ['phone', '5'.repeat(41), 'Phone on the account can be at most 40 characters.'],
    ] as const) {
      const res = await a.agent.request('PATCH', url, { json: { ...full, [field]: value } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    const [row] = await t.db.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, account.id));
    expect(row).toMatchObject({ address: '', phone: '' });
  });

  it('deletes an own account', async () => {
    const account = await add(a.agent, a.id);
    const res = await a.agent.request('DELETE', `${base(a.id)}/${account.id}`);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, account.id))).toEqual([]);
    expect((await a.agent.request('DELETE', `${base(a.id)}/${account.id}`)).status).toBe(404);
  });

  it("client B cannot read, update, delete or reveal client A's account by id (404), nor list A's", async () => {
    const account = await add(a.agent, a.id);
    const [before] = await t.db.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, account.id));
    const onB = `${base(b.id)}/${account.id}`;
    expect((await b.agent.request('PATCH', onB, { json: { bankName: 'Hijacked' } })).status).toBe(404);
    expect((await b.agent.request('DELETE', onB)).status).toBe(404);
    expect((await b.agent.request('POST', `${onB}/reveal/account-number`)).status).toBe(404);
    expect((await b.agent.request('POST', `${onB}/reveal/routing-number`)).status).toBe(404);
    expect((await b.agent.get(base(a.id))).status).toBe(404);
    expect((await b.agent.request('POST', `${base(a.id)}/${account.id}/reveal/account-number`)).status).toBe(404);
    const bList = await (await b.agent.get(base(b.id))).json();
    expect(bList.items).toEqual([]);
    const [after] = await t.db.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, account.id));
    expect(after).toEqual(before);
  });

  it("an admin adds, edits and deletes for a client, each write audited; GET /api/bank-accounts lists every client's accounts with names", async () => {
    const account = await add(admin.agent, b.id, { bankName: 'Bravo Bank', accountNumber: '99998888' });
    expect(
      (await admin.agent.request('PATCH', `${base(b.id)}/${account.id}`, { json: { bankName: 'Bravo Bank 2' } }))
        .status,
    ).toBe(200);
    const all = await admin.agent.get('/api/bank-accounts');
    expect(all.status).toBe(200);
    const text = await all.text();
    expect(text).not.toContain('99998888');
    const { items: accounts } = JSON.parse(text);
    expect(accounts).toContainEqual(
      expect.objectContaining({
        id: account.id,
        bankName: 'Bravo Bank 2',
        clientId: b.id,
        clientName: 'Client Bravo',
        accountNumberMasked: '•••• 8888',
      }),
    );
    expect(accounts.some((x: { clientId: string }) => x.clientId === a.id)).toBe(true);
    expect((await admin.agent.request('DELETE', `${base(b.id)}/${account.id}`)).status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, b.id), eq(auditLog.entityId, account.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.every((e) => e.actorId === admin.id)).toBe(true);
    expect((await a.agent.get('/api/bank-accounts')).status).toBe(403);
  });
});
