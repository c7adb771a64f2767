import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { appSettings, notifications, pushSubscriptions, users } from '../../db/schema';
import { closeSecondInstance, createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { startPushEndpoint, verifyVapid } from '../../test/push-endpoint';
import { LIMITS } from '../../../shared/limits';
import { PUSH_DEVICES_FULL, PUSH_ENDPOINT_REFUSED, type PushDevice } from '../../../shared/push-rules';
import { notify } from '../notifications/notifications.service';
import { pushClaimed, pushMissed, startPushDelivery, type PushPayload } from './push-delivery';
import { acceptsEndpoint } from './push-endpoint';
import { vapidKeys } from './vapid';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let t: TestApp;
let admin: TestAgent;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let stopDelivery: () => Promise<void>;

beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
  admin = (await t.createSignedInUser({ role: 'admin' })).agent;
  endpoint = await startPushEndpoint();
  // As server.ts starts it: every committed notification is announced, claimed and pushed.
  stopDelivery = startPushDelivery({
    db: t.db,
    keyring: t.keyring,
    config: t.config,
    realtime: t.realtime,
    log: t.log,
  });
});
afterAll(async () => {
  await stopDelivery?.();
  await endpoint?.close();
  await t?.close();
});

const subscribe = (agent: TestAgent, json: unknown) =>
  agent.request('POST', '/api/me/push/devices', { json, headers: { 'user-agent': CHROME_UA } });

async function subscribed(agent: TestAgent) {
  const sub = endpoint.subscription();
  const res = await subscribe(agent, sub.json);
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...sub, device: ((await res.json()) as { device: PushDevice }).device };
}

const devices = async (agent: TestAgent) =>
  ((await (await agent.get('/api/me/push/devices')).json()) as { items: PushDevice[] }).items;

/** A task the admin adds for the client: its task_assigned notification is what gets pushed. */
async function addTask(clientId: string, name: string) {
  const res = await admin.request('POST', `/api/clients/${clientId}/compliance-tasks`, {
    json: { name, description: 'Upload last year’s return.', dueDate: '2030-01-15' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { task: { id: number } }).task.id;
}

/** Waits until nothing is being pushed: the claims of every announced row have run. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the VAPID key', () => {
  it('is made once and is the same for every instance on the database; the environment overrides it', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const first = (await (await c.agent.get('/api/me/push/key')).json()) as { publicKey: string };
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    // Kept sealed with the data key: the private key is in no row in clear.
    const [stored] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(stored.value).toMatch(/^enc:v\d+:/);
    const { privateKey } = await vapidKeys(t.db, t.keyring, t.config);
    expect(JSON.stringify(stored)).not.toContain(privateKey);
    const second = await createTestApp({}, { database: t.database });
    try {
      const other = await second.createSignedInUser({ role: 'client' });
      expect(await (await other.agent.get('/api/me/push/key')).json()).toEqual(first);
    } finally {
      await closeSecondInstance(second);
    }
    const configured = webpush.generateVAPIDKeys();
    const third = await createTestApp(
      { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey },
      { database: t.database },
    );
    try {
      const other = await third.createSignedInUser({ role: 'client' });
      expect(await (await other.agent.get('/api/me/push/key')).json()).toEqual({ publicKey: configured.publicKey });
    } finally {
      await closeSecondInstance(third);
    }
    expect(await t.request('GET', '/api/me/push/key').then((r) => r.status)).toBe(401);
  });
});

describe('subscriptions', () => {
  it('lists the device by browser, updates the same browser in place, and removes only the caller’s', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const sub = await subscribed(c.agent);
    expect(sub.device).toMatchObject({ label: 'Chrome on Windows', lastSuccessAt: null });
    // The same browser again (a renewed subscription): still one device, with the new keys.
    const renewed = endpoint.subscription();
    const again = await subscribe(c.agent, { ...renewed.json, endpoint: sub.json.endpoint });
    expect(again.status).toBe(201);
    const list = await devices(c.agent);
    expect(list.map((d) => d.id)).toEqual([sub.device.id]);
    expect(JSON.stringify(list)).not.toContain(sub.json.endpoint);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, sub.device.id));
    expect(row.p256dh).toBe(renewed.json.keys.p256dh);

    const other = await t.createSignedInUser({ role: 'client' });
    const denied = await other.agent.request('DELETE', `/api/me/push/devices/${sub.device.id}`);
    expect(denied.status).toBe(404);
    expect(await devices(c.agent)).toHaveLength(1);
    const removed = await c.agent.request('DELETE', `/api/me/push/devices/${sub.device.id}`);
    expect(removed.status).toBe(200);
    expect(await devices(c.agent)).toEqual([]);
    expect((await c.agent.request('DELETE', `/api/me/push/devices/${sub.device.id}`)).status).toBe(404);
  });

  it('moves a browser to the person who turned it on last', async () => {
    const first = await t.createSignedInUser({ role: 'client' });
    const sub = await subscribed(first.agent);
    const second = await t.createSignedInUser({ role: 'staff' });
    expect((await subscribe(second.agent, sub.json)).status).toBe(201);
    expect(await devices(first.agent)).toEqual([]);
    expect((await devices(second.agent)).map((d) => d.id)).toEqual([sub.device.id]);
  });

  it(`refuses a device past ${LIMITS.pushDevices}, with the limit in words`, async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    for (let i = 0; i < LIMITS.pushDevices; i++) await subscribed(c.agent);
    const res = await subscribe(c.agent, endpoint.subscription().json);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: PUSH_DEVICES_FULL });
  });

  it('refuses endpoints outside the push services, and keys that are not keys', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const good = endpoint.subscription().json;
    for (const url of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://evil.example.test/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.test/x',
      'https://user:pass@fcm.googleapis.com/x',
      'http://10.0.0.1/push',
    ]) {
      const res = await subscribe(c.agent, { ...good, endpoint: url });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({ error: PUSH_ENDPOINT_REFUSED });
    }
    for (const keys of [
      { p256dh: 'B' + 'A'.repeat(86), auth: good.keys.auth }, // the right shape, not a point on the curve
      { p256dh: good.keys.p256dh.slice(1), auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: 'short' },
    ]) {
      const res = await subscribe(c.agent, { ...good, keys });
      expect(res.status, JSON.stringify(keys)).toBe(400);
    }
    expect((await subscribe(c.agent, { ...good, extra: 1 })).status).toBe(400);
    expect(await devices(c.agent)).toEqual([]);
    // The push services browsers use are accepted; loopback only with PUSH_ALLOW_LOOPBACK.
    const config = { push: { ...t.config.push, allowLoopback: false } };
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXut',
      'https://wns2-bl2p.notify.windows.com/w/?token=abc',
    ])
      expect(acceptsEndpoint(url, config), url).toBe(true);
    expect(acceptsEndpoint(good.endpoint, config)).toBe(false);
  });
});

describe('delivery', () => {
  it('pushes a notification once it is committed, encrypted to the device and VAPID-signed; once across instances', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const sub = await subscribed(c.agent);
    const key = ((await (await c.agent.get('/api/me/push/key')).json()) as { publicKey: string }).publicKey;
    // A second instance on the same database hears the same announcement: one of them sends it.
    const second = startPushDelivery({
      db: t.db,
      keyring: t.keyring,
      config: t.config,
      realtime: t.realtime,
      log: t.log,
    });
    const before = endpoint.received.length;
    try {
      const taskId = await addTask(c.user.id, 'File the annual report');
      const [push] = (await endpoint.waitFor(before + 1)).slice(before);
      await settle();
      expect(endpoint.received.length).toBe(before + 1);
      expect(push.path).toBe(new URL(sub.json.endpoint).pathname);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const vapid = verifyVapid(push.headers.authorization);
      expect(vapid.publicKey).toBe(key);
      expect(vapid.claims.aud).toBe(endpoint.origin);
      expect(vapid.claims.sub).toBe(t.config.push.subject);
      const payload = JSON.parse(sub.decrypt(push.body)) as PushPayload;
      const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, c.user.id));
      expect(payload).toEqual({
        title: row.title,
        body: row.body,
        url: `/compliance?task=${taskId}`,
        tag: `notification-${row.id}`,
      });
      expect(row.pushedAt).not.toBeNull();
      expect((await devices(c.agent))[0].lastSuccessAt).not.toBeNull();
    } finally {
      await second();
    }
  });

  it('pushes every kind to every device, and sends nothing while the push preference is off', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const [one, two] = [await subscribed(c.agent), await subscribed(c.agent)];
    const before = endpoint.received.length;
    await t.db.transaction((tx) =>
      notify(tx, {
        userId: c.user.id,
        kind: 'support_reply',
        title: 'New reply from support',
        body: 'x'.repeat(1500),
        link: '/support',
      }),
    );
    const pushes = (await endpoint.waitFor(before + 2)).slice(before);
    const payloads = pushes.map(
      (p) =>
        JSON.parse((p.path.endsWith(one.json.endpoint.split('/').pop()!) ? one : two).decrypt(p.body)) as PushPayload,
    );
    for (const p of payloads) {
      expect(p.title).toBe('New reply from support');
      expect(p.url).toBe('/support');
      expect(p.body).toHaveLength(500);
    }

    await t.db
      .insert(users)
      .values({ id: c.user.id, pushAlertEnabled: false })
      .onConflictDoUpdate({
        target: users.id,
        set: { pushAlertEnabled: false },
      });
    await t.db.transaction((tx) =>
      notify(tx, { userId: c.user.id, kind: 'payment_recorded', title: 'Payment recorded' }),
    );
    await settle();
    expect(endpoint.received.length).toBe(before + 2);
    const [quiet] = await t.db.select().from(notifications).where(eq(notifications.title, 'Payment recorded'));
    expect(quiet.pushedAt).toBeNull();
  });

  it('after a gap in the announcements, pushes the recent rows no instance claimed, once', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    // Announced while the person had no device: nothing claimed it.
    await t.db.transaction((tx) =>
      notify(tx, { userId: c.user.id, kind: 'score_changed', title: 'Missed while away' }),
    );
    await settle();
    const sub = await subscribed(c.agent);
    const before = endpoint.received.length;
    const deps = { db: t.db, keyring: t.keyring, config: t.config, log: t.log };
    expect(await pushMissed(deps)).toBe(1);
    const [push] = (await endpoint.waitFor(before + 1)).slice(before);
    expect((JSON.parse(sub.decrypt(push.body)) as PushPayload).title).toBe('Missed while away');
    expect(await pushMissed(deps)).toBe(0);
  });

  it('removes a subscription its push service says is gone (410, 404), and keeps one that failed otherwise', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const gone = await subscribed(c.agent);
    try {
      endpoint.answer(410);
      const before = endpoint.received.length;
      await addTask(c.user.id, 'Open a business bank account');
      await endpoint.waitFor(before + 1);
      await settle();
      expect(await devices(c.agent)).toEqual([]);
      const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.device.id));
      expect(row).toBeUndefined();

      const missing = await subscribed(c.agent);
      endpoint.answer(404);
      await addTask(c.user.id, 'Get a D-U-N-S number');
      await endpoint.waitFor(before + 2);
      await settle();
      expect((await devices(c.agent)).map((d) => d.id)).not.toContain(missing.device.id);

      // A push service that is down (500) or unreachable: the device stays, nothing throws.
      const kept = await subscribed(c.agent);
      endpoint.answer(500);
      await addTask(c.user.id, 'Register the business address');
      await endpoint.waitFor(before + 3);
      await settle();
      expect((await devices(c.agent)).map((d) => d.id)).toEqual([kept.device.id]);
      const [n] = await t.db
        .insert(notifications)
        .values({ userId: c.user.id, kind: 'task_changed', title: 'Unreachable' })
        .returning();
      const failing = {
        db: t.db,
        keyring: t.keyring,
        config: t.config,
        log: t.log,
        fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
      };
      expect(await pushClaimed(failing, eq(notifications.id, n.id))).toBe(0);
      expect((await devices(c.agent)).map((d) => d.id)).toEqual([kept.device.id]);
    } finally {
      endpoint.answer(201);
    }
  });
});
