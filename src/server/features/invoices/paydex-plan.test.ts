import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revolvingCredits, storeCreditCards } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { addDays, INVOICE_MESSAGES } from '../../../shared/invoices-rules';
import type { PaydexPlan } from '../../../shared/paydex-plan';
import { isoDay } from '../../../shared/tradelines';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let c: Who;
let other: Who;
let admin: Who;
let uline: string;
let quill: string;
const today = isoDay(new Date());
const base = (source: string, id: string) => `/api/clients/${c.id}/tradelines/${source}/${id}/invoices`;
const plan = async (query = '', who: Who = c) => {
  const res = await who.agent.get(`/api/clients/${c.id}/paydex-plan${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { plan: PaydexPlan }).plan;
};

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  c = await make('client', 'Client Planner');
  other = await make('client', 'Client Other');
  admin = await make('admin', 'Staff Planner');
  const card = async (table: typeof storeCreditCards | typeof revolvingCredits, issuer: string) =>
    (await t.db.insert(table).values({ id: crypto.randomUUID(), userId: c.id, issuer }).returning())[0].id;
  uline = await card(storeCreditCards, 'Uline');
  quill = await card(revolvingCredits, 'Quill');
  // History: three invoices of two vendors paid 20 days early (estimate 90).
  for (const [source, id] of [
    ['store', uline],
    ['store', uline],
    ['revolving', quill],
  ])
    await c.agent.request('POST', base(source, id), {
      json: {
        number: `H-${Math.random()}`,
        invoiceDate: addDays(today, -90),
        termsDays: 30,
        amount: 100,
        paidDate: addDays(today, -80),
        paidAmount: 100,
      },
    });
});
afterAll(() => t?.close());

describe('the pay-early plan', () => {
  it('answers the plan for a target (90 when left out); the client marks an invoice paid with its PUT and the projection follows', async () => {
    const empty = await plan();
    expect(empty).toMatchObject({
      target: 90,
      today,
      items: [],
      currentScore: 90,
      projectedScore: 90,
      outcome: 'reached',
    });

    const add = async (json: Record<string, unknown>) =>
      (await (await c.agent.request('POST', base('store', uline), { json })).json()) as { invoice: { id: string } };
    const open = {
      invoiceDate: addDays(today, -5),
      termsDays: 45,
      amount: 400,
      paidDate: '',
      paidAmount: null,
    };
    const soon = await add({ ...open, number: 'SOON' }); // due in 40 days
    const late = await add({ ...open, number: 'LATE', invoiceDate: addDays(today, -50), termsDays: 30 }); // due 20 days ago
    const p90 = await plan('?target=90');
    expect(p90.items.map((i) => [i.number, i.payBy, i.payToday, i.pastDue, i.owed])).toEqual([
      ['LATE', today, true, true, 400],
      ['SOON', addDays(today, 20), false, false, 400],
    ]);
    expect(p90.items[0]).toMatchObject({
      source: 'store',
      tradelineId: uline,
      vendorName: 'Uline',
      dueDate: addDays(today, -20),
    });
    expect(p90.outcome).toBe('not-reachable');
    expect((await plan('?target=100')).items.map((i) => i.payBy)).toEqual([today, addDays(today, 10)]);
    expect((await plan('?target=80')).items.map((i) => i.payBy)).toEqual([today, addDays(today, 40)]);

    // Mark paid: the invoice's own PUT, paid today in full.
    const before = p90.projectedScore!;
    const res = await c.agent.request('PUT', `${base('store', uline)}/${late.invoice.id}`, {
      json: {
        number: 'LATE',
        invoiceDate: addDays(today, -50),
        termsDays: 30,
        amount: 400,
        paidDate: today,
        paidAmount: 400,
      },
    });
    expect(res.status).toBe(200);
    const after = await plan('?target=90');
    expect(after.items.map((i) => i.invoiceId)).toEqual([soon.invoice.id]);
    // The late payment is history now: the projection is the same, the current estimate has taken it in.
    expect(after.projectedScore).toBe(before);
    expect(after.currentScore).toBeLessThan(90);
  });

  it('staff acting for the client read the plan; another client cannot; a bad target is a 400', async () => {
    expect((await plan('?target=100', admin)).target).toBe(100);
    expect((await other.agent.get(`/api/clients/${c.id}/paydex-plan`)).status).toBe(404);
    for (const q of ['?target=85', '?target=', '?target=90&x=1'])
      expect((await c.agent.get(`/api/clients/${c.id}/paydex-plan${q}`)).status, q).toBe(400);
  });

  it("saves the client's own target, which the plan shows when none is asked; staff only look", async () => {
    const put = (who: Who, json: unknown) =>
      who.agent.request('PUT', `/api/clients/${c.id}/paydex-plan/target`, { json });
    expect((await plan()).target).toBe(90);
    const saved = await put(c, { target: 100 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ target: 100 });
    expect((await plan()).target).toBe(100);
    expect((await plan('', admin)).target).toBe(100);
    expect((await plan('?target=80')).target).toBe(80);
    const refused = await put(admin, { target: 80 });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: INVOICE_MESSAGES.targetIsTheClients });
    expect((await put(other, { target: 80 })).status).toBe(404);
    for (const json of [{ target: 85 }, { target: '90' }, {}, { target: 90, x: 1 }])
      expect((await put(c, json)).status, JSON.stringify(json)).toBe(400);
    expect((await plan()).target).toBe(100);
  });
});
