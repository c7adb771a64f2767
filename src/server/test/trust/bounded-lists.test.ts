import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authUsers,
  clientNotes,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  capitalScores,
  creditLoans,
  notifications,
  paydexScores,
  payments,
  recentActivities,
} from '../../db/schema';
import { SCORE_HISTORY_LIMIT } from '../../../shared/scores';
import { firstStepAccounts, firstStepOpenings, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../test-app';
import * as creditTables from '../../db/schema/credit';
import { insertRecordDocument } from '../../features/records/record-fixtures';
import { accountReceivables, purchaseOrders } from '../../db/schema';
import { socialMediaAccounts } from '../../db/schema';
import { automationRequests, automations } from '../../db/schema';
import { AUTOMATION_HTML_MAX, MAX_AUTOMATIONS } from '../../../shared/automations';
import { supportAttachments, supportConversations, supportMessages } from '../../db/schema';
import { SUPPORT_MESSAGE_MAX } from '../../../shared/support';
import { SEARCH_PER_KIND, type SearchResults } from '../../../shared/search';
import { fundabilityScores } from '../../db/schema';
import { recomputeFundability } from '../../features/fundability/fundability.service';

// One client with every field at its maximum length and 1,000 records of every kind: no list
// response may grow past a page (100 items) or 1 MB, whoever asks.
const RECORDS = 1_000;
const MB = 1024 * 1024;
const x = (n: number) => 'x'.repeat(n);
const url = (n: number) => `https://example.test/${x(n - 'https://example.test/'.length)}`;

let t: TestApp;
let cast: Awaited<ReturnType<TestApp['clientsAndAdmin']>>;

/** Copies the client's one row of `table` until there are RECORDS (new ids; serial ids left to the database). */
async function fill(table: PgTable, userColumn: 'userId' | 'clientId', textId: boolean) {
  const rows = (await t.db.select().from(table)) as Record<string, unknown>[];
  const mine = rows.filter((r) => r[userColumn] === cast.a.id);
  expect(mine.length).toBeGreaterThan(0);
  const { id: _id, ...template } = mine[0];
  const copies = Array.from({ length: RECORDS - mine.length }, () =>
    textId ? { ...template, id: randomUUID() } : { ...template },
  );
  for (let i = 0; i < copies.length; i += 200) await t.db.insert(table).values(copies.slice(i, i + 200));
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await t.clientsAndAdmin();
  const { a, admin } = cast;
  await t.db
    .update(authUsers)
    .set({ name: x(120) })
    .where(eq(authUsers.id, a.id));
  const post = async (path: string, json: unknown, agent = a.agent) => {
    const res = await agent.post(`/api/clients/${a.id}/${path}`, json);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  };
  await post('bank-accounts', {
    bankName: x(100),
    accountOwner: x(200),
    notes: x(2000),
    businessAccountUrl: url(2048),
    monthlyFees: 999999,
    dateOpened: '2024-01-01',
  });
  await post('business-accounts', {
    name: x(200),
    description: x(2000),
    notes: x(2000),
    businessAccountUrl: url(2048),
    details: Array.from({ length: 50 }, () => ({ label: x(100), value: x(1000) })),
  });
  await post('activities', { title: x(200), notes: x(4000), status: 'Completed' });
  await post(
    'payments',
    { description: x(200), amount: 999999, date: '2024-01-01', status: 'completed', included: false },
    admin.agent,
  );
  await post(
    'compliance-tasks',
    { name: x(200), description: x(4000), priority: 'High', status: 'Awaiting Completion' },
    admin.agent,
  );
  // A document row (its file is not needed to list it) with the longest name uploads allow.
  await t.db.insert(businessDocuments).values({
    id: randomUUID(),
    userId: a.id,
    documentName: `${x(251)}.pdf`,
    documentType: 'Standard_Corporate',
    storageKey: 'documents/none.pdf',
    contentType: 'application/pdf',
    size: 1,
  });
  await t.db.insert(notifications).values({
    userId: a.id,
    clientId: a.id,
    kind: 'task_assigned',
    title: `New task: ${x(200)}`,
    body: x(300),
    link: '/compliance',
  });
  await t.db.insert(auditLog).values({
    actorId: admin.id,
    clientId: a.id,
    action: 'reveal',
    entityType: 'bank_account',
    entityId: randomUUID(),
    field: 'account_number',
  });
  const loanRes = await a.agent.post('/api/loans', {
    title: x(200),
    aprRange: x(100),
    loanAmount: x(100),
    termLength: x(100),
    applyUrl: url(2048),
  });
  expect(loanRes.status, await loanRes.clone().text()).toBe(201);
  // Cards with every field at its longest (a store card's secrets are bound to its row: copies carry none).
  const card = {
    issuer: x(200),
    cardType: x(100),
    creditLimit: 100_000_000,
    apr: x(100),
    benefits: x(2000),
    requirements: x(2000),
    applicationUrl: url(2048),
  };
  await post('store-cards', card);
  await post('revolving-credits', { ...card, rewards: x(2000), annualFee: 1_000_000 });
  // A receivable and a purchase order with the longest vendor name, one carrying 20 documents with the longest names.
  await post('receivables', { vendorName: x(200), amount: 99999999.99, dueDate: '2024-01-01', status: 'overdue' });
  await post('purchase-orders', {
    vendorName: x(200),
    amount: 99999999.99,
    orderDate: '2024-01-01',
    status: 'rejected',
  });
  for (const [kind, table] of [
    ['receivables', accountReceivables],
    ['purchase-orders', purchaseOrders],
  ] as const) {
    const [rec] = await t.db.select({ id: table.id }).from(table).where(eq(table.userId, a.id));
    for (let i = 0; i < 20; i++) await insertRecordDocument(t, kind, a.id, rec.id, `${x(196)}.docx`);
  }

  // A social media account with every field at its longest (copies share its sealed password, which lists never open).
  await post('social-accounts', {
    platform: x(100),
    username: x(200),
    password: x(200),
    profileUrl: url(2048),
    notes: x(2000),
  });
  await fill(businessBankAccounts, 'userId', true);
  await fill(businessAccounts, 'userId', true);
  await fill(recentActivities, 'userId', false);
  await fill(payments, 'userId', false);
  await fill(businessCompliance, 'userId', false);
  await fill(businessDocuments, 'userId', true);
  await fill(notifications, 'userId', false);
  await fill(auditLog, 'clientId', false);
  // Inserted, not posted: the post's audit row would be one the client's activity does not show.
  await t.db.insert(clientNotes).values({ id: randomUUID(), clientId: a.id, authorId: admin.id, body: x(5000) });
  await fill(clientNotes, 'clientId', true);
  await fill(creditLoans, 'userId', true);
  await fill(creditTables.storeCreditCards, 'userId', true);
  await fill(socialMediaAccounts, 'userId', true);
  await fill(creditTables.revolvingCredits, 'userId', true);
  await fill(accountReceivables, 'userId', true);
  await fill(purchaseOrders, 'userId', true);
  // One history row with the fundability of all the records above (as a write to them keeps it), copied.
  await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, a.id));
  await recomputeFundability(t.db, a.id);
  await fill(fundabilityScores, 'userId', false);
}, 120_000);
afterAll(() => t?.close());

describe('every list is bounded', () => {
  it('answers at most a page of at most 100 items and under 1 MB, for the client and for an admin', async () => {
    const { a, admin } = cast;
    const lists = [
      `/api/clients/${a.id}/store-cards`,
      `/api/clients/${a.id}/social-accounts`,
      `/api/clients/${a.id}/revolving-credits`,
      `/api/clients/${a.id}/bank-accounts`,
      `/api/clients/${a.id}/business-accounts?pageSize=12`,
      `/api/clients/${a.id}/activities`,
      `/api/clients/${a.id}/payments`,
      `/api/clients/${a.id}/documents`,
      `/api/clients/${a.id}/compliance-tasks?pageSize=100`,
      `/api/clients/${a.id}/build-out`,
      `/api/clients/${a.id}/audit?pageSize=100`,
      `/api/clients/${a.id}/receivables`,
      `/api/clients/${a.id}/purchase-orders`,
      `/api/clients/${a.id}/fundability/history`,
      // The checks over every record above (each list read up to its record limit).
      `/api/clients/${a.id}/fundability`,
      // The shared loans directory: every signed-in user reads all of it, a page at a time.
      '/api/loans',
    ];
    const adminLists = [
      '/api/store-cards',
      '/api/revolving-credits',
      '/api/bank-accounts',
      '/api/documents',
      '/api/clients?pageSize=100',
      '/api/receivables',
      '/api/purchase-orders',
      // Staff's notes on the client: staff only, so not in the client's own lists above.
      `/api/clients/${a.id}/notes`,
    ];
    const sizes: string[] = [];
    const check = async (agent: typeof a.agent, path: string) => {
      const sep = path.includes('?') ? '&' : '?';
      const res = await agent.get(
        path.includes('pageSize') || path.includes('limit') || path.includes('build-out')
          ? path
          : `${path}${sep}pageSize=100`,
      );
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      const body = JSON.parse(text) as Record<string, unknown>;
      const items = (body.items ?? body.rows ?? body.tasks ?? body.notifications) as unknown[] | undefined;
      if (items) expect(items.length, path).toBeLessThanOrEqual(100);
      if (body.total !== undefined && !path.startsWith('/api/clients?')) expect(body.total, path).toBe(RECORDS);
      expect(text.length, path).toBeLessThan(MB);
      sizes.push(`${path.replace(a.id, ':id')} ${Math.round(text.length / 1024)} kB`);
    };
    for (const path of lists) await check(a.agent, path);
    for (const path of [...lists, ...adminLists]) await check(admin.agent, path);
    await check(a.agent, '/api/me/notifications?pageSize=100');
    console.log(`bounded lists: ${sizes.join(', ')}`);
  }, 60_000);

  it(`answers at most ${SCORE_HISTORY_LIMIT} rows of each score's history, however many are stored`, async () => {
    const { a, admin } = cast;
    for (const table of [capitalScores, paydexScores]) {
      const rows = Array.from({ length: RECORDS }, (_, i) => ({
        userId: a.id,
        score: 500 + (i % 100),
        lastUpdatedAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
      }));
      for (let i = 0; i < rows.length; i += 200) await t.db.insert(table).values(rows.slice(i, i + 200));
    }
    for (const agent of [a.agent, admin.agent]) {
      const res = await agent.get(`/api/clients/${a.id}/scores`);
      const text = await res.text();
      expect(res.status).toBe(200);
      const body = JSON.parse(text) as { capital: { history: unknown[] }; paydex: { history: unknown[] } };
      expect(body.capital.history).toHaveLength(SCORE_HISTORY_LIMIT);
      expect(body.paydex.history).toHaveLength(SCORE_HISTORY_LIMIT);
      expect(text.length).toBeLessThan(MB);
    }
  });

  it('answers at most a page of automations (the whole catalogue at its longest) and of automation requests', async () => {
    const { a, admin } = cast;
    // The catalogue's limit, each with the longest name and type, and description and notes at their
    // longest once cleaned (links with the attributes the sanitiser adds, quotes JSON escapes).
    const link = '<a href="https://example.test/x">x</a>';
    const stored = '<a href="https://example.test/x" target="_blank" rel="noopener noreferrer">x</a>';
    const html = link.repeat(Math.floor(AUTOMATION_HTML_MAX / stored.length));
    const res = await admin.agent.post('/api/automations', {
      name: x(200),
      type: x(100),
      description: html,
      notes: html,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [one] = await t.db.select().from(automations);
    const copies = Array.from({ length: MAX_AUTOMATIONS - 1 }, (_, i) => ({
      ...one,
      id: randomUUID(),
      displayOrder: i + 2,
    }));
    for (let i = 0; i < copies.length; i += 100) await t.db.insert(automations).values(copies.slice(i, i + 100));
    const req = await a.agent.post(`/api/clients/${a.id}/automation-requests`, {
      type: x(100),
      description: x(5000),
      priority: 'High',
    });
    expect(req.status, await req.clone().text()).toBe(201);
    const [r] = await t.db.select().from(automationRequests);
    const reqs = Array.from({ length: RECORDS - 1 }, () => ({ ...r, id: randomUUID() }));
    for (let i = 0; i < reqs.length; i += 200) await t.db.insert(automationRequests).values(reqs.slice(i, i + 200));
    const pages: [typeof a.agent, string, number][] = [
      [a.agent, '/api/automations?pageSize=50', MAX_AUTOMATIONS],
      [admin.agent, '/api/automations?pageSize=50', MAX_AUTOMATIONS],
      [a.agent, `/api/clients/${a.id}/automation-requests?pageSize=100`, RECORDS],
      [admin.agent, `/api/clients/${a.id}/automation-requests?pageSize=100`, RECORDS],
      [admin.agent, '/api/automation-requests?pageSize=100', RECORDS],
    ];
    for (const [agent, path, total] of pages) {
      const res = await agent.get(path);
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      const body = JSON.parse(text) as { items: unknown[]; total: number };
      expect(body.items.length, path).toBeLessThanOrEqual(100);
      expect(body.total, path).toBe(total);
      expect(text.length, path).toBeLessThan(MB);
    }
    expect((await a.agent.get('/api/automations?pageSize=51')).status).toBe(400);
    expect((await admin.agent.get('/api/automation-requests?pageSize=101')).status).toBe(400);
  }, 60_000);

  it(`answers at most ${SEARCH_PER_KIND} search hits of each kind, whatever matches (1,000 records of every kind)`, async () => {
    const { a, admin } = cast;
    for (const [agent, path] of [
      [a.agent, `/api/clients/${a.id}/search`],
      [admin.agent, `/api/clients/${a.id}/search`],
      [admin.agent, '/api/clients/search'],
    ] as const) {
      const res = await agent.get(`${path}?q=${path.endsWith('/clients/search') ? 'example' : 'x'}`);
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      const body = JSON.parse(text) as SearchResults;
      expect(body.groups.length, path).toBeGreaterThan(0);
      for (const g of body.groups) expect(g.hits.length, `${path} ${g.kind}`).toBeLessThanOrEqual(SEARCH_PER_KIND);
      expect(text.length, path).toBeLessThan(MB);
    }
  });

  it('answers at most a page of Support Chat messages (each at its longest, with a file) and of inbox conversations', async () => {
    const { a, admin } = cast;
    await t.db.insert(supportConversations).values({ clientId: a.id }).onConflictDoNothing();
    for (let i = 0; i < RECORDS; i += 200) {
      const rows = await t.db
        .insert(supportMessages)
        .values(
          Array.from({ length: 200 }, () => ({
            clientId: a.id,
            fromStaff: false,
            authorId: a.id,
            body: x(SUPPORT_MESSAGE_MAX),
          })),
        )
        .returning({ id: supportMessages.id });
      await t.db.insert(supportAttachments).values(
        rows.map((r) => ({
          id: randomUUID(),
          messageId: r.id,
          clientId: a.id,
          fileName: `${x(196)}.pdf`,
          storageKey: 'support/none.pdf',
          contentType: 'application/pdf',
          size: 1,
        })),
      );
    }
    const [last] = await t.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(eq(supportMessages.clientId, a.id))
      .orderBy(desc(supportMessages.id))
      .limit(1);
    await t.db
      .update(supportConversations)
      .set({ lastMessageId: last.id, lastClientMessageId: last.id })
      .where(eq(supportConversations.clientId, a.id));
    // More conversations than a page: 150 other clients, each with a message at its longest.
    const [me] = await t.db.select().from(authUsers).where(eq(authUsers.id, a.id));
    const people = Array.from({ length: 150 }, (_, i) => ({
      ...me,
      id: randomUUID(),
      email: `bounded-support-${i}@example.test`,
    }));
    await t.db.insert(authUsers).values(people);
    await t.db.insert(supportConversations).values(people.map((p) => ({ clientId: p.id })));
    const msgs = await t.db
      .insert(supportMessages)
      .values(people.map((p) => ({ clientId: p.id, fromStaff: false, body: x(SUPPORT_MESSAGE_MAX) })))
      .returning({ id: supportMessages.id, clientId: supportMessages.clientId });
    for (const m of msgs)
      await t.db
        .update(supportConversations)
        .set({ lastMessageId: m.id, lastClientMessageId: m.id })
        .where(eq(supportConversations.clientId, m.clientId));
    const pages: [typeof a.agent, string][] = [
      [a.agent, `/api/clients/${a.id}/support/messages?limit=100`],
      [admin.agent, `/api/clients/${a.id}/support/messages?limit=100`],
      [admin.agent, '/api/support/conversations?pageSize=100'],
    ];
    for (const [agent, path] of pages) {
      const res = await agent.get(path);
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
      const body = JSON.parse(text) as { items: unknown[] };
      expect(body.items.length, path).toBe(100);
      expect(text.length, path).toBeLessThan(MB);
    }
    expect((await a.agent.get(`/api/clients/${a.id}/support/messages?limit=101`)).status).toBe(400);
    expect((await admin.agent.get('/api/support/conversations?pageSize=101')).status).toBe(400);
  }, 60_000);

  it('a page of 100 document requests, each with many uploads of the longest names, stays under 1 MB', async () => {
    const { b, admin } = cast;
    const rows = await t.db
      .insert(businessCompliance)
      .values(
        Array.from({ length: 100 }, () => ({
          userId: b.id,
          taskName: x(200),
          taskDescription: x(4000),
          kind: 'document_request' as const,
          requestedDocument: x(200),
          requestedDocumentType: 'Secret to Wealth Documents',
          rejectReason: x(1000),
          taskStatus: 'Submitted' as const,
        })),
      )
      .returning({ id: businessCompliance.id });
    const docs = rows.flatMap((r) =>
      Array.from({ length: 8 }, () => ({
        id: randomUUID(),
        userId: b.id,
        documentName: `${x(251)}.docx`,
        documentType: 'Secret to Wealth Documents',
        storageKey: 'documents/none.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: 1,
        requestTaskId: r.id,
      })),
    );
    for (let i = 0; i < docs.length; i += 200) await t.db.insert(businessDocuments).values(docs.slice(i, i + 200));
    for (const [agent, path] of [
      [b.agent, `/api/clients/${b.id}/compliance-tasks?pageSize=100`],
      [admin.agent, '/api/document-requests?pageSize=100'],
    ] as const) {
      const res = await agent.get(path);
      const text = await res.text();
      expect(res.status, path).toBe(200);
      const body = JSON.parse(text) as { items: { uploads?: unknown[]; uploadCount?: number }[] };
      expect(body.items.length, path).toBe(100);
      expect(text.length, path).toBeLessThan(MB);
      if (body.items[0].uploads)
        expect(body.items.every((i) => i.uploads!.length === 5 && i.uploadCount === 8)).toBe(true);
    }
    const one = (await (await b.agent.get(`/api/clients/${b.id}/compliance-tasks/${rows[0].id}`)).json()) as {
      task: { uploads: unknown[] };
    };
    expect(one.task.uploads).toHaveLength(8);
  }, 60_000);

  it('refuses a page size over the maximum with a 400 that says the limit', async () => {
    const { a, admin } = cast;
    for (const path of [
      `/api/clients/${a.id}/bank-accounts`,
      `/api/clients/${a.id}/activities`,
      `/api/clients/${a.id}/payments`,
      `/api/clients/${a.id}/documents`,
      `/api/clients/${a.id}/compliance-tasks`,
      '/api/bank-accounts',
      '/api/documents',
      '/api/loans',
    ]) {
      const res = await admin.agent.get(`${path}?pageSize=101`);
      expect(res.status, path).toBe(400);
      expect((await res.json()).error).toMatch(/between 1 and 100/);
    }
    const res = await a.agent.get(`/api/clients/${a.id}/business-accounts?pageSize=13`);
    expect(res.status).toBe(400);
  });

  it('answers at most a page of First Step Accounts and of tradelines (a member with 1,000 cards of each kind and 1,000 openings)', async () => {
    const { a, admin } = cast;
    await t.db
      .insert(users)
      .values({ id: a.id, isPaid: true })
      .onConflictDoUpdate({ target: users.id, set: { isPaid: true } });
    const accounts = Array.from({ length: RECORDS }, () => ({
      id: randomUUID(),
      vendor: x(200),
      sells: x(1000),
      requirements: x(2000),
      bureaus: ['dnb', 'experian', 'equifax'],
      applicationUrl: url(2048),
    }));
    for (let i = 0; i < RECORDS; i += 200) {
      await t.db.insert(firstStepAccounts).values(accounts.slice(i, i + 200));
      await t.db.insert(firstStepOpenings).values(
        accounts.slice(i, i + 200).map((f) => ({
          id: randomUUID(),
          userId: a.id,
          firstStepAccountId: f.id,
          bureaus: f.bureaus,
          dateOpened: '2024-01-01',
        })),
      );
    }
    for (const agent of [a.agent, admin.agent]) {
      for (const path of [
        '/api/first-step-accounts?pageSize=100',
        `/api/clients/${a.id}/first-step-accounts?pageSize=100`,
        `/api/clients/${a.id}/tradelines?pageSize=100`,
      ]) {
        const res = await agent.get(path);
        const text = await res.text();
        expect(res.status, `${path}: ${text.slice(0, 200)}`).toBe(200);
        expect(text.length, path).toBeLessThan(MB);
        const body = JSON.parse(text) as {
          items?: unknown[];
          total?: number;
          tradelines?: { items: unknown[]; total: number };
          summary?: { stale: unknown[]; staleCount: number };
        };
        const page = body.tradelines ?? body;
        expect(page.items?.length, path).toBe(100);
        if (body.summary) {
          expect(body.summary.stale.length).toBeLessThanOrEqual(100);
          expect(body.summary.staleCount).toBeGreaterThan(100);
          expect(page.total).toBeGreaterThanOrEqual(RECORDS);
        } else expect(page.total).toBe(RECORDS);
      }
      const res = await agent.get(`/api/clients/${a.id}/tradelines?pageSize=101`);
      expect(res.status).toBe(400);
    }
  }, 60_000);

  it('pages through every record exactly once', async () => {
    const { a } = cast;
    const seen = new Set<string>();
    for (let page = 1; page <= 10; page++) {
      const body = (await (
        await a.agent.get(`/api/clients/${a.id}/bank-accounts?page=${page}&pageSize=100`)
      ).json()) as { items: { id: string }[]; total: number };
      body.items.forEach((i) => seen.add(i.id));
    }
    expect(seen.size).toBe(RECORDS);
  });
});
