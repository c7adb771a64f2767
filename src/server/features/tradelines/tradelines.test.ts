import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  firstStepAccounts,
  firstStepOpenings,
  notifications,
  revolvingCredits,
  storeCreditCards,
  users,
} from '../../db/schema';
import { MEMBERS_ONLY_ERROR } from '../../../shared/first-step';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { TradelinesResponse } from '../../../shared/tradelines';
import { runStaleTradelines } from './stale-job';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin: Who;

const base = (clientId: string) => `/api/clients/${clientId}/tradelines`;
const put = (who: Who, clientId: string, source: string, id: string, json: unknown) =>
  who.agent.request('PUT', `${base(clientId)}/${source}/${id}`, { json });
const storeCard = async (userId: string, issuer: string, extra: Partial<typeof storeCreditCards.$inferInsert> = {}) =>
  (
    await t.db
      .insert(storeCreditCards)
      .values({ id: crypto.randomUUID(), userId, issuer, ...extra })
      .returning()
  )[0].id;
const revolving = async (userId: string, issuer: string, extra: Partial<typeof revolvingCredits.$inferInsert> = {}) =>
  (
    await t.db
      .insert(revolvingCredits)
      .values({ id: crypto.randomUUID(), userId, issuer, ...extra })
      .returning()
  )[0].id;

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
    const res = await put(a, a.id, 'store', store, {
      bureaus: ['dnb', 'experian'],
      dateOpened: '2026-01-05',
      lastReported: '2026-02-01',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).tradeline).toEqual({
      bureaus: ['dnb', 'experian'],
      dateOpened: '2026-01-05',
      lastReported: '2026-02-01',
    });
    expect(
      (await put(a, a.id, 'revolving', card, { bureaus: ['dnb'], dateOpened: '2026-01-10', lastReported: '' })).status,
    ).toBe(200);

    const body = (await (await a.agent.get(base(a.id))).json()) as TradelinesResponse;
    expect(body.summary.total).toBe(2);
    expect(body.summary.byBureau.map((x) => x.count)).toEqual([2, 1, 0]);
    expect(body.summary.needed[0]).toBe(
      'PAYDEX needs at least 3 trade experiences reported to Dun & Bradstreet: you have 2.',
    );
    expect(body.tradelines.items.map((x) => [x.source, x.name])).toEqual([
      ['revolving', 'Capital One'],
      ['store', 'Home Depot Commercial'],
    ]);
    // A client's own writes are not audited.
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'tradeline'))),
    ).toHaveLength(0);
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

  it("a First Step opening's tradeline is members' data: a lapsed member reads it but gets 403 changing it; an admin still can", async () => {
    const account = (
      await t.db.insert(firstStepAccounts).values({ id: crypto.randomUUID(), vendor: 'Uline' }).returning()
    )[0].id;
    const opening = (
      await t.db
        .insert(firstStepOpenings)
        .values({ id: crypto.randomUUID(), userId: b.id, firstStepAccountId: account, dateOpened: '2026-01-02' })
        .returning()
    )[0].id;
    const setPaid = (isPaid: boolean) =>
      t.db.insert(users).values({ id: b.id, isPaid }).onConflictDoUpdate({ target: users.id, set: { isPaid } });
    const body = { bureaus: ['dnb'], dateOpened: '2026-01-02', lastReported: '2026-02-01' };
    await setPaid(true);
    expect((await put(b, b.id, 'first-step', opening, body)).status).toBe(200);
    await setPaid(false);
    const refused = await put(b, b.id, 'first-step', opening, { ...body, lastReported: '2026-03-01' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(MEMBERS_ONLY_ERROR);
    expect((await t.db.select().from(firstStepOpenings).where(eq(firstStepOpenings.id, opening)))[0].lastReported).toBe(
      '2026-02-01',
    );
    const summary = (await (await b.agent.get(base(b.id))).json()) as TradelinesResponse;
    expect(summary.tradelines.items.some((x) => x.source === 'first-step' && x.id === opening)).toBe(true);
    expect((await put(admin, b.id, 'first-step', opening, { ...body, lastReported: '2026-03-01' })).status).toBe(200);
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
    const res = await put(admin, a.id, 'store', store, {
      bureaus: ['experian'],
      dateOpened: '2026-02-01',
      lastReported: '2026-03-01',
    });
    expect(res.status).toBe(200);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'tradeline')));
    expect(audits.map((x) => [x.actorId, x.action, x.entityId])).toEqual([[admin.id, 'update', store]]);
    expect((await admin.agent.get(base(a.id))).status).toBe(200);
  });
});

describe('stale tradelines', () => {
  const run = (now: string, batchClients?: number) =>
    runStaleTradelines({ db: t.db, mailer: t.mailer, config: t.config, log: t.log, now: new Date(now), batchClients });
  const staleNotes = (id: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.kind, 'tradeline_stale')));
  const staleMails = async (email: string) =>
    (await t.outbox(email)).filter((m) => m.subject.includes('not being reported'));

  it('tells a client once per stale period, by the injected clock, with a notification and (alerts on) an e-mail', async () => {
    // The earlier tests' tradelines (2026) are told about first, so the results below are this client's alone.
    await run('2030-01-01T00:00:00Z');
    const u = await t.createSignedInUser({ role: 'client', name: 'Stale Client' });
    const id = u.user.id;
    const old = await storeCard(id, 'Quill', {
      bureaus: ['dnb'],
      dateOpened: '2030-01-01',
      lastReported: '2030-02-01',
    });
    await revolving(id, 'Never Opened'); // no dates: not reported yet, never stale
    await storeCard(id, 'Fresh', { dateOpened: '2030-03-01' });

    // Feb 1 + 45 days = Mar 18: not stale yet on that day, stale from Mar 19.
    expect(await run('2030-03-18T12:00:00Z')).toEqual({ clients: 0, tradelines: 0, mails: 0 });
    const first = await run('2030-03-19T12:00:00Z');
    expect(first).toMatchObject({ tradelines: 1, mails: 1 });
    await t.mailer.settle();
    const notes = await staleNotes(id);
    expect(notes).toEqual([
      expect.objectContaining({ clientId: id, title: 'Quill has not been reported for 45 days', link: '/dnb' }),
    ]);
    const [mail, ...more] = await staleMails(u.email);
    expect(more).toEqual([]);
    expect(mail.text).toContain('Quill - last reported Feb 1, 2030');
    expect(mail.text).toContain(`${t.config.appUrl}/dnb`);

    // Same period: nothing again, however often the pass runs.
    expect((await run('2030-03-19T18:00:00Z')).tradelines).toBe(0);
    expect((await run('2030-04-10T12:00:00Z')).tradelines).toBe(0);
    expect(await staleNotes(id)).toHaveLength(1);

    // Reported again on Apr 1: current, then stale again from May 17, and told again once. 'Fresh' (opened Mar 1) went stale on Apr 16.
    expect(
      (
        await put({ id, agent: u.agent }, id, 'store', old, {
          bureaus: ['dnb'],
          dateOpened: '2030-01-01',
          lastReported: '2030-04-01',
        })
      ).status,
    ).toBe(200);
    expect((await run('2030-04-16T12:00:00Z')).tradelines).toBe(1);
    expect((await run('2030-05-16T12:00:00Z')).tradelines).toBe(0);
    expect((await run('2030-05-17T12:00:00Z')).tradelines).toBe(1);
    expect((await run('2030-06-30T12:00:00Z')).tradelines).toBe(0);
    expect((await staleNotes(id)).map((n) => n.title)).toEqual([
      'Quill has not been reported for 45 days',
      'Fresh has not been reported for 45 days',
      'Quill has not been reported for 45 days',
    ]);
  });

  it('notifies without an e-mail when alerts are off, once when two passes run at once, and goes through clients in batches', async () => {
    const quiet = await t.createSignedInUser({ role: 'client', name: 'Quiet Client' });
    await t.db
      .insert(users)
      .values({ id: quiet.user.id, emailAlertEnabled: false })
      .onConflictDoUpdate({ target: users.id, set: { emailAlertEnabled: false } });
    await storeCard(quiet.user.id, 'Uline', { dateOpened: '2031-01-01' });
    await revolving(quiet.user.id, 'Amex', { dateOpened: '2031-01-02' });
    const others = await Promise.all([1, 2, 3].map(() => t.createSignedInUser({ role: 'client' })));
    for (const o of others) await storeCard(o.user.id, 'Grainger', { dateOpened: '2031-01-01' });

    const results = await Promise.all([run('2031-03-01T00:00:00Z', 2), run('2031-03-01T00:00:00Z', 2)]);
    await t.mailer.settle();
    // Earlier tests' tradelines went stale long before 2031 and were told about in their own periods already... except those still in theirs.
    const mine = [quiet.user.id, ...others.map((o) => o.user.id)];
    for (const id of mine) expect(await staleNotes(id), id).toHaveLength(1);
    expect((await staleNotes(quiet.user.id))[0].title).toBe('2 tradelines have not been reported for 45 days');
    expect(await staleMails(quiet.email)).toEqual([]);
    for (const o of others) expect(await staleMails(o.email)).toHaveLength(1);
    expect(results[0].tradelines + results[1].tradelines).toBeGreaterThanOrEqual(5);
  });
});
