import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import {
  authUsers,
  businessCompliance,
  businessDocuments,
  payments,
  storeCreditCards,
  tradelineInvoices,
  users,
} from '../../db/schema';
import type { AttentionCounts, AttentionItem, AttentionPage, AttentionReason } from '../../../shared/attention';
import type { Role } from '../../../shared/roles';
import { ONLY_ADMINS_FILTER_STAFF } from './attention.service';

type Person = { id: string; agent: TestAgent };

let t: TestApp;
let admin: Person;
let sam: Person;
let kim: Person;
let a: Person; // Sam's client
let b: Person; // nobody's (the admins' pool)
let c: Person; // Kim's client
beforeAll(async () => {
  t = await createTestApp();
  admin = await make('admin', 'Ada Admin');
  sam = await make('staff', 'Sam Staff');
  kim = await make('staff', 'Kim Staff');
  a = await make('client', 'Alpha Client');
  b = await make('client', 'Bravo Client');
  c = await make('client', 'Charlie Client');
  await t.db.update(authUsers).set({ assignedStaffId: sam.id }).where(eq(authUsers.id, a.id));
  await t.db.update(authUsers).set({ assignedStaffId: kim.id }).where(eq(authUsers.id, c.id));
});
afterAll(() => t?.close());

async function make(role: Role, name: string): Promise<Person> {
  const u = await t.createSignedInUser({ role, name });
  return { id: u.user.id, agent: u.agent };
}

async function queue(who: Person, query = ''): Promise<AttentionPage> {
  const res = await who.agent.get(`/api/attention${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AttentionPage;
}
const rowsOf = async (who: Person, clientId: string, query = '') =>
  (await queue(who, query)).items.filter((i) => i.clientId === clientId);
const reasonsOf = async (who: Person, clientId: string) => (await rowsOf(who, clientId)).map((i) => i.reason).sort();
async function counts(who: Person, query = ''): Promise<AttentionCounts> {
  const res = await who.agent.get(`/api/attention/counts${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AttentionCounts;
}
async function ok(res: Response | Promise<Response>, status = 200) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return (await r.json()) as Record<string, unknown>;
}
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** One row of `reason` for the client in Sam's queue (and the same in the admin's), or undefined. */
async function rowFor(clientId: string, reason: AttentionReason): Promise<AttentionItem | undefined> {
  const mine = (await rowsOf(sam, clientId, `?reason=${reason}`)).find((i) => i.reason === reason);
  const admins = (await rowsOf(admin, clientId, `?reason=${reason}`)).find((i) => i.reason === reason);
  expect(admins).toEqual(mine);
  return mine;
}

describe('each reason appears, and leaves when handled', () => {
  it('a chat waiting for a first answer, then for a reply; a staff answer handles it', async () => {
    const chat = `/api/clients/${a.id}/support/messages`;
    await ok(a.agent.post(chat, { body: 'Hello, anyone there?' }), 201);
    const first = await rowFor(a.id, 'chat_new');
    expect(first).toMatchObject({ clientName: 'Alpha Client', count: 1 });
    await ok(a.agent.post(chat, { body: 'Still waiting.' }), 201);
    expect((await rowFor(a.id, 'chat_new'))?.count).toBe(2);
    // Waiting since the first unanswered message, not the newest.
    expect((await rowFor(a.id, 'chat_new'))?.since).toBe(first?.since);

    await ok(sam.agent.post(chat, { body: 'Here, how can I help?' }), 201);
    expect(await rowFor(a.id, 'chat_new')).toBeUndefined();
    expect(await rowFor(a.id, 'chat_reply')).toBeUndefined();

    await ok(a.agent.post(chat, { body: 'About my LLC.' }), 201);
    expect(await rowFor(a.id, 'chat_reply')).toMatchObject({ count: 1 });
    await ok(sam.agent.post(chat, { body: 'Sure.' }), 201);
    expect(await rowFor(a.id, 'chat_reply')).toBeUndefined();
  });

  it('a document submitted for review; Accept handles it', async () => {
    const [task] = await t.db
      .insert(businessCompliance)
      .values({
        userId: a.id,
        taskName: 'Upload EIN letter',
        kind: 'document_request',
        requestedDocument: 'EIN letter',
        taskStatus: 'Submitted',
        submittedAt: daysAgo(2),
      })
      .returning();
    await t.db.insert(businessDocuments).values({
      id: randomUUID(),
      userId: a.id,
      documentName: 'ein.pdf',
      documentType: 'ein',
      storageKey: `documents/${a.id}/x`,
      contentType: 'application/pdf',
      size: 10,
      requestTaskId: task.id,
    });
    expect(await rowFor(a.id, 'document_submitted')).toMatchObject({ ref: String(task.id), count: 1 });
    await ok(sam.agent.post(`/api/clients/${a.id}/compliance-tasks/${task.id}/accept`));
    expect(await rowFor(a.id, 'document_submitted')).toBeUndefined();
  });

  it('a pending payment; marking it completed handles it', async () => {
    const { payment } = (await ok(
      sam.agent.post(`/api/clients/${a.id}/payments`, {
        description: 'Advanced program',
        amount: 500,
        date: isoDay(new Date()),
        status: 'pending',
      }),
      201,
    )) as { payment: { id: number } };
    expect(await rowFor(a.id, 'payment_pending')).toMatchObject({ ref: String(payment.id) });
    await ok(
      sam.agent.request('PATCH', `/api/clients/${a.id}/payments/${payment.id}`, {
        json: {
          description: 'Advanced program',
          amount: 500,
          date: isoDay(new Date()),
          status: 'completed',
          included: false,
        },
      }),
    );
    expect(await rowFor(a.id, 'payment_pending')).toBeUndefined();
  });

  it('a program request; the payment recorded after it handles it', async () => {
    await ok(a.agent.post(`/api/clients/${a.id}/program-requests`, { programId: 'advanced', note: '' }), 201);
    expect(await rowFor(a.id, 'program_request')).toMatchObject({ count: 1 });
    await ok(
      sam.agent.post(`/api/clients/${a.id}/payments`, {
        description: 'Advanced',
        amount: 900,
        date: isoDay(new Date()),
      }),
      201,
    );
    expect(await rowFor(a.id, 'program_request')).toBeUndefined();
  });

  it('an automation request received; moving it on handles it', async () => {
    const { request } = (await ok(
      a.agent.post(`/api/clients/${a.id}/automation-requests`, { type: 'Email', description: 'Welcome mails' }),
      201,
    )) as { request: { id: string } };
    expect(await rowFor(a.id, 'automation_request')).toMatchObject({ ref: request.id });
    await ok(sam.agent.request('PATCH', `/api/automation-requests/${request.id}`, { json: { state: 'in_progress' } }));
    expect(await rowFor(a.id, 'automation_request')).toBeUndefined();
  });

  it('an overdue task, dated by its due date; completing it handles it', async () => {
    const [task] = await t.db
      .insert(businessCompliance)
      .values({ userId: a.id, taskName: 'File annual report', taskDueDate: daysAgo(3) })
      .returning();
    const row = await rowFor(a.id, 'task_overdue');
    expect(row).toMatchObject({ ref: String(task.id), count: 1 });
    expect(new Date(row!.since).getTime()).toBe(task.taskDueDate!.getTime());
    await ok(sam.agent.post(`/api/clients/${a.id}/compliance-tasks/${task.id}/complete`));
    expect(await rowFor(a.id, 'task_overdue')).toBeUndefined();
  });

  it('no progress for 7 days in the build-out; a completed task handles it (and day 45 ends it)', async () => {
    await t.db
      .insert(users)
      .values({ id: a.id, setupAt: daysAgo(10) })
      .onConflictDoUpdate({
        target: users.id,
        set: { setupAt: daysAgo(10) },
      });
    const [task] = await t.db
      .insert(businessCompliance)
      .values({ userId: a.id, taskName: 'Open a bank account', taskDueDate: new Date(Date.now() + 86_400_000) })
      .returning();
    // The last completion (an earlier test's) 9 days ago: waiting since it became 7 days old, 2 days ago.
    await t.db
      .update(users)
      .set({ lastProgressAt: daysAgo(9) })
      .where(eq(users.id, a.id));
    const row = await rowFor(a.id, 'no_progress');
    expect(Math.abs(new Date(row!.since).getTime() - daysAgo(2).getTime())).toBeLessThan(60_000);
    await ok(sam.agent.post(`/api/clients/${a.id}/compliance-tasks/${task.id}/complete`));
    expect(await rowFor(a.id, 'no_progress')).toBeUndefined();
    // The completion is the progress the database keeps.
    const [kept] = await t.db.select({ at: users.lastProgressAt }).from(users).where(eq(users.id, a.id));
    expect(Date.now() - kept.at!.getTime()).toBeLessThan(60_000);
    // Nothing left to do (every task and request done): no progress to wait for, so no row.
    await t.db
      .update(users)
      .set({ lastProgressAt: daysAgo(20) })
      .where(eq(users.id, a.id));
    expect(await rowFor(a.id, 'no_progress')).toBeUndefined();
    // A new task waits on the client again (the database keeps users.has_open_items); deleting it ends that.
    const [next] = await t.db
      .insert(businessCompliance)
      .values({ userId: a.id, taskName: 'Register for state taxes' })
      .returning();
    expect(await rowFor(a.id, 'no_progress')).toBeDefined();
    await t.db.delete(businessCompliance).where(eq(businessCompliance.id, next.id));
    expect(await rowFor(a.id, 'no_progress')).toBeUndefined();
    await t.db.insert(businessCompliance).values({ userId: a.id, taskName: 'Register for state taxes' });
    expect(await rowFor(a.id, 'no_progress')).toBeDefined();
    // Past day 45 the build-out is over: no row, even with no progress.
    await t.db
      .update(users)
      .set({ setupAt: daysAgo(46) })
      .where(eq(users.id, a.id));
    expect(await rowFor(a.id, 'no_progress')).toBeUndefined();
  });

  it('a tradeline not reported for 45 days; a newer last reported date handles it', async () => {
    const id = randomUUID();
    await t.db.insert(storeCreditCards).values({ id, userId: a.id, issuer: 'Acme', lastReported: isoDay(daysAgo(50)) });
    const row = await rowFor(a.id, 'tradeline_stale');
    // Stale from the 46th day after it was last reported.
    expect(row?.since.slice(0, 10)).toBe(isoDay(daysAgo(4)));
    await ok(
      a.agent.request('PUT', `/api/clients/${a.id}/tradelines/store/${id}`, {
        json: { bureaus: [], dateOpened: '', lastReported: isoDay(new Date()) },
      }),
    );
    expect(await rowFor(a.id, 'tradeline_stale')).toBeUndefined();
  });

  it('an invoice still owed 5 days after its due date; recording the payment handles it', async () => {
    const card = randomUUID();
    await t.db.insert(storeCreditCards).values({ id: card, userId: a.id, issuer: 'Uline' });
    const invoice = (number: string, dueDaysAgo: number, paid?: string) => ({
      id: randomUUID(),
      userId: a.id,
      storeCardId: card,
      number,
      invoiceDate: isoDay(daysAgo(dueDaysAgo + 30)),
      termsDays: 30,
      amount: '250.00',
      paidDate: paid ? isoDay(daysAgo(1)) : null,
      paidAmount: paid ?? null,
    });
    // Due 4 days ago, or due 9 days ago and paid in full: not (yet) a reason.
    await t.db.insert(tradelineInvoices).values([invoice('A-1', 4), invoice('A-2', 9, '250.00')]);
    expect(await rowFor(a.id, 'invoice_overdue')).toBeUndefined();
    // Due 5 and 8 days ago, one partly paid: both still owed; the older is the one to open.
    const older = invoice('A-3', 8, '100.00');
    await t.db.insert(tradelineInvoices).values([invoice('A-4', 5), older]);
    const row = await rowFor(a.id, 'invoice_overdue');
    expect(row).toMatchObject({ count: 2, ref: older.id });
    expect(row?.since.slice(0, 10)).toBe(isoDay(daysAgo(3)));
    await ok(
      a.agent.request('PUT', `/api/clients/${a.id}/tradelines/store/${card}/invoices/${older.id}`, {
        json: {
          number: 'A-3',
          invoiceDate: older.invoiceDate,
          termsDays: 30,
          amount: 250,
          paidDate: isoDay(new Date()),
          paidAmount: 250,
        },
      }),
    );
    expect(await rowFor(a.id, 'invoice_overdue')).toMatchObject({ count: 1 });
    await t.db.delete(tradelineInvoices).where(eq(tradelineInvoices.userId, a.id));
    expect(await rowFor(a.id, 'invoice_overdue')).toBeUndefined();
  });

  it("a client's loan offer waiting for review, for administrators only; the review handles it", async () => {
    const { loan } = (await ok(a.agent.post('/api/loans', { title: 'Quick loan', applyUrl: '' }), 201)) as {
      loan: { id: string };
    };
    const row = (await rowsOf(admin, a.id, '?reason=loan_review'))[0];
    expect(row).toMatchObject({ reason: 'loan_review', ref: loan.id });
    // Staff members do not review offers: not in their queue, nor their counts.
    expect((await rowsOf(sam, a.id)).map((i) => i.reason)).not.toContain('loan_review');
    expect((await counts(sam)).reasons.loan_review).toBe(0);
    await ok(admin.agent.post(`/api/loans/${loan.id}/review`, { state: 'approved', reason: '' }));
    expect(await rowsOf(admin, a.id, '?reason=loan_review')).toEqual([]);
  });
});

describe('who sees what', () => {
  it("staff see their clients' items only, never an unassigned client's; admins see all or one staff member's", async () => {
    for (const who of [a, b, c])
      await ok(who.agent.post(`/api/clients/${who.id}/support/messages`, { body: 'Help please' }), 201);
    expect(await reasonsOf(sam, a.id)).toEqual(['chat_reply']);
    expect(await rowsOf(sam, b.id)).toEqual([]);
    expect(await rowsOf(sam, c.id)).toEqual([]);
    expect(await reasonsOf(kim, c.id)).toEqual(['chat_new']);
    expect(await rowsOf(kim, a.id)).toEqual([]);

    for (const who of [a, b, c]) expect((await rowsOf(admin, who.id)).length).toBeGreaterThan(0);
    const onlySam = await queue(admin, `?staffId=${sam.id}`);
    expect(new Set(onlySam.items.map((i) => i.clientId))).toEqual(new Set([a.id]));
    expect(onlySam.items.map((i) => i.reason)).toContain('chat_reply');

    // A staff member may name themselves, never another.
    expect((await queue(sam, `?staffId=${sam.id}`)).total).toBe((await queue(sam)).total);
    const refused = await sam.agent.get(`/api/attention?staffId=${kim.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: ONLY_ADMINS_FILTER_STAFF });
    expect((await kim.agent.get(`/api/attention/counts?staffId=${sam.id}`)).status).toBe(403);
    expect((await a.agent.get('/api/attention')).status).toBe(403);
  });

  it('counts per reason match the queue, for everyone and per staff member', async () => {
    for (const [who, q] of [
      [admin, ''],
      [admin, `?staffId=${kim.id}`],
      [sam, ''],
    ] as const) {
      const n = await counts(who, q);
      const all = await queue(who, q);
      expect(n.total).toBe(all.total);
      for (const [reason, count] of Object.entries(n.reasons)) {
        const sep = q ? '&' : '?';
        expect((await queue(who, `${q}${sep}reason=${reason}`)).total, reason).toBe(count);
      }
    }
  });

  it('pages longest waiting first, at most 100 a page', async () => {
    const all = await queue(admin, '?pageSize=100');
    const since = all.items.map((i) => i.since);
    expect([...since].sort()).toEqual(since);
    const first = await queue(admin, '?pageSize=1');
    const second = await queue(admin, '?pageSize=1&page=2');
    expect(first.items[0]).toEqual(all.items[0]);
    expect(second.items[0]).toEqual(all.items[1]);
    expect(first.total).toBe(all.total);
    const past = await queue(admin, '?pageSize=1&page=1000');
    expect(past).toMatchObject({ items: [], total: all.total });
    expect((await admin.agent.get('/api/attention?pageSize=101')).status).toBe(400);
    expect((await admin.agent.get('/api/attention?reason=nope')).status).toBe(400);
  });
});

describe('paging across reasons', () => {
  /** Every page of `size` in turn, joined: each page says the same total. */
  async function allPages(who: Person, query: string, size: number) {
    const first = await queue(who, `${query}${query ? '&' : '?'}pageSize=${size}`);
    const items = [...first.items];
    for (let page = 2; page <= Math.ceil(first.total / size); page++) {
      const next = await queue(who, `${query}${query ? '&' : '?'}pageSize=${size}&page=${page}`);
      expect(next.total).toBe(first.total);
      items.push(...next.items);
    }
    return { items, total: first.total };
  }

  it('pages in turn give the whole queue once, in order, whichever reason each row comes from', async () => {
    // Clients of Sam's and Kim's with no progress (the branch read by an index), some also with a
    // pending payment or a chat, two of them stopped at the same moment (the client id decides).
    const start = daysAgo(12);
    for (let i = 0; i < 8; i++) {
      const client = await make('client', `Paging Client ${i}`);
      await t.db
        .update(authUsers)
        .set({ assignedStaffId: i % 2 ? kim.id : sam.id })
        .where(eq(authUsers.id, client.id));
      const setupAt = i < 2 ? start : daysAgo(8 + i);
      await t.db
        .insert(users)
        .values({ id: client.id, setupAt })
        .onConflictDoUpdate({ target: users.id, set: { setupAt, lastProgressAt: null } });
      if (i % 3 === 0)
        await t.db.insert(payments).values({
          userId: client.id,
          description: 'Program',
          amount: '500',
          date: isoDay(new Date()),
          status: 'pending',
        });
      if (i % 4 === 1)
        await ok(client.agent.post(`/api/clients/${client.id}/support/messages`, { body: 'Any news?' }), 201);
    }
    const byWait = (x: AttentionItem, y: AttentionItem) =>
      x.since < y.since
        ? -1
        : x.since > y.since
          ? 1
          : x.clientId < y.clientId
            ? -1
            : x.clientId > y.clientId
              ? 1
              : x.reason < y.reason
                ? -1
                : 1;
    for (const [who, query] of [
      [admin, ''],
      [admin, `?staffId=${kim.id}`],
      [admin, '?reason=no_progress'],
      [sam, ''],
      [kim, '?reason=payment_pending'],
    ] as const) {
      const whole = await queue(who, `${query}${query ? '&' : '?'}pageSize=100`);
      expect(whole.items.length, query).toBe(whole.total);
      expect(new Set(whole.items.map((i) => i.reason)).size, query).toBeGreaterThan(query.includes('reason') ? 0 : 2);
      expect([...whole.items].sort(byWait), query).toEqual(whole.items);
      for (const size of [1, 3, 7])
        expect(await allPages(who, query, size), `${query} by ${size}`).toEqual({
          items: whole.items,
          total: whole.total,
        });
      // A page past the end still says the total.
      expect(await queue(who, `${query}${query ? '&' : '?'}pageSize=3&page=500`)).toMatchObject({
        items: [],
        total: whole.total,
      });
    }
    // A staff member's pages hold their own clients only, in every reason.
    const mine = (await allPages(sam, '', 2)).items;
    const [samsClients, kimsClients] = await Promise.all(
      [sam, kim].map(async (s) =>
        (await t.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.assignedStaffId, s.id))).map(
          (r) => r.id,
        ),
      ),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((i) => samsClients.includes(i.clientId))).toBe(true);
    const kims = (await allPages(admin, `?staffId=${kim.id}`, 4)).items;
    expect(kims.some((i) => i.reason === 'no_progress')).toBe(true);
    expect(kims.every((i) => kimsClients.includes(i.clientId))).toBe(true);
  });

  it('the team never appears in the queue, even with waiting things under their own ids', async () => {
    // A staff member set up 10 days ago with no progress, an admin's own pending payment.
    await t.db
      .insert(users)
      .values({ id: sam.id, setupAt: daysAgo(10) })
      .onConflictDoUpdate({ target: users.id, set: { setupAt: daysAgo(10), lastProgressAt: null } });
    await t.db
      .insert(payments)
      .values({ userId: admin.id, description: 'Own', amount: '1', date: isoDay(new Date()), status: 'pending' });
    const everyone = (await queue(admin, '?pageSize=100')).items.map((i) => i.clientId);
    expect(everyone).not.toContain(sam.id);
    expect(everyone).not.toContain(admin.id);
    const n = await counts(admin);
    expect(n.total).toBe((await queue(admin)).total);
  });
});
