import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/payments`;
const valid = {
  description: 'Standard program, month 1',
  amount: 1600,
  date: '2025-02-01',
  status: 'pending' as const,
  included: false,
};

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

describe('payments', () => {
  it("lists a client's own payments by date, newest first (ties: newest id), amounts as numbers", async () => {
    await t.db.insert(payments).values([
      { userId: a.id, description: 'older', amount: '99.50', date: '2024-01-01' },
      { userId: a.id, description: 'newest', amount: '125.00', date: '2024-06-01', included: true },
      { userId: a.id, description: 'same day, added first', amount: '10.00', date: '2024-03-01', status: 'pending' },
      { userId: b.id, description: "not A's", amount: '1.00', date: '2030-01-01' },
    ]);
    const [first] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, a.id), eq(payments.description, 'older')));
    await t.db
      .insert(payments)
      .values({ userId: a.id, description: 'same day, added later', amount: '5.00', date: '2024-03-01' });
    const res = await a.agent.get(base(a.id));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((p: { description: string }) => p.description)).toEqual([
      'newest',
      'same day, added later',
      'same day, added first',
      'older',
    ]);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      description: 'newest',
      amount: 125,
      date: '2024-06-01',
      status: 'completed',
      included: true,
    });
    expect(body.items[3]).toMatchObject({ id: first.id, amount: 99.5, status: 'completed', included: false });
  });

  it('refuses a client adding or editing, even their own payments (403), and changes nothing', async () => {
    const add = await a.agent.request('POST', base(a.id), { json: valid });
    expect(add.status).toBe(403);
    expect((await add.json()).error).toBe('Only administrators can add payments.');
    const [own] = await t.db.select().from(payments).where(eq(payments.userId, a.id));
    const edit = await a.agent.request('PATCH', `${base(a.id)}/${own.id}`, { json: valid });
    expect(edit.status).toBe(403);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, own.id));
    expect(after).toEqual(own);
  });

  it('lets an admin add a payment with defaults, audited', async () => {
    const res = await admin.agent.request('POST', base(a.id), {
      json: { description: '  Advanced program  ', amount: 1635.5, date: '2025-02-03' },
    });
    expect(res.status).toBe(201);
    const { payment } = await res.json();
    expect(payment).toEqual({
      id: expect.any(Number),
      description: 'Advanced program',
      amount: 1635.5,
      date: '2025-02-03',
      status: 'completed',
      included: false,
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'create',
        entityType: 'payment',
        entityId: String(payment.id),
        actorId: admin.id,
      }),
    );
    const list = await (await a.agent.get(base(a.id))).json();
    expect(list.items.map((p: { id: number }) => p.id)).toContain(payment.id);
  });

  it('lets an admin edit a payment (status switch, included, amount), audited', async () => {
    const { payment } = await (await admin.agent.request('POST', base(a.id), { json: valid })).json();
    const res = await admin.agent.request('PATCH', `${base(a.id)}/${payment.id}`, {
      json: {
        ...valid,
        description: 'Standard program, month 1 (paid)',
        amount: -20.25,
        status: 'completed',
        included: true,
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).payment).toEqual({
      id: payment.id,
      description: 'Standard program, month 1 (paid)',
      amount: -20.25,
      date: '2025-02-01',
      status: 'completed',
      included: true,
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.action, 'update')));
    expect(entries).toContainEqual(
      expect.objectContaining({ entityType: 'payment', entityId: String(payment.id), actorId: admin.id }),
    );
  });

  it('rejects a zero amount, a bad date and other bad input with a clear message (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, amount: 0 }, 'The amount must not be zero.'],
      [{ ...valid, date: '2025-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
      [{ ...valid, date: '02/01/2025' }, 'Please enter a valid date (YYYY-MM-DD).'],
      [{ ...valid, description: '   ' }, 'Please enter a description.'],
      [{ ...valid, amount: 1.234 }, 'The amount can have at most 2 decimals.'],
      [{ ...valid, amount: 1_000_000.01 }, 'The amount can be at most $1,000,000.'],
      [{ ...valid, amount: '12' }, 'Please enter an amount.'],
      [{ ...valid, status: 'refunded' }, 'Status must be completed or pending.'],
    ];
    for (const [json, message] of cases) {
      const res = await admin.agent.request('POST', base(a.id), { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    const [own] = await t.db.select().from(payments).where(eq(payments.userId, a.id));
    const edit = await admin.agent.request('PATCH', `${base(a.id)}/${own.id}`, { json: { ...valid, amount: 0 } });
    expect(edit.status).toBe(400);
    expect((await edit.json()).error).toBe('The amount must not be zero.');
    const partial = await admin.agent.request('PATCH', `${base(a.id)}/${own.id}`, { json: { amount: 5 } });
    expect(partial.status).toBe(400);
  });

  it("keeps B away from A's payments: no list, no edit by id (404)", async () => {
    expect((await b.agent.get(base(a.id))).status).toBe(404);
    const [aPayment] = await t.db.select().from(payments).where(eq(payments.userId, a.id));
    // B on B's own client id, naming A's payment.
    const idor = await b.agent.request('PATCH', `${base(b.id)}/${aPayment.id}`, { json: valid });
    expect(idor.status).toBe(404);
    // Even an admin cannot edit A's payment through B's id.
    const cross = await admin.agent.request('PATCH', `${base(b.id)}/${aPayment.id}`, { json: valid });
    expect(cross.status).toBe(404);
    expect((await admin.agent.request('PATCH', `${base(a.id)}/999999999`, { json: valid })).status).toBe(404);
    expect((await admin.agent.request('PATCH', `${base(a.id)}/abc`, { json: valid })).status).toBe(404);
    const [unchanged] = await t.db.select().from(payments).where(eq(payments.id, aPayment.id));
    expect(unchanged).toEqual(aPayment);
  });
});
