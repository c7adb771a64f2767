import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountReceivables,
  authUsers,
  automations,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  purchaseOrders,
  revolvingCredits,
  storeCreditCards,
} from '../../db/schema';
import { sealValues } from '../../security/encrypted-column';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { insertTrainingVideo } from '../training/training-media';
import { SEARCH_PER_KIND, type SearchKind, type SearchResults } from '../../../shared/search';

let t: TestApp;
let cast: Awaited<ReturnType<TestApp['clientsAndAdmin']>>;
let taskId: number;
let documentId: string;

async function search(agent: TestAgent, path: string, q: string) {
  const res = await agent.get(`${path}?${new URLSearchParams({ q })}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as SearchResults;
}
const titles = (r: SearchResults, kind: SearchKind) =>
  r.groups.find((g) => g.kind === kind)?.hits.map((h) => h.title) ?? [];
const kinds = (r: SearchResults) => r.groups.map((g) => g.kind);

/** One of each kind for `userId`, named with `word` (the store card's sealed login names it too). */
async function seedOwnThings(userId: string, word: string) {
  const [task] = await t.db
    .insert(businessCompliance)
    .values({ userId, taskName: `${word} annual report`, taskPriority: 'High' })
    .returning();
  const docId = randomUUID();
  await t.db.insert(businessDocuments).values({
    id: docId,
    userId,
    documentName: `${word} articles.pdf`,
    documentType: 'Standard_Corporate',
    storageKey: `documents/${docId}.pdf`,
    contentType: 'application/pdf',
    size: 10,
  });
  const bankId = randomUUID();
  await t.db.insert(businessBankAccounts).values({
    id: bankId,
    userId,
    bankName: `${word} Bank`,
    accountOwner: `${word} Owner`,
    ...sealValues(t.keyring, businessBankAccounts, bankId, {
      accountNumber: `${word}-acct-4444`,
      routingNumber: '011000015',
    }),
  });
  await t.db
    .insert(businessAccounts)
    .values({ id: randomUUID(), userId, name: `${word} Google Business`, status: 'Active' });
  const cardId = randomUUID();
  await t.db.insert(storeCreditCards).values({
    id: cardId,
    userId,
    issuer: `${word} Store`,
    cardType: 'Store card',
    ...sealValues(t.keyring, storeCreditCards, cardId, { username: `${word}-login`, password: `${word}-password` }),
  });
  await t.db.insert(revolvingCredits).values({ id: randomUUID(), userId, issuer: `${word} Visa`, cardType: 'Visa' });
  await t.db.insert(accountReceivables).values({
    id: randomUUID(),
    userId,
    vendorName: `${word} Supplies`,
    amount: '1250.50',
    dueDate: '2026-12-01',
    status: 'overdue',
  });
  await t.db
    .insert(purchaseOrders)
    .values({ id: randomUUID(), userId, vendorName: `${word} Wholesale`, amount: '99.00', orderDate: '2026-11-01' });
  return { taskId: task.id, documentId: docId };
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await t.clientsAndAdmin();
  await t.db
    .update(authUsers)
    .set({ name: 'Quincy Quartz', phone: '(302) 555-0142' })
    .where(eq(authUsers.id, cast.a.id));
  await t.db.update(authUsers).set({ name: 'Bella Brook' }).where(eq(authUsers.id, cast.b.id));
  ({ taskId, documentId } = await seedOwnThings(cast.a.id, 'Alpha'));
  await seedOwnThings(cast.b.id, 'Bravo');
  // The catalogue everyone shares.
  await insertTrainingVideo(t, { title: 'Alpha credit basics' });
  await t.db
    .insert(automations)
    .values({ id: randomUUID(), name: 'Alpha invoice sync', type: 'Custom', displayOrder: 1 });
}, 60_000);
afterAll(() => t?.close());

describe('search in a client’s things', () => {
  it('finds every kind of the client’s own things and the catalogue, each with a link that opens it', async () => {
    const { a } = cast;
    const r = await search(a.agent, `/api/clients/${a.id}/search`, 'alpha');
    expect(kinds(r)).toEqual([
      'task',
      'document',
      'bank-account',
      'business-account',
      'store-card',
      'revolving-credit',
      'receivable',
      'purchase-order',
      'video',
      'automation',
    ]);
    const task = r.groups[0].hits[0];
    expect(task).toEqual({
      id: String(taskId),
      title: 'Alpha annual report',
      subtitle: 'Awaiting Completion · High priority',
      href: `/compliance?task=${taskId}`,
    });
    expect(r.groups[1].hits[0]).toMatchObject({
      id: documentId,
      title: 'Alpha articles.pdf',
      href: `/documents?highlight=${documentId}`,
    });
    expect(r.groups[1].hits[0].subtitle).not.toBe('Standard_Corporate');
    expect(r.groups.find((g) => g.kind === 'receivable')!.hits[0].subtitle).toBe('$1,250.50 · Overdue');
    expect(r.groups.find((g) => g.kind === 'video')!.hits[0].href).toMatch(/^\/training\?highlight=/);
    // A client's own links name no client.
    for (const g of r.groups) for (const h of g.hits) expect(h.href).not.toContain('client=');
  });

  it('never gives client A anything of client B’s, whatever A types or names', async () => {
    const { a, b } = cast;
    for (const q of ['bravo', 'b', 'store', 'a', '%', '_']) {
      const text = JSON.stringify(await search(a.agent, `/api/clients/${a.id}/search`, q));
      expect(text, q).not.toMatch(/bravo/i);
      expect(text).not.toContain(b.id);
    }
    expect((await search(a.agent, `/api/clients/${a.id}/search`, 'bravo')).groups).toEqual([]);
    // B's id in the path is refused as every other list of B's is.
    expect((await a.agent.get(`/api/clients/${b.id}/search?q=bravo`)).status).toBe(404);
    // And the admin search of clients is for admins only.
    expect((await a.agent.get('/api/clients/search?q=bella')).status).toBe(403);
    expect((await t.request('GET', `/api/clients/${a.id}/search?q=alpha`)).status).toBe(401);
  });

  it('searches only text stored in clear and answers no secret', async () => {
    const { a } = cast;
    // The store card's login and the bank account's number are sealed: neither is searched nor returned.
    expect((await search(a.agent, `/api/clients/${a.id}/search`, 'alpha-login')).groups).toEqual([]);
    expect((await search(a.agent, `/api/clients/${a.id}/search`, 'acct-4444')).groups).toEqual([]);
    const text = JSON.stringify(await search(a.agent, `/api/clients/${a.id}/search`, 'alpha'));
    for (const secret of ['alpha-login', 'alpha-password', 'acct-4444', '011000015', 'documents/'])
      expect(text).not.toContain(secret);
  });

  it('lets an admin search the client they act for, with links naming that client', async () => {
    const { admin, b } = cast;
    const r = await search(admin.agent, `/api/clients/${b.id}/search`, 'bravo');
    expect(kinds(r)).toContain('task');
    expect(titles(r, 'task')).toEqual(['Bravo annual report']);
    expect(JSON.stringify(r)).not.toMatch(/alpha/i);
    for (const g of r.groups)
      for (const h of g.hits)
        expect(h.href).toContain(g.kind === 'video' || g.kind === 'automation' ? '' : `client=${b.id}`);
    expect((await admin.agent.get('/api/clients/no-such-client/search?q=x')).status).toBe(404);
  });

  it('ranks the exact title first, then its start, a word’s start, anywhere; at most a few of each kind', async () => {
    const { a } = cast;
    const names = [
      'Renewal of the annual filing',
      'Annual filing',
      'Filing annual',
      'Xannual check',
      'Annual filing extra',
      'Biannual review',
      'annual filing',
    ];
    await t.db
      .insert(businessCompliance)
      .values(names.map((taskName) => ({ userId: a.id, taskName: `${taskName} zz` })));
    const r = await search(a.agent, `/api/clients/${a.id}/search`, 'annual filing zz');
    // The whole title first (either letter case), then the text at a word's start.
    expect(titles(r, 'task')).toEqual(['Annual filing zz', 'annual filing zz', 'Renewal of the annual filing zz']);
    const ranked = titles(await search(a.agent, `/api/clients/${a.id}/search`, 'annual'), 'task');
    expect(ranked).toHaveLength(SEARCH_PER_KIND);
    // Starts first (by name), then word starts, then inside a word.
    expect(ranked.slice(0, 3).map((n) => n.toLowerCase())).toEqual([
      'annual filing extra zz',
      'annual filing zz',
      'annual filing zz',
    ]);
    expect(ranked.slice(3)).toEqual(['Alpha annual report', 'Filing annual zz']);
    const inside = titles(await search(a.agent, `/api/clients/${a.id}/search`, 'nnual c'), 'task');
    expect(inside).toEqual(['Xannual check zz']);
    // Exact beats prefix: the one whose whole name is the text.
    await t.db.insert(businessCompliance).values({ userId: a.id, taskName: 'Annual' });
    expect(titles(await search(a.agent, `/api/clients/${a.id}/search`, 'ANNUAL'), 'task')[0]).toBe('Annual');
  });

  it('takes the text literally (LIKE and regular-expression characters included)', async () => {
    const { a } = cast;
    await t.db.insert(businessCompliance).values([
      { userId: a.id, taskName: '100% (a.b) [x] done' },
      { userId: a.id, taskName: '1000 a-b x done' },
    ]);
    expect(titles(await search(a.agent, `/api/clients/${a.id}/search`, '100%'), 'task')).toEqual([
      '100% (a.b) [x] done',
    ]);
    expect(titles(await search(a.agent, `/api/clients/${a.id}/search`, '(a.b) [x]'), 'task')).toEqual([
      '100% (a.b) [x] done',
    ]);
    expect(titles(await search(a.agent, `/api/clients/${a.id}/search`, 'a_b'), 'task')).toEqual([]);
    expect(titles(await search(a.agent, `/api/clients/${a.id}/search`, '\\'), 'task')).toEqual([]);
  });

  it('refuses empty, blank, too long or unexpected input with a clear 400', async () => {
    const { a } = cast;
    for (const path of [`/api/clients/${a.id}/search`, '/api/clients/search']) {
      const agent = path.endsWith('/clients/search') ? cast.admin.agent : a.agent;
      for (const qs of ['', '?q=', '?q=%20%20', `?q=${'x'.repeat(101)}`, '?q=a&other=1', '?q=a&q=b']) {
        const res = await agent.get(`${path}${qs}`);
        expect(res.status, `${path}${qs}`).toBe(400);
        expect((await res.json()).error, qs).toMatch(/search|field|expected/i);
      }
      expect((await agent.get(`${path}?q=${encodeURIComponent(` ${'x'.repeat(100)} `)}`)).status).toBe(200);
    }
  });
});

describe('admins find clients', () => {
  it('by name, e-mail or phone (as typed or its digits), never an admin', async () => {
    const { admin, a, b } = cast;
    const ids = async (q: string) =>
      (await search(admin.agent, '/api/clients/search', q)).groups.flatMap((g) => g.hits.map((h) => h.id));
    expect(await ids('quincy')).toEqual([a.id]);
    expect(await ids('bella brook')).toEqual([b.id]);
    expect(await ids(a.email.toUpperCase())).toEqual([a.id]);
    expect(await ids('(302) 555-0142')).toEqual([a.id]);
    expect(await ids('3025550142')).toEqual([a.id]);
    expect(await ids('555-0142')).toEqual([a.id]);
    expect(await ids(admin.email)).toEqual([]);
    const hit = (await search(admin.agent, '/api/clients/search', 'quincy')).groups[0];
    expect(hit).toEqual({
      kind: 'client',
      label: 'Clients',
      hits: [
        { id: a.id, title: 'Quincy Quartz', subtitle: `${a.email} · (302) 555-0142`, href: `/account?client=${a.id}` },
      ],
    });
  });

  it('ranks an exact name first, then a name’s start, a word’s start, anywhere', async () => {
    const { admin } = cast;
    const people = ['Mark Stone', 'Marko Polo', 'Ann Mark', 'Denmark Dane', 'Mark'];
    for (const name of people)
      await t.db.insert(authUsers).values({
        id: randomUUID(),
        email: `${name.replace(/\s/g, '.').toLowerCase()}-${randomUUID().slice(0, 6)}@example.test`,
        name,
      });
    const r = await search(admin.agent, '/api/clients/search', 'mark');
    expect(titles(r, 'client')).toEqual(['Mark', 'Mark Stone', 'Marko Polo', 'Ann Mark', 'Denmark Dane']);
  });

  it('answers quickly among 10,000 clients', async () => {
    const { admin } = cast;
    await t.db.execute(sql`
      insert into auth_users (id, email, name, phone)
      select 'bulk-' || g, 'bulk-' || lpad(g::text, 5, '0') || '@example.test', 'Bulk ' || g, '(212) 555-' || lpad((g % 10000)::text, 4, '0')
      from generate_series(1, 10000) g`);
    for (const [q, first] of [
      ['bulk 4321', 'Bulk 4321'],
      ['bulk-07777@', 'Bulk 7777'],
      ['(212) 555-1234', 'Bulk 1234'],
      ['bulk', 'Bulk 1'],
    ] as const) {
      const started = performance.now();
      const r = await search(admin.agent, '/api/clients/search', q);
      const ms = performance.now() - started;
      expect(titles(r, 'client')[0], q).toBe(first);
      expect(titles(r, 'client').length).toBeLessThanOrEqual(SEARCH_PER_KIND);
      expect(ms, `'${q}' took ${ms} ms`).toBeLessThan(500);
    }
  });
});
