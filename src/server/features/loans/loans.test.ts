import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLoans } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LOAN_MESSAGES, type Loan } from '../../../shared/loans';
import { LIMITS } from '../../../shared/limits';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const offer = {
  title: '  Working Capital Line  ',
  aprRange: '8% - 14%',
  loanAmount: '$10,000 - $250,000',
  termLength: '12 - 36 months',
  applyUrl: 'https://lender.example.test/apply',
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

async function add(agent: TestAgent, json: unknown = offer) {
  const res = await agent.post('/api/loans', json);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).loan as Loan;
}
const rowOf = async (id: string) => (await t.db.select().from(creditLoans).where(eq(creditLoans.id, id)))[0];
const auditOf = (loanId: string) => t.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'credit_loan'), eq(auditLog.entityId, loanId)));

describe('loans directory', () => {
  it('any signed-in user adds an offer (trimmed, 201) and everyone signed in reads it with its author', async () => {
    const loan = await add(a.agent);
    expect(loan).toMatchObject({ ...offer, title: 'Working Capital Line', author: { name: 'Client Alpha', isAdmin: false, isYou: true }, canEdit: true });
    const asB = (await (await b.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asB.items.find((l) => l.id === loan.id)).toMatchObject({ title: 'Working Capital Line', canEdit: false });
    // Another client sees that a member added it, not who.
    expect(asB.items.find((l) => l.id === loan.id)?.author).toEqual({ name: null, isAdmin: false, isYou: false });
    const asAdmin = (await (await admin.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asAdmin.items.find((l) => l.id === loan.id)).toMatchObject({ canEdit: true, author: { name: 'Client Alpha', isYou: false } });
    expect((await t.request('GET', '/api/loans')).status).toBe(401);
    expect((await t.request('POST', '/api/loans', { json: offer })).status).toBe(401);
  });

  it('marks admin-authored offers', async () => {
    const loan = await add(admin.agent, { title: 'SBA 7(a) via our partner' });
    expect(loan.author).toEqual({ name: 'Staff Admin', isAdmin: true, isYou: true });
    expect(loan).toMatchObject({ aprRange: '', loanAmount: '', termLength: '', applyUrl: '' });
    const asA = (await (await a.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asA.items.find((l) => l.id === loan.id)).toMatchObject({ canEdit: false, author: { isAdmin: true } });
  });

  it('the author edits their own offer; no audit entry for their own change', async () => {
    const loan = await add(a.agent);
    const res = await a.agent.request('PATCH', `/api/loans/${loan.id}`, { json: { ...offer, title: 'Renamed line', aprRange: '9%' } });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({ id: loan.id, title: 'Renamed line', aprRange: '9%', canEdit: true });
    expect((await rowOf(loan.id)).title).toBe('Renamed line');
    expect(await auditOf(loan.id)).toEqual([]);
  });

  it('another client gets 403 with the reason on PATCH and DELETE, and the row is unchanged', async () => {
    const loan = await add(a.agent);
    const before = await rowOf(loan.id);
    const patch = await b.agent.request('PATCH', `/api/loans/${loan.id}`, { json: { ...offer, title: 'Hijacked' } });
    expect(patch.status).toBe(403);
    expect((await patch.json()).error).toBe(LOAN_MESSAGES.notYours);
    // Even with a body that would not validate, the refusal comes first.
    expect((await b.agent.request('PATCH', `/api/loans/${loan.id}`, { json: { nope: 1 } })).status).toBe(403);
    const del = await b.agent.request('DELETE', `/api/loans/${loan.id}`);
    expect(del.status).toBe(403);
    expect((await del.json()).error).toBe(LOAN_MESSAGES.notYours);
    expect(await rowOf(loan.id)).toEqual(before);
  });

  it('an unknown offer is a 404 with its sentence', async () => {
    for (const id of [randomUUID(), 'x'.repeat(65)]) {
      const res = await a.agent.request('PATCH', `/api/loans/${id}`, { json: offer });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe(LOAN_MESSAGES.notFound);
      expect((await a.agent.request('DELETE', `/api/loans/${id}`)).status).toBe(404);
    }
  });

  it("an admin edits and deletes a client's offer, each audited with that client as the subject", async () => {
    const loan = await add(b.agent);
    const res = await admin.agent.request('PATCH', `/api/loans/${loan.id}`, { json: { ...offer, title: 'Corrected by staff' } });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({ title: 'Corrected by staff', author: { name: 'Client Bravo', isAdmin: false, isYou: false } });
    expect((await rowOf(loan.id)).userId).toBe(b.id);
    expect((await admin.agent.request('DELETE', `/api/loans/${loan.id}`)).status).toBe(200);
    expect(await rowOf(loan.id)).toBeUndefined();
    expect(await auditOf(loan.id)).toEqual([
      expect.objectContaining({ action: 'update', actorId: admin.id, clientId: b.id }),
      expect.objectContaining({ action: 'delete', actorId: admin.id, clientId: b.id }),
    ]);
    // The client reads it in their activity log.
    const log = await b.agent.get(`/api/clients/${b.id}/audit`);
    expect(log.status).toBe(200);
    expect(JSON.stringify(await log.json())).toMatch(/loan offer|credit_loan/);
  });

  it('the author deletes their own offer', async () => {
    const loan = await add(a.agent);
    const res = await a.agent.request('DELETE', `/api/loans/${loan.id}`);
    expect(res.status).toBe(200);
    expect(await rowOf(loan.id)).toBeUndefined();
    expect((await a.agent.request('DELETE', `/api/loans/${loan.id}`)).status).toBe(404);
  });

  it('refuses bad input with 400 and a clear message, saving nothing', async () => {
    const loan = await add(a.agent);
    const before = await t.db.select().from(creditLoans);
    const cases: [unknown, RegExp][] = [
      [{}, /Title is required/],
      [{ ...offer, title: '   ' }, /Title is required/],
      [{ ...offer, applyUrl: 'javascript:alert(1)' }, /Apply URL must be a web address starting with http/],
      [{ ...offer, applyUrl: 'ftp://files.example.test' }, /Apply URL must be a web address/],
      [{ ...offer, title: 'x'.repeat(201) }, /Title can be at most 200 characters/],
      [{ ...offer, aprRange: 'x'.repeat(101) }, /APR range can be at most 100 characters/],
      [{ ...offer, applyUrl: `https://example.test/${'x'.repeat(2048)}` }, /Apply URL can be at most 2048/],
      [{ ...offer, userId: b.id }, /Unexpected field: userId/],
      [{ ...offer, title: 42 }, /Title must be text/],
    ];
    for (const [json, message] of cases) {
      for (const res of [await a.agent.post('/api/loans', json), await a.agent.request('PATCH', `/api/loans/${loan.id}`, { json })]) {
        expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
        expect((await res.json()).error).toMatch(message);
      }
    }
    expect(await t.db.select().from(creditLoans)).toEqual(before);
  });

  it('pages newest first and refuses a page size over 100', async () => {
    const c = await t.createSignedInUser({ name: 'Pager' });
    const base = Date.now() + 60_000;
    // Ahead of every other offer in this file, in a known order.
    await t.db.insert(creditLoans).values(Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), userId: c.user.id, title: `Paged ${i}`, createdAt: new Date(base + i * 1000) })));
    const first = (await (await c.agent.get('/api/loans?pageSize=2')).json()) as { items: Loan[]; total: number; page: number; pageSize: number };
    expect(first.items.map((l) => l.title)).toEqual(['Paged 4', 'Paged 3']);
    expect(first).toMatchObject({ page: 1, pageSize: 2 });
    const total = (await t.db.$count(creditLoans));
    expect(first.total).toBe(total);
    const second = (await (await c.agent.get('/api/loans?pageSize=2&page=2')).json()) as { items: Loan[] };
    expect(second.items.map((l) => l.title)).toEqual(['Paged 2', 'Paged 1']);
    const res = await c.agent.get('/api/loans?pageSize=101');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/between 1 and 100/);
  });

  it(`refuses offer ${LIMITS.loanOffers + 1} of one author with a 409 naming the limit; others are not affected`, async () => {
    const c = await t.createSignedInUser();
    await t.db.insert(creditLoans).values(Array.from({ length: LIMITS.loanOffers }, (_, i) => ({ id: randomUUID(), userId: c.user.id, title: `Offer ${i}` })));
    const res = await c.agent.post('/api/loans', offer);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(`You have reached the limit of ${LIMITS.loanOffers} loan offers. Delete some you no longer need, or contact support.`);
    expect(await t.db.$count(creditLoans, eq(creditLoans.userId, c.user.id))).toBe(LIMITS.loanOffers);
    await add(b.agent);
  });
});
