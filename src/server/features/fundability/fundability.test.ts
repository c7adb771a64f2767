import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessAccountDetails, businessAccounts, fundabilityScores, storeCreditCards } from '../../db/schema';
import type { CheckId, FundabilityAnswer, FundabilityPoint } from '../../../shared/fundability';
import { LIMITS } from '../../../shared/limits';
import type { Page } from '../../../shared/paging';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { recomputeFundability } from './fundability.service';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

const profile = {
  businessName: 'Alpha Ventures LLC',
  businessWebsite: 'https://alphaventures.example',
  businessAddress: '100 Main Street, Suite 4, Springfield, IL 62701',
  businessPhone: '(217) 555-0100',
  forwardPhone: '(217) 555-0199',
  businessEmail: 'owner@alphaventures.example',
  agreement: 'I AGREE',
};

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

const url = (clientId: string, rest = '') => `/api/clients/${clientId}/fundability${rest}`;

async function fundability(agent: TestAgent, clientId: string) {
  const res = await agent.get(url(clientId));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FundabilityAnswer;
}
const check = (f: FundabilityAnswer, id: CheckId) => f.checks.find((c) => c.id === id)!;
const historyRows = (clientId: string) =>
  t.db.select().from(fundabilityScores).where(eq(fundabilityScores.userId, clientId));

async function send(agent: TestAgent, method: string, path: string, json: unknown, status: number) {
  const res = await agent.request(method, path, { json });
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
}

describe('fundability', () => {
  it('answers every check with a state, reason and weight, a score out of 100 and at most three things to fix', async () => {
    const f = await fundability(a.agent, a.id);
    expect(f.checks.map((c) => c.id)).toContain('address-consistent');
    expect(f.checks.reduce((n, c) => n + c.weight, 0)).toBe(100);
    expect(f.score).toBe(f.checks.filter((c) => c.state === 'passed').reduce((n, c) => n + c.weight, 0));
    expect(f.topFixes.length).toBeLessThanOrEqual(3);
    expect(f.topFixes.every((c) => c.state !== 'passed')).toBe(true);
    expect(Date.parse(f.computedAt)).not.toBeNaN();
    // A read keeps nothing: the history is kept by the writes.
    expect(await historyRows(a.id)).toHaveLength(0);
  });

  it('follows the records: a bank account with another address fails the check, fixing it passes and raises the score, a history row per change', async () => {
    await send(a.agent, 'PUT', `/api/clients/${a.id}/profile`, profile, 200);
    const before = await fundability(a.agent, a.id);
    expect(check(before, 'address-consistent').state).toBe('unknown');
    const rowsBefore = (await historyRows(a.id)).length;

    const { account } = await send(
      a.agent,
      'POST',
      `/api/clients/${a.id}/bank-accounts`,
      {
        bankName: 'First Federal',
        accountNumber: '000123456789',
        accountOwner: 'Alpha Ventures LLC',
        address: '9 Elm Road, Springfield, IL 62702',
        phone: '217-555-0100',
        monthlyFees: 0,
      },
      201,
    );
    // Recomputed by the write itself: the row is there before anyone reads the page.
    expect(await historyRows(a.id)).toHaveLength(rowsBefore + 1);
    const failing = await fundability(a.agent, a.id);
    const address = check(failing, 'address-consistent');
    expect(address.state).toBe('failed');
    expect(address.reason).toContain('9 Elm Road');
    expect(address.fix?.href).toBe('/bank');
    expect(failing.topFixes.map((c) => c.id)).toContain('address-consistent');

    // 'Street'/'St', 'Suite'/'Ste', case and punctuation do not count as differences.
    await send(
      a.agent,
      'PATCH',
      `/api/clients/${a.id}/bank-accounts/${account.id}`,
      {
        bankName: 'First Federal',
        accountOwner: 'ALPHA VENTURES, L.L.C.',
        address: '100 main st ste 4 springfield il 62701',
        phone: '217-555-0100',
        monthlyFees: 0,
      },
      200,
    );
    const fixed = await fundability(a.agent, a.id);
    expect(check(fixed, 'address-consistent').state).toBe('passed');
    expect(fixed.score).toBeGreaterThan(failing.score);
    expect(await historyRows(a.id)).toHaveLength(rowsBefore + 2);

    // Nothing changed: reading again, or a write that changes nothing the checks read, adds no row.
    await fundability(a.agent, a.id);
    await fundability(admin.agent, a.id);
    await send(
      a.agent,
      'POST',
      `/api/clients/${a.id}/activities`,
      { title: 'Called the bank', status: 'Completed' },
      201,
    );
    expect(await historyRows(a.id)).toHaveLength(rowsBefore + 2);

    const res = await a.agent.get(url(a.id, '/history?pageSize=2'));
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page<FundabilityPoint>;
    expect(page.total).toBe(rowsBefore + 2);
    // Newest first.
    expect(page.items.map((p) => p.score)).toEqual([fixed.score, failing.score]);
  });

  it('recomputes after writes to tasks, tradelines, scores and business accounts; a failed write or a reveal changes nothing', async () => {
    const latest = async () =>
      (await a.agent.get(url(a.id, '/history?pageSize=1')).then((r) => r.json() as Promise<Page<FundabilityPoint>>))
        .total;
    const rows = await latest();

    // An overdue task an admin adds: the tasks check fails.
    const task = await send(
      admin.agent,
      'POST',
      `/api/clients/${a.id}/compliance-tasks`,
      { name: 'File annual report', dueDate: '2020-01-01', priority: 'High', status: 'Awaiting Completion' },
      201,
    );
    expect(await latest()).toBe(rows + 1);
    expect(check(await fundability(a.agent, a.id), 'tasks-on-time').state).toBe('failed');
    const taskId = (task as { task: { id: number } }).task.id;
    await send(admin.agent, 'PATCH', `/api/clients/${a.id}/compliance-tasks/${taskId}`, { status: 'Completed' }, 200);
    expect(await latest()).toBe(rows + 2);
    expect(check(await fundability(a.agent, a.id), 'tasks-on-time').state).toBe('passed');

    // A CapitalScore set by an admin.
    await send(admin.agent, 'PUT', `/api/clients/${a.id}/scores/capital`, { score: 820 }, 200);
    expect(check(await fundability(a.agent, a.id), 'capital-score-tier').state).toBe('passed');
    const rowsBefore = await latest();

    // Tradelines: none recorded is 'not yet possible'; three reporting to D&B pass.
    expect(check(await fundability(a.agent, a.id), 'dnb-tradelines').state).toBe('unknown');
    for (const issuer of ['Store One', 'Store Two', 'Store Three'])
      await send(a.agent, 'POST', `/api/clients/${a.id}/store-cards`, { issuer }, 201);
    const cards = await t.db
      .select({ id: storeCreditCards.id })
      .from(storeCreditCards)
      .where(eq(storeCreditCards.userId, a.id));
    for (const card of cards)
      await send(
        a.agent,
        'PUT',
        `/api/clients/${a.id}/tradelines/store/${card.id}`,
        { bureaus: ['dnb'], dateOpened: '2024-01-02' },
        200,
      );
    expect(check(await fundability(a.agent, a.id), 'dnb-tradelines').state).toBe('passed');
    expect(await latest()).toBeGreaterThan(rowsBefore);

    // A refused write (bad input) and a reveal do not recompute (with no history, any recompute would add a row).
    const [bank] = (await (await a.agent.get(`/api/clients/${a.id}/bank-accounts`)).json()).items as { id: string }[];
    await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, a.id));
    const revealed = await a.agent.post(`/api/clients/${a.id}/bank-accounts/${bank.id}/reveal/account-number`);
    expect(revealed.status, await revealed.clone().text()).toBe(200);
    await send(a.agent, 'POST', `/api/clients/${a.id}/bank-accounts`, { bankName: '', monthlyFees: 'lots' }, 400);
    expect(await historyRows(a.id)).toHaveLength(0);

    // A business presence account's address detail is compared too.
    await send(
      a.agent,
      'POST',
      `/api/clients/${a.id}/business-accounts`,
      {
        name: 'Google Business Profile',
        details: [{ label: 'Business Address', value: '1 Other Way, Chicago, IL 60601' }],
      },
      201,
    );
    expect(await historyRows(a.id)).toHaveLength(1);
    const presence = check(await fundability(a.agent, a.id), 'address-consistent');
    expect(presence.state).toBe('failed');
    expect(presence.fix?.href).toBe('/business-presence');
    await t.db.delete(businessAccountDetails).where(eq(businessAccountDetails.userId, a.id));
    await t.db.delete(businessAccounts).where(eq(businessAccounts.userId, a.id));
  });

  it('counts only what the EIN says (on file or not), never its value', async () => {
    const f = await fundability(a.agent, a.id);
    expect(check(f, 'ein').state).toBe('failed');
    expect(JSON.stringify(f)).not.toMatch(/\d{2}-\d{7}/);
  });

  it('keeps one row per change when two recomputes run at once, and at most LIMITS.fundabilityHistory rows', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    await Promise.all([
      recomputeFundability(t.db, c.user.id),
      recomputeFundability(t.db, c.user.id),
      recomputeFundability(t.db, c.user.id),
    ]);
    expect(await historyRows(c.user.id)).toHaveLength(1);

    // A full history of older states: the next change drops the oldest row.
    await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, c.user.id));
    const old = Array.from({ length: LIMITS.fundabilityHistory }, (_, i) => ({
      userId: c.user.id,
      score: i % 100,
      checks: [],
      computedAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
    }));
    for (let i = 0; i < old.length; i += 200) await t.db.insert(fundabilityScores).values(old.slice(i, i + 200));
    await recomputeFundability(t.db, c.user.id);
    const rows = await historyRows(c.user.id);
    expect(rows).toHaveLength(LIMITS.fundabilityHistory);
    expect(rows.some((r) => r.computedAt.getTime() === Date.UTC(2024, 0, 1, 0, 0))).toBe(false);
  });

  it("keeps clients apart: another client's fundability and history are not found; an admin reads any client's", async () => {
    for (const path of [url(a.id), url(a.id, '/history')]) {
      expect((await b.agent.get(path)).status).toBe(404);
      expect((await t.request('GET', path)).status).toBe(401);
      expect((await admin.agent.get(path)).status).toBe(200);
    }
    expect((await admin.agent.get(url('no-such-client'))).status).toBe(404);
  });

  it('refuses a bad page with a sentence', async () => {
    const res = await a.agent.get(url(a.id, '/history?pageSize=101'));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Page size must be between 1 and 100');
  });
});

describe('fundability history: kept by the writes to what the checks read, never by a read', () => {
  it('records a point after a write through each service the checks read, whatever route calls it', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const id = c.user.id;
    const base = `/api/clients/${id}`;
    const { account: vendor } = await send(
      admin.agent,
      'POST',
      '/api/first-step-accounts',
      { vendor: 'Uline', bureaus: ['dnb'] },
      201,
    );
    let cardId = '';
    const writes: [string, () => Promise<unknown>][] = [
      ['profile', () => send(c.agent, 'PUT', `${base}/profile`, profile, 200)],
      ['business accounts', () => send(c.agent, 'POST', `${base}/business-accounts`, { name: 'Yelp' }, 201)],
      [
        'bank accounts',
        () => send(c.agent, 'POST', `${base}/bank-accounts`, { bankName: 'First Federal', monthlyFees: 0 }, 201),
      ],
      [
        'tasks',
        () =>
          send(
            admin.agent,
            'POST',
            `${base}/compliance-tasks`,
            { name: 'File annual report', dueDate: '2020-01-01', priority: 'High', status: 'Awaiting Completion' },
            201,
          ),
      ],
      [
        'document requests',
        () =>
          send(
            admin.agent,
            'POST',
            `${base}/compliance-tasks/document-requests`,
            { requestedDocument: 'EIN letter', documentType: 'Standard_Corporate' },
            201,
          ),
      ],
      [
        'store cards',
        async () =>
          (cardId = (
            (await send(c.agent, 'POST', `${base}/store-cards`, { issuer: 'Store One' }, 201)) as {
              card: { id: string };
            }
          ).card.id),
      ],
      ['revolving credits', () => send(c.agent, 'POST', `${base}/revolving-credits`, { issuer: 'Visa' }, 201)],
      [
        'tradelines',
        () =>
          send(
            c.agent,
            'PUT',
            `${base}/tradelines/store/${cardId}`,
            { bureaus: ['dnb'], dateOpened: '2024-01-02' },
            200,
          ),
      ],
      [
        'first step openings',
        () =>
          send(
            admin.agent,
            'POST',
            `${base}/first-step-accounts/${vendor.id}/opening`,
            { dateOpened: '2024-01-02' },
            201,
          ),
      ],
      ['scores', () => send(admin.agent, 'PUT', `${base}/scores/capital`, { score: 700 }, 200)],
      // A task completed from the dashboard (not a compliance-tasks route) counts as much as one completed on its page.
      [
        'the free guide task',
        async () => {
          expect((await c.agent.post('/api/me/setup')).status).toBe(201);
          expect(await send(c.agent, 'POST', `${base}/free-guide/complete`, undefined, 200)).toEqual({
            completed: true,
          });
        },
      ],
    ];
    for (const [area, write] of writes) {
      // With no history, any recompute adds a row; and only a recompute adds one.
      await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, id));
      await write();
      expect(await historyRows(id), area).toHaveLength(1);
    }
  });

  it('writes nothing on a read: the page, its history, or the records the checks read', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const base = `/api/clients/${c.user.id}`;
    await send(c.agent, 'PUT', `${base}/profile`, profile, 200);
    await send(
      c.agent,
      'POST',
      `${base}/bank-accounts`,
      { bankName: 'First Federal', address: '9 Elm Road', monthlyFees: 0 },
      201,
    );
    expect((await historyRows(c.user.id)).length).toBeGreaterThan(0);
    await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, c.user.id));
    for (const path of [
      'fundability',
      'fundability/history',
      'profile',
      'bank-accounts',
      'business-accounts',
      'compliance-tasks',
      'tradelines',
      'store-cards',
      'revolving-credits',
      'scores',
    ]) {
      for (const agent of [c.agent, admin.agent]) expect((await agent.get(`${base}/${path}`)).status, path).toBe(200);
    }
    expect(await historyRows(c.user.id)).toHaveLength(0);
  });
});
