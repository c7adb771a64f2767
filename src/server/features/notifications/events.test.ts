import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS, TOO_MANY_STREAMS } from '../../../shared/limits';
// The SSE reader Support Chat's stream tests use.
import { sseReader } from '../support/sse-reader';
import { notify } from './notifications.service';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let a: Who;
let b: Who;
let admin: Who;
const readers: { close: () => Promise<unknown> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t?.close();
});

async function open(who: Who) {
  const res = await who.agent.get('/api/me/events');
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const r = sseReader(res);
  readers.push(r);
  return r;
}
// Lets the stream subscribe before a test writes.
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('live bell (GET /api/me/events)', () => {
  it("cues the signed-in person, within a second, for each notification of theirs and nobody else's", async () => {
    const mine = await open(a);
    const other = await open(b);
    await settle();
    const started = performance.now();
    // A staff write on A's data: the notification commits with it, the database announces it.
    expect(
      (
        await admin.agent.post(`/api/clients/${a.id}/bank-accounts`, {
          bankName: 'First Federal',
          accountNumber: '000123456789',
          routingNumber: '021000021',
        })
      ).status,
    ).toBe(201);
    const [ev] = await mine.waitFor((e) => e.event === 'notification', 1, 1000);
    console.log(
      `bell stream (${t.database.kind}): staff write to cue in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(ev.data).toMatch(/^\d+$/);
    const listed = await (await a.agent.get('/api/me/notifications')).json();
    expect(listed.notifications[0].id).toBe(Number(ev.data));
    await settle(200);
    expect(other.events).toEqual([]);
    // The cue carries no content.
    expect(JSON.stringify(mine.events)).not.toContain('bank account');
  });

  it('answers 401 to a guest', async () => {
    expect((await t.request('GET', '/api/me/events')).status).toBe(401);
  });

  it(`allows ${LIMITS.liveStreamsPerUser} open streams a user, and ends them when the hub closes`, async () => {
    const t2 = await createTestApp();
    try {
      const u = await t2.createSignedInUser({ role: 'client' });
      const streams: Response[] = [];
      for (let i = 0; i < LIMITS.liveStreamsPerUser; i++) {
        const res = await u.agent.get('/api/me/events');
        expect(res.status).toBe(200);
        streams.push(res);
      }
      const refused = await u.agent.get('/api/me/events');
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toBe(TOO_MANY_STREAMS);
      // A closed tab frees its place.
      await streams.pop()!.body!.cancel();
      await settle(50);
      const reopened = await u.agent.get('/api/me/events');
      expect(reopened.status).toBe(200);
      streams.push(reopened);
      const open = streams.map((s) => sseReader(s));
      await settle();
      await notify(t2.db, {
        userId: u.user.id,
        clientId: u.user.id,
        kind: 'task_changed',
        title: 'To every tab',
        mail: false,
      });
      await Promise.all(open.map((r) => r.waitFor((e) => e.event === 'notification', 1, 2000)));
      await t2.realtime.close();
      const deadline = Date.now() + 2000;
      while (open.some((r) => !r.closed) && Date.now() < deadline) await settle(20);
      expect(open.every((r) => r.closed)).toBe(true);
    } finally {
      await t2.close();
    }
  });
});
