import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, revolvingCredits, storeCreditCards } from '../../db/schema';
import { LIMITS } from '../../../shared/limits';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const stores = (clientId: string) => `/api/clients/${clientId}/store-cards`;
const revolving = (clientId: string) => `/api/clients/${clientId}/revolving-credits`;
const store = {
  issuer: '  Home Depot  ',
  cardType: 'Store card',
  creditLimit: '$2,500',
  apr: '26.99%',
  benefits: '6 months financing',
  requirements: 'EIN and D-U-N-S',
  applicationUrl: 'https://issuer.example.test/apply',
  accountNumber: '6035-3222-9876-5432',
  username: 'alpha-store-login',
  password: 'S3cret pass!',
};
const credit = {
  issuer: 'Capital Bank',
  cardType: 'Visa Business',
  creditLimit: 10000,
  apr: '19.99%',
  benefits: 'Travel insurance',
  requirements: 'Personal guarantee',
  applicationUrl: 'https://bank.example.test/cards',
  rewards: '2% cash back',
  annualFee: '95',
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

async function add(agent: TestAgent, url: string, json: unknown) {
  const res = await agent.request('POST', url, { json });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).card as { id: string; [k: string]: unknown };
}

describe('store cards', () => {
  it('round-trip every field; lists show the secrets masked, never in clear, and each card its tradeline', async () => {
    const card = await add(a.agent, stores(a.id), store);
    expect(card).toMatchObject({
      kind: 'store',
      issuer: 'Home Depot',
      cardType: 'Store card',
      creditLimit: 2500,
      apr: '26.99%',
      applicationUrl: 'https://issuer.example.test/apply',
      accountNumberMasked: '•••• 5432',
      usernameMasked: '•••• ogin',
      passwordMasked: '••••••••',
      hasAccountNumber: true,
      hasUsername: true,
      hasPassword: true,
      tradeline: { bureaus: [], dateOpened: '', lastReported: '' },
    });
    const res = await a.agent.get(stores(a.id));
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of ['9876-5432', '987654', 'alpha-store-login', 'S3cret pass!'])
      expect(text).not.toContain(secret);
    const { items, total } = JSON.parse(text);
    expect(total).toBe(1);
    expect(items[0]).not.toHaveProperty('accountNumber');
    expect(items[0]).not.toHaveProperty('password');
  });

  it('store the secrets encrypted (enc:v1:...), bound to the row', async () => {
    const card = await add(a.agent, stores(a.id), store);
    const [row] = await t.db.select().from(storeCreditCards).where(eq(storeCreditCards.id, card.id));
    expect(row.accountNumber).toMatch(/^enc:v1:/);
    expect(row.username).toMatch(/^enc:v1:/);
    expect(row.password).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain('S3cret');
    // Moved to another column, a sealed value no longer opens (an integrity failure, logged; nothing in clear).
    await t.db.update(storeCreditCards).set({ password: row.accountNumber }).where(eq(storeCreditCards.id, card.id));
    const moved = await a.agent.request('POST', `${stores(a.id)}/${card.id}/reveal/password`);
    expect(moved.status).toBe(500);
    expect(await moved.text()).not.toContain('9876');
    await t.db.delete(storeCreditCards).where(eq(storeCreditCards.id, card.id));
  });

  it('reveal each secret in clear (no-store), each reveal audited with its field and who asked', async () => {
    const card = await add(a.agent, stores(a.id), store);
    const url = `${stores(a.id)}/${card.id}/reveal`;
    const number = await a.agent.request('POST', `${url}/account-number`);
    expect(number.status).toBe(200);
    expect(number.headers.get('cache-control')).toContain('no-store');
    expect(await number.json()).toEqual({ value: '6035-3222-9876-5432' });
    expect(await (await a.agent.request('POST', `${url}/username`)).json()).toEqual({ value: 'alpha-store-login' });
    expect(await (await admin.agent.request('POST', `${url}/password`)).json()).toEqual({ value: 'S3cret pass!' });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityId, card.id)));
    expect(entries.map((e) => [e.action, e.entityType, e.field, e.actorId]).sort()).toEqual(
      [
        ['reveal', 'store_credit_card', 'account_number', a.id],
        ['reveal', 'store_credit_card', 'password', admin.id],
        ['reveal', 'store_credit_card', 'username', a.id],
      ].sort(),
    );
  });

  it('update keeps an omitted secret and removes one sent empty; a reveal with nothing on file is a 404', async () => {
    const card = await add(a.agent, stores(a.id), store);
    const url = `${stores(a.id)}/${card.id}`;
    const { accountNumber: _n, ...withoutNumber } = store;
    const res = await a.agent.request('PATCH', url, {
      json: { ...withoutNumber, issuer: "Lowe's", username: '', password: 'new-pass' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).card).toMatchObject({
      issuer: "Lowe's",
      accountNumberMasked: '•••• 5432',
      hasUsername: false,
      usernameMasked: '',
      hasPassword: true,
    });
    expect(await (await a.agent.request('POST', `${url}/reveal/account-number`)).json()).toEqual({
      value: '6035-3222-9876-5432',
    });
    expect(await (await a.agent.request('POST', `${url}/reveal/password`)).json()).toEqual({ value: 'new-pass' });
    const none = await a.agent.request('POST', `${url}/reveal/username`);
    expect(none.status).toBe(404);
    expect((await none.json()).error).toBe('No username is on file.');
  });

  it('leave the tradeline columns to the tradelines routes: a card edit neither writes nor accepts them', async () => {
    const card = await add(a.agent, stores(a.id), { issuer: 'Tradeline kept' });
    await t.db
      .update(storeCreditCards)
      .set({ bureaus: ['dnb'], dateOpened: '2024-01-02', lastReported: '2024-03-04' })
      .where(eq(storeCreditCards.id, card.id));
    const url = `${stores(a.id)}/${card.id}`;
    expect((await a.agent.request('PATCH', url, { json: { issuer: 'Tradeline kept 2' } })).status).toBe(200);
    expect((await a.agent.request('PATCH', url, { json: { issuer: 'x', bureaus: [] } })).status).toBe(400);
    const { items } = await (await a.agent.get(`${stores(a.id)}?pageSize=100`)).json();
    expect(items.find((c: { id: string }) => c.id === card.id)).toMatchObject({
      issuer: 'Tradeline kept 2',
      tradeline: { bureaus: ['dnb'], dateOpened: '2024-01-02', lastReported: '2024-03-04' },
    });
  });

  it('refuse a missing issuer, a bad URL or limit, in plain words (nothing saved)', async () => {
    const before = await t.db.select().from(storeCreditCards);
    const cases: [unknown, string][] = [
      [{}, 'Enter the issuer.'],
      [
        { issuer: 'X', applicationUrl: 'javascript:alert(1)' },
        'Application URL must be a web address starting with http:// or https://',
      ],
      [{ issuer: 'X', creditLimit: 'lots' }, 'Enter the credit limit as a number, like 2500 or 2500.00.'],
      [{ issuer: 'X', creditLimit: -1 }, 'Credit limit cannot be negative.'],
    ];
    for (const [json, error] of cases) {
      const res = await a.agent.request('POST', stores(a.id), { json });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    expect(await t.db.select().from(storeCreditCards)).toHaveLength(before.length);
  });

  it("client B cannot list, update, delete or reveal client A's card (404), nothing changes", async () => {
    const card = await add(a.agent, stores(a.id), store);
    const [before] = await t.db.select().from(storeCreditCards).where(eq(storeCreditCards.id, card.id));
    const onB = `${stores(b.id)}/${card.id}`;
    expect((await b.agent.request('PATCH', onB, { json: { issuer: 'Hijacked' } })).status).toBe(404);
    expect((await b.agent.request('DELETE', onB)).status).toBe(404);
    for (const f of ['account-number', 'username', 'password']) {
      expect((await b.agent.request('POST', `${onB}/reveal/${f}`)).status).toBe(404);
      expect((await b.agent.request('POST', `${stores(a.id)}/${card.id}/reveal/${f}`)).status).toBe(404);
    }
    expect((await b.agent.get(stores(a.id))).status).toBe(404);
    expect((await b.agent.request('POST', stores(a.id), { json: { issuer: 'Planted' } })).status).toBe(404);
    expect((await (await b.agent.get(stores(b.id))).json()).items).toEqual([]);
    const [after] = await t.db.select().from(storeCreditCards).where(eq(storeCreditCards.id, card.id));
    expect(after).toEqual(before);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, card.id), eq(auditLog.actorId, b.id))),
    ).toEqual([]);
  });

  it(`stop at ${LIMITS.storeCards} per client with the limit in words`, async () => {
    const c = await t.createSignedInUser();
    const first = await add(c.agent, stores(c.user.id), { issuer: 'First' });
    const [row] = await t.db.select().from(storeCreditCards).where(eq(storeCreditCards.id, first.id));
    const copies = Array.from({ length: LIMITS.storeCards - 1 }, () => ({ ...row, id: randomUUID() }));
    await t.db.insert(storeCreditCards).values(copies);
    const res = await c.agent.request('POST', stores(c.user.id), { json: { issuer: 'One too many' } });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(
      'You have reached the limit of 200 store cards. Delete some you no longer need, or contact support.',
    );
    expect(await t.db.$count(storeCreditCards, eq(storeCreditCards.userId, c.user.id))).toBe(LIMITS.storeCards);
  });
});

describe('revolving credits', () => {
  it('store the annual fee and rewards, and edit them; a fee sent empty removes it', async () => {
    const card = await add(a.agent, revolving(a.id), credit);
    expect(card).toMatchObject({
      kind: 'revolving',
      issuer: 'Capital Bank',
      creditLimit: 10000,
      rewards: '2% cash back',
      annualFee: 95,
      tradeline: { bureaus: [] },
    });
    const [row] = await t.db.select().from(revolvingCredits).where(eq(revolvingCredits.id, card.id));
    expect(row.annualFee).toBe('95.00');
    const url = `${revolving(a.id)}/${card.id}`;
    const edited = await a.agent.request('PATCH', url, {
      json: { ...credit, annualFee: '$1,250.50', rewards: '3x points' },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).card).toMatchObject({ annualFee: 1250.5, rewards: '3x points' });
    const { items } = await (await a.agent.get(revolving(a.id))).json();
    expect(items).toContainEqual(expect.objectContaining({ id: card.id, annualFee: 1250.5 }));
    const cleared = await a.agent.request('PATCH', url, { json: { ...credit, annualFee: '' } });
    expect((await cleared.json()).card.annualFee).toBeNull();
    const bad = await a.agent.request('PATCH', url, { json: { ...credit, annualFee: 'free' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Enter the annual fee as a number, like 2500 or 2500.00.');
  });

  it('take no secrets, and have no reveal route', async () => {
    expect((await a.agent.request('POST', revolving(a.id), { json: { issuer: 'X', password: 'nope' } })).status).toBe(
      400,
    );
    const card = await add(a.agent, revolving(a.id), { issuer: 'No secrets' });
    expect((await a.agent.request('POST', `${revolving(a.id)}/${card.id}/reveal/password`)).status).toBe(404);
  });

  it('a store card id is no revolving credit of the client (and the other way round)', async () => {
    const card = await add(a.agent, stores(a.id), { issuer: 'Store only' });
    expect((await a.agent.request('DELETE', `${revolving(a.id)}/${card.id}`)).status).toBe(404);
    expect(await t.db.$count(storeCreditCards, eq(storeCreditCards.id, card.id))).toBe(1);
  });

  it("client B cannot touch client A's revolving credit; A deletes it", async () => {
    const card = await add(a.agent, revolving(a.id), credit);
    expect(
      (await b.agent.request('PATCH', `${revolving(b.id)}/${card.id}`, { json: { issuer: 'Hijacked' } })).status,
    ).toBe(404);
    expect((await b.agent.request('DELETE', `${revolving(b.id)}/${card.id}`)).status).toBe(404);
    expect((await b.agent.get(revolving(a.id))).status).toBe(404);
    expect((await a.agent.request('DELETE', `${revolving(a.id)}/${card.id}`)).status).toBe(200);
    expect((await a.agent.request('DELETE', `${revolving(a.id)}/${card.id}`)).status).toBe(404);
  });

  it(`stop at ${LIMITS.revolvingCredits} per client`, async () => {
    const c = await t.createSignedInUser();
    const first = await add(c.agent, revolving(c.user.id), { issuer: 'First' });
    const [row] = await t.db.select().from(revolvingCredits).where(eq(revolvingCredits.id, first.id));
    await t.db
      .insert(revolvingCredits)
      .values(Array.from({ length: LIMITS.revolvingCredits - 1 }, () => ({ ...row, id: randomUUID() })));
    const res = await c.agent.request('POST', revolving(c.user.id), { json: { issuer: 'One too many' } });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/limit of 200 revolving credit cards/);
  });
});

describe('admins', () => {
  it('add, edit and delete for a client, each write audited; the all-clients lists name the client and mask secrets', async () => {
    const card = await add(admin.agent, stores(b.id), {
      issuer: 'Bravo Store',
      accountNumber: '11112222333344449999',
      password: 'bravo-pass',
    });
    expect(
      (await admin.agent.request('PATCH', `${stores(b.id)}/${card.id}`, { json: { issuer: 'Bravo Store 2' } })).status,
    ).toBe(200);
    const all = await admin.agent.get('/api/store-cards');
    expect(all.status).toBe(200);
    const text = await all.text();
    expect(text).not.toContain('11112222333344449999');
    expect(text).not.toContain('bravo-pass');
    const { items } = JSON.parse(text);
    expect(items).toContainEqual(
      expect.objectContaining({
        id: card.id,
        issuer: 'Bravo Store 2',
        clientId: b.id,
        clientName: 'Client Bravo',
        accountNumberMasked: '•••• 9999',
        passwordMasked: '••••••••',
      }),
    );
    expect(items.some((x: { clientId: string }) => x.clientId === a.id)).toBe(true);
    const onlyB = await (await admin.agent.get(`/api/store-cards?clientId=${b.id}`)).json();
    expect(onlyB.items.every((x: { clientId: string }) => x.clientId === b.id)).toBe(true);
    expect((await admin.agent.request('DELETE', `${stores(b.id)}/${card.id}`)).status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, b.id), eq(auditLog.entityId, card.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.every((e) => e.actorId === admin.id && e.entityType === 'store_credit_card')).toBe(true);

    const fee = await add(admin.agent, revolving(b.id), { issuer: 'Bravo Credit', annualFee: 49 });
    const revolvingAll = await (await admin.agent.get('/api/revolving-credits')).json();
    expect(revolvingAll.items).toContainEqual(
      expect.objectContaining({ id: fee.id, clientName: 'Client Bravo', annualFee: 49 }),
    );
    for (const path of ['/api/store-cards', '/api/revolving-credits'])
      expect((await a.agent.get(path)).status).toBe(403);
  });

  it("hear 'User not found' when the client they name does not exist", async () => {
    for (const url of [stores('no-such-client'), revolving('no-such-client')]) {
      const res = await admin.agent.request('POST', url, { json: { issuer: 'Nobody' } });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('User not found');
    }
    // A client naming someone else is told nothing more than 'Not found'.
    const res = await a.agent.request('POST', stores('no-such-client'), { json: { issuer: 'Nobody' } });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('Not found');
  });
});
