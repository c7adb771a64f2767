import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, capitalScores, notifications, paydexScores } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS } from '../../../shared/limits';
import { SCORE_HISTORY_LIMIT, type ScoresResponse } from '../../../shared/scores';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/scores`;
const put = (agent: TestAgent, clientId: string, which: 'capital' | 'paydex', json: unknown) =>
  agent.request('PUT', `${base(clientId)}/${which}`, { json });
const read = async (agent: TestAgent, clientId: string) => {
  const res = await agent.get(base(clientId));
  expect(res.status).toBe(200);
  return (await res.json()) as ScoresResponse;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

describe('scores', () => {
  it('answers no scores for a client with none yet, and the first-login 500 once it is there', async () => {
    expect(await read(a.agent, a.id)).toEqual({
      capital: { latest: null, history: [] },
      paydex: { latest: null, history: [] },
    });
    await t.db.insert(capitalScores).values({ userId: a.id, score: 500 });
    const body = await read(a.agent, a.id);
    expect(body.capital.latest).toEqual({ score: 500, lastUpdatedAt: expect.any(String) });
    expect(body.paydex.latest).toBeNull();
  });

  it('lets an admin set both scores; history oldest first, latest the newest, audited, and the client notified', async () => {
    for (const score of [610, 655]) expect((await put(admin.agent, a.id, 'capital', { score })).status).toBe(200);
    for (const score of [45, 82]) expect((await put(admin.agent, a.id, 'paydex', { score })).status).toBe(200);
    const body = await read(a.agent, a.id);
    expect(body.capital.history.map((p) => p.score)).toEqual([500, 610, 655]);
    expect(body.capital.latest?.score).toBe(655);
    expect(body.paydex.history.map((p) => p.score)).toEqual([45, 82]);
    expect(body.paydex.latest?.score).toBe(82);
    const times = body.capital.history.map((p) => Date.parse(p.lastUpdatedAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id));
    expect(audit.filter((r) => r.entityType === 'capital_score')).toHaveLength(2);
    expect(audit.filter((r) => r.entityType === 'paydex_score')).toHaveLength(2);
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'update', entityType: 'capital_score', actorId: admin.id }),
    );

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'score_changed')));
    expect(notes.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Your CapitalScore changed from 500 to 610',
        'Your CapitalScore changed from 610 to 655',
        'Your PAYDEX score is now 45',
        'Your PAYDEX score changed from 45 to 82',
      ]),
    );
    expect(notes.find((n) => n.title.endsWith('610 to 655'))).toMatchObject({
      link: '/dnb',
      body: 'Your tier: Emerging',
    });
    // The client sees it in their own notifications.
    const inbox = await (await a.agent.get('/api/me/notifications')).json();
    expect(inbox.notifications.map((n: { title: string }) => n.title)).toContain(
      'Your CapitalScore changed from 610 to 655',
    );
  });

  it('answers the new scores from the save itself', async () => {
    const res = await put(admin.agent, a.id, 'capital', { score: 1000 });
    const body = (await res.json()) as ScoresResponse;
    expect(body.capital.latest?.score).toBe(1000);
    expect(body.paydex.latest?.score).toBe(82);
  });

  it('records an unchanged save in the history and the audit log but does not notify', async () => {
    const before = await t.db.$count(notifications, eq(notifications.userId, a.id));
    expect((await put(admin.agent, a.id, 'capital', { score: 1000 })).status).toBe(200);
    expect(await t.db.$count(notifications, eq(notifications.userId, a.id))).toBe(before);
    expect((await read(a.agent, a.id)).capital.history.slice(-2).map((p) => p.score)).toEqual([1000, 1000]);
  });

  it('refuses a client setting scores, even their own (403), and stores nothing', async () => {
    const before = await read(a.agent, a.id);
    for (const which of ['capital', 'paydex'] as const) {
      const res = await put(a.agent, a.id, which, { score: which === 'capital' ? 900 : 90 });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('Only administrators can set scores.');
    }
    expect(await read(a.agent, a.id)).toEqual(before);
  });

  it("keeps clients apart: another client's scores are not found, to read or to write", async () => {
    expect((await b.agent.get(base(a.id))).status).toBe(404);
    expect((await put(b.agent, a.id, 'capital', { score: 900 })).status).toBe(404);
    expect((await t.request('GET', base(a.id))).status).toBe(401);
    expect((await read(b.agent, b.id)).capital.history).toEqual([]);
    expect((await admin.agent.get(base('no-such-client'))).status).toBe(404);
  });

  it('refuses out-of-range and malformed scores with a clear 400, never clamping them', async () => {
    const capitalCases: [unknown, string][] = [
      [{ score: 499 }, 'CapitalScore must be between 500 and 1000.'],
      [{ score: 1001 }, 'CapitalScore must be between 500 and 1000.'],
      [{ score: -1 }, 'CapitalScore must be between 500 and 1000.'],
      [{ score: 650.5 }, 'CapitalScore must be a whole number.'],
      [{ score: '650' }, 'CapitalScore must be a number.'],
      [{ score: 'high' }, 'CapitalScore must be a number.'],
      [{ score: null }, 'CapitalScore must be a number.'],
      [{}, 'CapitalScore must be a number.'],
      [{ score: 650, userId: b.id }, 'Unexpected field: userId'],
    ];
    const paydexCases: [unknown, string][] = [
      [{ score: 101 }, 'PAYDEX score must be between 0 and 100.'],
      [{ score: -1 }, 'PAYDEX score must be between 0 and 100.'],
      [{ score: 'NaN' }, 'PAYDEX score must be a number.'],
      [{ score: [80] }, 'PAYDEX score must be a number.'],
      [{ score: 80, extra: true }, 'Unexpected field: extra'],
    ];
    const before = await read(admin.agent, a.id);
    for (const [which, cases] of [
      ['capital', capitalCases],
      ['paydex', paydexCases],
    ] as const) {
      for (const [json, message] of cases) {
        const res = await put(admin.agent, a.id, which, json);
        expect(res.status, JSON.stringify(json)).toBe(400);
        expect((await res.json()).error, JSON.stringify(json)).toBe(message);
      }
    }
    const raw = await admin.agent.request('PUT', `${base(a.id)}/capital`, {
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await read(admin.agent, a.id)).toEqual(before);
    // The edges are accepted.
    for (const [which, score] of [
      ['capital', 500],
      ['paydex', 0],
      ['paydex', 100],
    ] as const)
      expect((await put(admin.agent, b.id, which, { score })).status).toBe(200);
  });

  it(`keeps at most ${LIMITS.scoreHistory} rows per score and client, and answers the newest ${SCORE_HISTORY_LIMIT}`, async () => {
    const old = new Date('2020-01-01T00:00:00Z').getTime();
    const rows = Array.from({ length: LIMITS.scoreHistory }, (_, i) => ({
      userId: b.id,
      score: i % 101,
      lastUpdatedAt: new Date(old + i * 60_000),
    }));
    await t.db.insert(paydexScores).values(rows);
    expect((await put(admin.agent, b.id, 'paydex', { score: 77 })).status).toBe(200);
    expect(await t.db.$count(paydexScores, eq(paydexScores.userId, b.id))).toBe(LIMITS.scoreHistory);
    // The oldest seeded row went; the client's other score and other clients' rows are untouched.
    const [oldest] = await t.db
      .select()
      .from(paydexScores)
      .where(and(eq(paydexScores.userId, b.id), eq(paydexScores.lastUpdatedAt, new Date(old))));
    expect(oldest).toBeUndefined();
    expect(await t.db.$count(paydexScores, eq(paydexScores.userId, a.id))).toBe(2);
    const body = await read(b.agent, b.id);
    expect(body.paydex.history).toHaveLength(SCORE_HISTORY_LIMIT);
    expect(body.paydex.latest?.score).toBe(77);
    expect(body.paydex.history.at(-1)).toEqual(body.paydex.latest);
  });
});
