import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/client';
import { eq, sql } from 'drizzle-orm';
import { authSessions, supportMessages } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS, TOO_MANY_STREAMS } from '../../../shared/limits';
import type { SupportMessage } from '../../../shared/support';
import { sseReader } from './sse-reader';
import { liveStreamTimings as streamTimings } from '../../lib/live-stream';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let a: Who;
let b: Who;
let admin: Who;
const base = (clientId: string) => `/api/clients/${clientId}/support`;
const readers: { close: () => Promise<unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t?.close();
});

async function open(who: Who, path: string, headers: Record<string, string> = {}) {
  const res = await who.agent.get(path, { headers });
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const r = sseReader(res);
  readers.push(r);
  return r;
}
async function send(who: Who, clientId: string, body: string) {
  const res = await who.agent.post(`${base(clientId)}/messages`, { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).message as SupportMessage;
}
const isMsg = (body: string) => (e: { event: string; data: string }) =>
  e.event === 'message' && (JSON.parse(e.data) as SupportMessage).body === body;
// Lets the stream subscribe and read its starting point before a test writes.
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('support live stream', () => {
  it('delivers a message posted after it opened within a second, with no backlog', async () => {
    const before = await send(a, a.id, 'before the stream');
    const stream = await open(a, `${base(a.id)}/stream`);
    await settle();
    const started = performance.now();
    const reply = await send(admin, a.id, 'live reply');
    const [ev] = await stream.waitFor(isMsg('live reply'), 1, 1000);
    const ms = performance.now() - started;
    console.log(`support stream (one instance, ${t.database.kind}): posted to received in ${ms.toFixed(0)} ms`);
    expect(ev.id).toBe(String(reply.id));
    expect(JSON.parse(ev.data)).toMatchObject({ id: reply.id, fromStaff: true, clientId: a.id, body: 'live reply' });
    expect(stream.messages().map((m) => m.id)).not.toContain(before.id);
    // The sender's read id moved: a 'read' event follows.
    await stream.waitFor((e) => e.event === 'read' && JSON.parse(e.data).staffReadId === reply.id);
  });

  it('resumes after a last id (header or ?after=) with no gap and no repeat, in batches past 100', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const who = { id: c.user.id, email: c.email, agent: c.agent };
    const first = await send(who, who.id, 'm0');
    await t.db
      .insert(supportMessages)
      .values(Array.from({ length: 230 }, (_, i) => ({ clientId: who.id, fromStaff: i % 2 === 1, body: `bulk ${i}` })));
    const resumed = await open(who, `${base(who.id)}/stream?after=${first.id}`);
    const got = await resumed.waitFor((e) => e.event === 'message', 230, 5000);
    const ids = got.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(230);
    expect(ids[0]).toBeGreaterThan(first.id);
    // Messages written while it is open, several at once, each arrive once and in order.
    await Promise.all(Array.from({ length: 10 }, (_, i) => send(who, who.id, `burst ${i}`)));
    const all = await resumed.waitFor((e) => e.event === 'message', 240, 5000);
    const allIds = all.map((e) => Number(e.id));
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(allIds).toEqual([...allIds].sort((x, y) => x - y));
    await resumed.close();

    // Last-Event-ID wins over ?after=: the browser's own reconnect.
    const mid = allIds[100];
    const again = await open(who, `${base(who.id)}/stream?after=0`, { 'last-event-id': String(mid) });
    const rest = await again.waitFor((e) => e.event === 'message', allIds.length - 101, 5000);
    expect(rest.map((e) => Number(e.id))).toEqual(allIds.slice(101));
    await new Promise((r) => setTimeout(r, 200));
    expect(again.messages().length).toBe(allIds.length - 101);
  });

  it('the staff stream carries every conversation and read changes; a client stream only its own', async () => {
    const staff = await open(admin, '/api/support/stream');
    const mine = await open(b, `${base(b.id)}/stream`);
    await settle();
    const fromA = await send(a, a.id, 'from A to staff');
    const fromB = await send(b, b.id, 'from B to staff');
    await staff.waitFor((e) => e.event === 'message' && [fromA.id, fromB.id].includes(Number(e.id)), 2);
    await mine.waitFor(isMsg('from B to staff'));
    await admin.agent.post(`${base(b.id)}/read`, { upTo: fromB.id });
    await mine.waitFor((e) => e.event === 'read' && JSON.parse(e.data).staffReadId === fromB.id);
    await admin.agent.post(`${base(b.id)}/archive`, { archived: true });
    await staff.waitFor(
      (e) => e.event === 'conversation' && JSON.parse(e.data).clientId === b.id && JSON.parse(e.data).archived === true,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(
      mine
        .messages()
        .map((m) => m.clientId)
        .every((id) => id === b.id),
    ).toBe(true);
    expect(mine.events.some((e) => e.data.includes('from A to staff'))).toBe(false);
  });

  it(`allows ${LIMITS.liveStreamsPerUser} open streams a user, and ends them when the hub closes`, async () => {
    const t2 = await createTestApp();
    try {
      const u = await t2.createSignedInUser({ role: 'client' });
      const path = `${base(u.user.id)}/stream`;
      const streams: Response[] = [];
      for (let i = 0; i < LIMITS.liveStreamsPerUser; i++) {
        const res = await u.agent.get(path);
        expect(res.status).toBe(200);
        streams.push(res);
      }
      const refused = await u.agent.get(path);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe(TOO_MANY_STREAMS);
      await streams.pop()!.body!.cancel();
      await new Promise((r) => setTimeout(r, 50));
      const reopened = await u.agent.get(path);
      expect(reopened.status).toBe(200);
      streams.push(reopened);
      const readersOpen = streams.map((s) => sseReader(s));
      expect(t2.realtime.size).toBe(LIMITS.liveStreamsPerUser);
      await t2.realtime.close();
      const deadline = Date.now() + 2000;
      while (readersOpen.some((r) => !r.closed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(readersOpen.every((r) => r.closed)).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it('sends a heartbeat comment while quiet and ends after its lifetime (the browser then reconnects)', async () => {
    const saved = { ...streamTimings };
    Object.assign(streamTimings, { heartbeatMs: 50, maxMs: 600 });
    try {
      const c = await t.createSignedInUser({ role: 'client' });
      const subscriptions = t.realtime.size;
      const started = performance.now();
      const res = await c.agent.get(`${base(c.user.id)}/stream`);
      const stream = sseReader(res);
      const deadline = Date.now() + 3000;
      while (!stream.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const lived = performance.now() - started;
      expect(stream.closed).toBe(true);
      expect(lived).toBeGreaterThanOrEqual(550);
      expect(stream.raw).toMatch(/^retry: \d+\n\n/);
      expect(stream.raw.match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(5);
      // The stream's slot and subscription are given back.
      expect(t.realtime.size).toBe(subscriptions);
    } finally {
      Object.assign(streamTimings, saved);
    }
  });

  it('ends a stream at the next heartbeat once its session is gone', async () => {
    const saved = { ...streamTimings };
    Object.assign(streamTimings, { heartbeatMs: 50 });
    try {
      const c = await t.createSignedInUser({ role: 'client' });
      const stream = sseReader(await c.agent.get(`${base(c.user.id)}/stream`));
      readers.push(stream);
      await settle();
      expect(stream.closed).toBe(false);
      await t.db.delete(authSessions).where(eq(authSessions.userId, c.user.id));
      const deadline = Date.now() + 3000;
      while (!stream.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(stream.closed).toBe(true);
    } finally {
      Object.assign(streamTimings, saved);
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'sends the staff stream a message whose id committed after a higher one (no skip)',
    async () => {
      const x = await t.createSignedInUser({ role: 'client' });
      const y = await t.createSignedInUser({ role: 'client' });
      await send({ id: x.user.id, email: x.email, agent: x.agent }, x.user.id, 'x opens');
      const staff = await open(admin, '/api/support/stream');
      await settle();
      // X's send holds the message-order lock while Y's starts: Y must wait, so its higher id can
      // never be visible before X's lower one.
      let releaseX!: () => void;
      const held = new Promise<void>((r) => (releaseX = r));
      const xSend = t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support_messages'))`);
        await tx.insert(supportMessages).values({ clientId: x.user.id, fromStaff: false, body: 'x slow' });
        await held;
      });
      const ySend = send({ id: y.user.id, email: y.email, agent: y.agent }, y.user.id, 'y fast');
      await new Promise((r) => setTimeout(r, 200));
      releaseX();
      await xSend;
      await ySend;
      await staff.waitFor(
        (e) => e.event === 'message' && ['x slow', 'y fast'].includes((JSON.parse(e.data) as SupportMessage).body),
        2,
        3000,
      );
      const bodies = staff.messages().map((m) => m.body);
      expect(bodies.indexOf('x slow')).toBeLessThan(bodies.indexOf('y fast'));
    },
  );

  it.runIf(!!process.env.TEST_DATABASE_URL)('delivers across two app instances on one PostgreSQL', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${t.database.name}`;
    const second = await openPostgres(url.toString());
    const other = await createTestApp({}, { database: { ...second, name: t.database.name } });
    try {
      // The same user signs in on instance B (same database, so the same account and sessions).
      const c = await t.createSignedInUser({ role: 'client' });
      const onB = await other.signIn(c.email, c.password);
      const res = await onB.get(`${base(c.user.id)}/stream`);
      expect(res.status).toBe(200);
      const stream = sseReader(res);
      readers.push(stream);
      await settle();
      const started = performance.now();
      const sent = await send({ id: c.user.id, email: c.email, agent: c.agent }, c.user.id, 'written on A');
      const [ev] = await stream.waitFor(isMsg('written on A'), 1, 1000);
      console.log(
        `support stream across two instances (postgres): posted on A to received on B in ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect(Number(ev.id)).toBe(sent.id);
      await stream.close();
    } finally {
      await other.close();
    }
  });
});
