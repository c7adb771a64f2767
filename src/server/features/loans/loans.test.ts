import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLoans, notifications } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LOAN_MESSAGES, type Loan } from '../../../shared/loans';
import { LIMITS, TOO_MANY_STAFF_NOTICES } from '../../../shared/limits';

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

const STAFF = 'loans-desk@example.test';

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: STAFF });
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
/** A client with nothing added yet: each may add LIMITS.staffNoticesPerHour offers an hour. */
async function freshClient(name = 'Fresh Client') {
  const u = await t.createSignedInUser({ role: 'client', name });
  return { id: u.user.id, email: u.email, agent: u.agent };
}
const listAs = async (agent: TestAgent, query = '') =>
  ((await (await agent.get(`/api/loans${query}`)).json()) as { items: Loan[]; total: number }).items;
const review = (agent: TestAgent, loanId: string, json: unknown) => agent.post(`/api/loans/${loanId}/review`, json);
async function approve(loanId: string) {
  const res = await review(admin.agent, loanId, { state: 'approved' });
  expect(res.status, await res.clone().text()).toBe(200);
}
const rowOf = async (id: string) => (await t.db.select().from(creditLoans).where(eq(creditLoans.id, id)))[0];
const auditOf = (loanId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'credit_loan'), eq(auditLog.entityId, loanId)));

describe('loans directory', () => {
  it('any signed-in user adds an offer (trimmed, 201); once approved everyone signed in reads it with its author', async () => {
    const loan = await add(a.agent);
    expect(loan).toMatchObject({
      ...offer,
      title: 'Working Capital Line',
      author: { name: 'Client Alpha', isAdmin: false, isYou: true },
      canEdit: true,
      review: 'pending',
    });
    await approve(loan.id);
    const asB = (await (await b.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asB.items.find((l) => l.id === loan.id)).toMatchObject({ title: 'Working Capital Line', canEdit: false });
    // Another client sees that a member added it, not who.
    expect(asB.items.find((l) => l.id === loan.id)?.author).toEqual({ name: null, isAdmin: false, isYou: false });
    const asAdmin = (await (await admin.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asAdmin.items.find((l) => l.id === loan.id)).toMatchObject({
      canEdit: true,
      author: { name: 'Client Alpha', isYou: false },
    });
    expect((await t.request('GET', '/api/loans')).status).toBe(401);
    expect((await t.request('POST', '/api/loans', { json: offer })).status).toBe(401);
  });

  it('marks admin-authored offers', async () => {
    const loan = await add(admin.agent, { title: 'SBA 7(a) via our partner' });
    expect(loan.author).toEqual({ name: 'Staff Admin', isAdmin: true, isYou: true });
    // Staff's own offers need no review.
    expect(loan.review).toBe('approved');
    expect(loan).toMatchObject({ aprRange: '', loanAmount: '', termLength: '', applyUrl: '' });
    const asA = (await (await a.agent.get('/api/loans')).json()) as { items: Loan[] };
    expect(asA.items.find((l) => l.id === loan.id)).toMatchObject({ canEdit: false, author: { isAdmin: true } });
  });

  it('the author edits their own offer; no audit entry for their own change', async () => {
    const loan = await add(a.agent);
    const res = await a.agent.request('PATCH', `/api/loans/${loan.id}`, {
      json: { ...offer, title: 'Renamed line', aprRange: '9%' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({
      id: loan.id,
      title: 'Renamed line',
      aprRange: '9%',
      canEdit: true,
    });
    expect((await rowOf(loan.id)).title).toBe('Renamed line');
    expect(await auditOf(loan.id)).toEqual([]);
  });

  it('another client gets 403 with the reason on PATCH and DELETE of an approved offer (404 while it waits), and the row is unchanged', async () => {
    const loan = await add(a.agent);
    for (const res of [
      await b.agent.request('PATCH', `/api/loans/${loan.id}`, { json: { ...offer, title: 'Hijacked' } }),
      await b.agent.request('DELETE', `/api/loans/${loan.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe(LOAN_MESSAGES.notFound);
    }
    await approve(loan.id);
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
    const res = await admin.agent.request('PATCH', `/api/loans/${loan.id}`, {
      json: { ...offer, title: 'Corrected by staff' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({
      title: 'Corrected by staff',
      author: { name: 'Client Bravo', isAdmin: false, isYou: false },
    });
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
    const c = await freshClient();
    const loan = await add(c.agent);
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
      [{ ...offer, review: 'approved' }, /Unexpected field: review/],
      [{ ...offer, title: 42 }, /Title must be text/],
    ];
    for (const [json, message] of cases) {
      for (const res of [
        await c.agent.post('/api/loans', json),
        await c.agent.request('PATCH', `/api/loans/${loan.id}`, { json }),
      ]) {
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
    await t.db.insert(creditLoans).values(
      Array.from({ length: 5 }, (_, i) => ({
        id: randomUUID(),
        userId: c.user.id,
        title: `Paged ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = (await (await c.agent.get('/api/loans?pageSize=2')).json()) as {
      items: Loan[];
      total: number;
      page: number;
      pageSize: number;
    };
    expect(first.items.map((l) => l.title)).toEqual(['Paged 4', 'Paged 3']);
    expect(first).toMatchObject({ page: 1, pageSize: 2 });
    // Every approved offer, and c's own waiting ones.
    expect(first.total).toBe(
      await t.db.$count(creditLoans, or(eq(creditLoans.reviewState, 'approved'), eq(creditLoans.userId, c.user.id))),
    );
    const second = (await (await c.agent.get('/api/loans?pageSize=2&page=2')).json()) as { items: Loan[] };
    expect(second.items.map((l) => l.title)).toEqual(['Paged 2', 'Paged 1']);
    const res = await c.agent.get('/api/loans?pageSize=101');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/between 1 and 100/);
  });

  it(`refuses offer ${LIMITS.loanOffers + 1} of one author with a 409 naming the limit; others are not affected`, async () => {
    const c = await t.createSignedInUser();
    await t.db.insert(creditLoans).values(
      Array.from({ length: LIMITS.loanOffers }, (_, i) => ({
        id: randomUUID(),
        userId: c.user.id,
        title: `Offer ${i}`,
        reviewState: 'approved' as const,
      })),
    );
    const res = await c.agent.post('/api/loans', offer);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(
      `You have reached the limit of ${LIMITS.loanOffers} loan offers. Delete some you no longer need, or contact support.`,
    );
    expect(await t.db.$count(creditLoans, eq(creditLoans.userId, c.user.id))).toBe(LIMITS.loanOffers);
    await add(b.agent);
  });
});

describe('loan offers wait for staff review', () => {
  it("another client does not see a client's new offer; its author does, waiting; staff are told; an admin approves and then everyone sees it", async () => {
    const author = await freshClient('Rita Reviewed');
    const other = await freshClient('Otto Other');
    const loan = await add(author.agent, { ...offer, title: 'Pending Line' });
    expect(loan).toMatchObject({ review: 'pending', rejectReason: '', canEdit: true });
    expect((await listAs(author.agent)).find((l) => l.id === loan.id)).toMatchObject({
      review: 'pending',
      author: { isYou: true },
    });
    expect((await listAs(other.agent)).map((l) => l.id)).not.toContain(loan.id);
    // Nor can they reach it by id.
    expect((await other.agent.request('PATCH', `/api/loans/${loan.id}`, { json: offer })).status).toBe(404);

    // Staff: the bell for every admin, and a mail to the staff address with the address as plain text.
    const bells = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.kind, 'loan_offer')));
    expect(bells.at(-1)).toMatchObject({ clientId: author.id, link: '/term-loan?review=pending' });
    expect(bells.at(-1)?.title).toContain('Pending Line');
    const mail = await t.lastMail(STAFF, 'Loan offer waiting for review');
    expect(mail.text).toContain(author.email);
    expect(mail.text).toContain(offer.applyUrl);
    expect(mail.html).not.toContain(`href="${offer.applyUrl}"`);

    // The queue: waiting offers only, oldest first.
    const queue = await listAs(admin.agent, '?review=pending&pageSize=100');
    expect(queue.find((l) => l.id === loan.id)).toMatchObject({ review: 'pending', author: { name: 'Rita Reviewed' } });
    expect(queue.every((l) => l.review === 'pending')).toBe(true);
    expect(queue.map((l) => l.createdAt)).toEqual([...queue.map((l) => l.createdAt)].sort());

    const res = await review(admin.agent, loan.id, { state: 'approved' });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({ id: loan.id, review: 'approved' });
    expect((await listAs(other.agent)).find((l) => l.id === loan.id)).toMatchObject({
      title: 'Pending Line',
      review: 'approved',
      canEdit: false,
    });
    expect((await listAs(admin.agent, '?review=pending')).map((l) => l.id)).not.toContain(loan.id);
    // Audited with the author as the subject, and the author told.
    expect(await auditOf(loan.id)).toEqual([
      expect.objectContaining({ action: 'update', actorId: admin.id, clientId: author.id }),
    ]);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'loan_offer')));
    expect(told).toMatchObject({ link: '/term-loan' });
    expect(told.title).toMatch(/approved/);
    // Approving again is a conflict, not a second notice.
    const again = await review(admin.agent, loan.id, { state: 'approved' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(LOAN_MESSAGES.alreadyReviewed('approved'));
  });

  it('a client cannot review any offer, not even their own (403); an unknown offer is a 404', async () => {
    const author = await freshClient();
    const loan = await add(author.agent);
    for (const agent of [author.agent, b.agent]) {
      const res = await review(agent, loan.id, { state: 'approved' });
      expect(res.status).toBe(403);
    }
    expect((await rowOf(loan.id)).reviewState).toBe('pending');
    const unknown = await review(admin.agent, randomUUID(), { state: 'approved' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe(LOAN_MESSAGES.notFound);
    expect((await review(admin.agent, 'x'.repeat(65), { state: 'approved' })).status).toBe(404);
  });

  it('refuses a bad review with 400, changing nothing', async () => {
    const author = await freshClient();
    const loan = await add(author.agent);
    const cases: [unknown, RegExp][] = [
      [{}, /State must be approved or rejected/],
      [{ state: 'pending' }, /State must be approved or rejected/],
      [{ state: 'rejected', reason: 'x'.repeat(501) }, /Reason can be at most 500 characters/],
      [{ state: 'rejected', reason: 7 }, /Reason must be text/],
      [{ state: 'approved', userId: b.id }, /Unexpected field: userId/],
    ];
    for (const [json, message] of cases) {
      const res = await review(admin.agent, loan.id, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
    expect((await rowOf(loan.id)).reviewState).toBe('pending');
    const bad = await a.agent.get('/api/loans?review=hidden');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Review must be one of/);
  });

  it('a rejected offer stays hidden from others; its author reads the reason, and their edit sends it back to review', async () => {
    const author = await freshClient();
    const loan = await add(author.agent, {
      ...offer,
      title: 'Dubious Line',
      applyUrl: 'https://phish.example.test/login',
    });
    const res = await review(admin.agent, loan.id, { state: 'rejected', reason: '  The link is not a lender.  ' });
    expect(res.status).toBe(200);
    expect((await res.json()).loan).toMatchObject({ review: 'rejected', rejectReason: 'The link is not a lender.' });
    expect((await listAs(b.agent)).map((l) => l.id)).not.toContain(loan.id);
    expect((await listAs(author.agent)).find((l) => l.id === loan.id)).toMatchObject({
      review: 'rejected',
      rejectReason: 'The link is not a lender.',
    });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'loan_offer')));
    expect(told).toMatchObject({ body: 'Reason: The link is not a lender.' });
    expect(told.title).toMatch(/not approved/);

    const edit = await author.agent.request('PATCH', `/api/loans/${loan.id}`, {
      json: { ...offer, title: 'Dubious Line', applyUrl: 'https://lender.example.test/apply' },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).loan).toMatchObject({ review: 'pending', rejectReason: '' });
  });

  it("a client's change of an approved offer's address sends it back to review (hidden from others); other changes, and staff's, keep it approved", async () => {
    const author = await freshClient();
    const loan = await add(author.agent, { ...offer, title: 'Steady Line' });
    await approve(loan.id);
    const patch = (agent: TestAgent, json: unknown) => agent.request('PATCH', `/api/loans/${loan.id}`, { json });

    const renamed = await patch(author.agent, { ...offer, title: 'Steady Line Plus' });
    expect((await renamed.json()).loan).toMatchObject({ review: 'approved' });
    const byStaff = await patch(admin.agent, {
      ...offer,
      title: 'Steady Line Plus',
      applyUrl: 'https://lender.example.test/v2',
    });
    expect((await byStaff.json()).loan).toMatchObject({ review: 'approved' });
    expect((await listAs(b.agent)).map((l) => l.id)).toContain(loan.id);

    const moved = await patch(author.agent, {
      ...offer,
      title: 'Steady Line Plus',
      applyUrl: 'https://elsewhere.example.test/apply',
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).loan).toMatchObject({ review: 'pending' });
    expect((await listAs(b.agent)).map((l) => l.id)).not.toContain(loan.id);
    expect((await listAs(author.agent)).find((l) => l.id === loan.id)).toMatchObject({ review: 'pending' });
    expect((await t.lastMail(STAFF, 'Loan offer waiting for review')).text).toContain(
      'https://elsewhere.example.test/apply',
    );
  });

  it(`a client may send ${LIMITS.staffNoticesPerHour} offers for review an hour (429 naming the limit after, nothing saved); staff are not limited`, async () => {
    const c = await freshClient();
    for (let i = 0; i < LIMITS.staffNoticesPerHour; i++) await add(c.agent, { title: `Burst ${i}` });
    const res = await c.agent.post('/api/loans', { title: 'One too many' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error).toBe(TOO_MANY_STAFF_NOTICES);
    expect(await t.db.$count(creditLoans, eq(creditLoans.userId, c.id))).toBe(LIMITS.staffNoticesPerHour);
    for (let i = 0; i <= LIMITS.staffNoticesPerHour; i++) await add(admin.agent, { title: `Staff burst ${i}` });
  });
});
