import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, revolvingCredits, storeCreditCards } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { TradelinesResponse } from '../../../shared/tradelines';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin: Who;

const base = (clientId: string) => `/api/clients/${clientId}/tradelines`;
const put = (who: Who, clientId: string, source: string, id: string, json: unknown) => who.agent.request('PUT', `${base(clientId)}/${source}/${id}`, { json });
const storeCard = async (userId: string, issuer: string, extra: Partial<typeof storeCreditCards.$inferInsert> = {}) =>
  (await t.db.insert(storeCreditCards).values({ id: crypto.randomUUID(), userId, issuer, ...extra }).returning())[0].id;
const revolving = async (userId: string, issuer: string, extra: Partial<typeof revolvingCredits.$inferInsert> = {}) =>
  (await t.db.insert(revolvingCredits).values({ id: crypto.randomUUID(), userId, issuer, ...extra }).returning())[0].id;

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

describe('tradelines', () => {
  it('a client records the bureaus and dates of their own store card and revolving credit; the summary counts them', async () => {
    const store = await storeCard(a.id, 'Home Depot', { cardType: 'Commercial' });
    const card = await revolving(a.id, 'Capital One');
    const res = await put(a, a.id, 'store', store, { bureaus: ['dnb', 'experian'], dateOpened: '2026-01-05', lastReported: '2026-02-01' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).tradeline).toEqual({ bureaus: ['dnb', 'experian'], dateOpened: '2026-01-05', lastReported: '2026-02-01' });
    expect((await put(a, a.id, 'revolving', card, { bureaus: ['dnb'], dateOpened: '2026-01-10', lastReported: '' })).status).toBe(200);

    const body = (await (await a.agent.get(base(a.id))).json()) as TradelinesResponse;
    expect(body.summary.total).toBe(2);
    expect(body.summary.byBureau.map((x) => x.count)).toEqual([2, 1, 0]);
    expect(body.summary.needed[0]).toBe('PAYDEX needs at least 3 trade experiences reported to Dun & Bradstreet: you have 2.');
    expect(body.tradelines.items.map((x) => [x.source, x.name])).toEqual([
      ['revolving', 'Capital One'],
      ['store', 'Home Depot Commercial'],
    ]);
    // A client's own writes are not audited.
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'tradeline')))).toHaveLength(0);
  });

  it("another client's card is a 404 whatever the body, and is not changed; a guest is 401", async () => {
    const store = await storeCard(a.id, 'Staples', { bureaus: ['equifax'] });
    for (const [clientId, source] of [
      [b.id, 'store'],
      [b.id, 'revolving'],
      [b.id, 'first-step'],
    ]) {
      const res = await put(b, clientId, source, store, { bureaus: ['dnb'] });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('Tradeline not found.');
    }
    expect((await put(b, a.id, 'store', store, { bureaus: ['dnb'] })).status).toBe(404);
    expect((await b.agent.get(base(a.id))).status).toBe(404);
    expect((await t.request('PUT', `${base(a.id)}/store/${store}`, { json: {} })).status).toBe(401);
    expect((await put(a, a.id, 'savings', store, {})).status).toBe(404);
    const [row] = await t.db.select().from(storeCreditCards).where(eq(storeCreditCards.id, store));
    expect(row.bureaus).toEqual(['equifax']);
  });

  it('refuses bad input with a sentence', async () => {
    const store = await storeCard(a.id, 'Office Depot');
    const cases: [unknown, RegExp][] = [
      [{ bureaus: ['transunion'] }, /Choose bureaus from/],
      [{ bureaus: ['dnb', 'dnb'] }, /at most once/],
      [{ bureaus: 'dnb' }, /must be a list/],
      [{ dateOpened: '2026-02-30' }, /valid date opened/],
      [{ lastReported: 'yesterday' }, /valid last reported date/],
      [{ dateOpened: '2026-03-01', lastReported: '2026-02-01' }, /cannot be before the date opened/],
      [{ extra: 1 }, /Unexpected field: extra/],
    ];
    for (const [json, message] of cases) {
      const res = await put(a, a.id, 'store', store, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });

  it("an admin records a client's tradeline, audited with the client as subject", async () => {
    const store = await storeCard(a.id, 'Amazon Business');
    const res = await put(admin, a.id, 'store', store, { bureaus: ['experian'], dateOpened: '2026-02-01', lastReported: '2026-03-01' });
    expect(res.status).toBe(200);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'tradeline')));
    expect(audits.map((x) => [x.actorId, x.action, x.entityId])).toEqual([[admin.id, 'update', store]]);
    expect((await admin.agent.get(base(a.id))).status).toBe(200);
  });
});
