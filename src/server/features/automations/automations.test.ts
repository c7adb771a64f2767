import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, automationRequests, automations, mailOutbox, notifications } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS, limitReached, TOO_MANY_STAFF_NOTICES } from '../../../shared/limits';
import {
  AUTOMATION_HTML_MAX,
  AUTOMATION_NAME_REQUIRED,
  AUTOMATION_ORDER_CHANGED,
  REQUEST_DESCRIPTION_REQUIRED,
  WRONG_AUTOMATION_IMAGE,
  type Automation,
  type AutomationRequest,
} from '../../../shared/automations';
import type { Page } from '../../../shared/paging';
import { PNG, SVG } from '../training/training-media';
import { IMAGE_TOO_LARGE } from './automations.upload';
import { cleanAutomationHtml } from './automation-html';
import { ALLOWED_ATTRS, ALLOWED_TAGS, XSS_CORPUS } from './xss-corpus';

let t: TestApp;
type Who = { id: string; email: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin: Who;
let admin2: Who;
const STAFF = 'automation-desk@example.test';

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: STAFF });
  ({ a, b, admin } = await t.clientsAndAdmin());
  const u = await t.createSignedInUser({ role: 'admin' });
  admin2 = { id: u.user.id, email: u.email, agent: u.agent };
}, 60_000);
afterAll(() => t?.close());

const send = (agent: TestAgent, method: string, p: string, json?: unknown) =>
  agent.request(method, p, json === undefined ? {} : { json });
const list = async (agent = a.agent) =>
  (await (await agent.get('/api/automations?pageSize=50')).json()) as Page<Automation>;

async function add(body: Record<string, unknown> = {}, agent = admin.agent) {
  const res = await agent.post('/api/automations', { name: 'Invoice sync', ...body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { automation: Automation }).automation;
}
async function clearCatalogue() {
  for (const x of (await list(admin.agent)).items)
    expect((await send(admin.agent, 'DELETE', `/api/automations/${x.id}`)).status).toBe(200);
}
const imageForm = (bytes: Buffer, name = 'shot.png') => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)]), name);
  return form;
};
const putImage = (id: string, bytes: Buffer, agent = admin.agent) =>
  agent.request('POST', `/api/automations/${id}/image/upload`, { body: imageForm(bytes) });

function storedFiles() {
  const root = path.join(t.filesDir, 'objects');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

/** Every element and attribute of sanitised HTML is on the allow-list; links open in a new tab without opener. */
async function expectSafe(html: string) {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  for (const el of doc.body.querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(el.tagName), `${el.tagName} in ${html}`).toBe(true);
    for (const attr of el.attributes) expect(ALLOWED_ATTRS.has(attr.name), `${attr.name} in ${html}`).toBe(true);
    if (el.tagName === 'A' && el.hasAttribute('href')) {
      expect(el.getAttribute('href')).toMatch(/^(https?:|mailto:)/i);
      expect(el.getAttribute('rel')).toBe('noopener noreferrer');
      expect(el.getAttribute('target')).toBe('_blank');
    }
  }
  expect(html).not.toMatch(/<(script|iframe|svg|math|style|img|object|embed|meta|base|form|input|template|noscript)/i);
  // Stable: sanitising what was stored again changes nothing (no mutation on a second parse).
  expect(await cleanAutomationHtml(html)).toBe(html);
}

describe('the catalogue', () => {
  it('admins add automations, active and last in order with the defaults; everyone signed in reads them in order', async () => {
    await clearCatalogue();
    const first = await add({ name: 'First' });
    const second = await add({
      name: 'Second',
      type: 'Bookkeeping',
      emoji: '🤖',
      isAutoSync: true,
      isNotification: true,
      description: '<p>Hi <b>there</b></p>',
    });
    expect(first).toMatchObject({
      name: 'First',
      type: 'Custom',
      emoji: '⚙️',
      status: 'active',
      displayOrder: 1,
      isAutoSync: false,
      isNotification: false,
      imageUrl: null,
      description: '',
      notes: '',
    });
    expect(second).toMatchObject({
      type: 'Bookkeeping',
      emoji: '🤖',
      displayOrder: 2,
      isAutoSync: true,
      isNotification: true,
      description: '<p>Hi <b>there</b></p>',
    });
    for (const who of [a, b, admin])
      expect((await list(who.agent)).items.map((x) => x.name)).toEqual(['First', 'Second']);
    expect((await t.request('GET', '/api/automations')).status).toBe(401);
    expect((await a.agent.get('/api/automations?pageSize=51')).status).toBe(400);
  });

  it('refuses writes from clients (403) and guests (401), changing nothing', async () => {
    const [x] = (await list()).items;
    const before = await t.db.select().from(automations);
    for (const res of [
      await a.agent.post('/api/automations', { name: 'Mine' }),
      await send(a.agent, 'PATCH', `/api/automations/${x.id}`, { name: 'Hacked' }),
      await send(a.agent, 'DELETE', `/api/automations/${x.id}`),
      await send(a.agent, 'PUT', '/api/automations/order', { ids: [x.id] }),
      await putImage(x.id, PNG, a.agent),
      await send(a.agent, 'DELETE', `/api/automations/${x.id}/image`),
    ])
      expect(res.status).toBe(403);
    expect((await t.request('POST', '/api/automations', { json: { name: 'x' } })).status).toBe(401);
    expect(await t.db.select().from(automations)).toEqual(before);
  });

  it('edits every field, refuses unknown emoji or fields (400), and answers 404 for a missing automation', async () => {
    const x = await add({ name: 'Edit me' });
    const res = await send(admin.agent, 'PATCH', `/api/automations/${x.id}`, {
      name: 'Edited',
      type: '',
      emoji: '📦',
      notes: '<em>n</em>',
      isAutoSync: true,
    });
    expect(res.status).toBe(200);
    const edited = ((await res.json()) as { automation: Automation }).automation;
    expect(edited).toMatchObject({
      name: 'Edited',
      type: 'Custom',
      emoji: '📦',
      notes: '<em>n</em>',
      isAutoSync: true,
      status: 'active',
      displayOrder: x.displayOrder,
    });
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(x.updatedAt).getTime());
    const bad = await send(admin.agent, 'PATCH', `/api/automations/${x.id}`, { name: 'x', emoji: '💣' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Choose one of the 20 emoji.');
    expect((await admin.agent.post('/api/automations', { name: 'x', status: 'pending' })).status).toBe(400);
    expect(
      (await send(admin.agent, 'PATCH', '/api/automations/00000000-0000-4000-8000-000000000000', { name: 'x' })).status,
    ).toBe(404);
    expect((await send(admin.agent, 'PATCH', '/api/automations/not-an-id', { name: 'x' })).status).toBe(404);
  });

  it('refuses an automation without a name (400 with the reason), on add and on edit, storing nothing', async () => {
    const x = await add({ name: 'Named' });
    const before = await t.db.select().from(automations);
    for (const res of [
      await admin.agent.post('/api/automations', {}),
      await admin.agent.post('/api/automations', { name: '   ', description: '<p>Something</p>' }),
      await send(admin.agent, 'PATCH', `/api/automations/${x.id}`, { name: '' }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(AUTOMATION_NAME_REQUIRED);
    }
    expect(await t.db.select().from(automations)).toEqual(before);
  });

  it('numbers concurrent adds by two admins without gaps or duplicates (highest + 1 under a lock)', async () => {
    await clearCatalogue();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => add({ name: `Race ${i}` }, i % 2 ? admin.agent : admin2.agent)),
    );
    expect((await list()).items.map((x) => x.displayOrder)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('sanitising description and notes when saved', () => {
  it('keeps nothing of the stored-XSS corpus that could run, through add and edit', async () => {
    const x = await add({ name: 'XSS', description: XSS_CORPUS, notes: XSS_CORPUS });
    const [row] = await t.db.select().from(automations).where(eq(automations.id, x.id));
    for (const html of [x.description, x.notes, row.description, row.notes]) await expectSafe(html);
    expect(x.description).toContain(
      '<a href="https://example.com/safe" target="_blank" rel="noopener noreferrer">safe link</a>',
    );
    expect(x.description).toContain('hover me');
    const res = await send(admin.agent, 'PATCH', `/api/automations/${x.id}`, {
      name: 'XSS',
      description: `<p>${XSS_CORPUS}</p>`,
      notes: XSS_CORPUS.split('\n').reverse().join(''),
    });
    const edited = ((await res.json()) as { automation: Automation }).automation;
    await expectSafe(edited.description);
    await expectSafe(edited.notes);
  });

  it('what was stored passes the edit form again, even when cleaning lengthened it', async () => {
    const link = '<a href="https://example.test/x">x</a>';
    const cleaned = '<a href="https://example.test/x" target="_blank" rel="noopener noreferrer">x</a>';
    const typed = link.repeat(Math.floor(AUTOMATION_HTML_MAX / cleaned.length));
    const x = await add({ name: 'Links', description: typed });
    const [row] = await t.db.select().from(automations).where(eq(automations.id, x.id));
    expect(row.description).toBe(cleaned.repeat(Math.floor(AUTOMATION_HTML_MAX / cleaned.length)));
    expect(row.description.length).toBeGreaterThan(typed.length);
    const res = await send(admin.agent, 'PATCH', `/api/automations/${x.id}`, {
      name: 'Links renamed',
      description: row.description,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('refuses HTML that cleaning makes too long (400)', async () => {
    const res = await admin.agent.post('/api/automations', { name: 'Long', notes: '<'.repeat(5000) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('The notes are too long once the HTML is cleaned: shorten it.');
  });

  it('checks each payload on its own', async () => {
    for (const payload of XSS_CORPUS.split('\n')) await expectSafe(await cleanAutomationHtml(payload));
    expect(await cleanAutomationHtml('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(await cleanAutomationHtml('<a href="/relative" target="_top">rel</a>')).toBe('<a>rel</a>');
  });
});

describe('images', () => {
  it('stores a picture checked by content, serves it to signed-in users, replaces and removes it with its file', async () => {
    const x = await add({ name: 'Pictured' });
    const before = storedFiles().length;
    const res = await putImage(x.id, PNG);
    expect(res.status, await res.clone().text()).toBe(200);
    const withImage = ((await res.json()) as { automation: Automation }).automation;
    expect(withImage.imageUrl).toMatch(new RegExp(`^/api/automations/${x.id}/image\\?v=`));
    expect(storedFiles().length).toBe(before + 1);
    const got = await b.agent.get(withImage.imageUrl!);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(PNG);
    expect((await t.request('GET', withImage.imageUrl!)).status).toBe(401);

    const again = ((await (await putImage(x.id, PNG)).json()) as { automation: Automation }).automation;
    expect(again.imageUrl).not.toBe(withImage.imageUrl);
    expect(storedFiles().length).toBe(before + 1);

    expect((await send(admin.agent, 'DELETE', `/api/automations/${x.id}`)).status).toBe(200);
    expect(storedFiles().length).toBe(before);
    expect((await b.agent.get(withImage.imageUrl!)).status).toBe(404);
  });

  it('refuses SVG and other kinds (415) and a picture over 5 MB (413), storing nothing', async () => {
    const x = await add({ name: 'No SVG' });
    const before = storedFiles().length;
    const svg = await putImage(x.id, SVG);
    expect(svg.status).toBe(415);
    expect((await svg.json()).error).toBe(WRONG_AUTOMATION_IMAGE);
    expect((await putImage(x.id, Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(415);
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    PNG.copy(big);
    const tooBig = await putImage(x.id, big);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toBe(IMAGE_TOO_LARGE);
    expect(storedFiles().length).toBe(before);
    expect((await a.agent.get(`/api/automations/${x.id}/image`)).status).toBe(404);
  });
});

describe('re-ordering', () => {
  it('renumbers from 1 in the order given; a stale or partial list is a 409', async () => {
    await clearCatalogue();
    const xs = [await add({ name: 'A' }), await add({ name: 'B' }), await add({ name: 'C' })];
    const ids = xs.map((x) => x.id);
    expect((await send(admin.agent, 'PUT', '/api/automations/order', { ids: [ids[2], ids[0], ids[1]] })).status).toBe(
      200,
    );
    expect((await list()).items.map((x) => [x.name, x.displayOrder])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    const partial = await send(admin.agent, 'PUT', '/api/automations/order', { ids: [ids[0], ids[1]] });
    expect(partial.status).toBe(409);
    expect((await partial.json()).error).toBe(AUTOMATION_ORDER_CHANGED);
    const dup = await send(admin.agent, 'PUT', '/api/automations/order', { ids: [ids[0], ids[0], ids[1]] });
    expect(dup.status).toBe(400);
    await add({ name: 'D' });
    expect((await send(admin.agent, 'PUT', '/api/automations/order', { ids })).status).toBe(409);
  });

  it('two concurrent saves both apply whole, one after the other: the order is one of them, numbered 1..n', async () => {
    await clearCatalogue();
    const xs = [];
    for (const n of ['A', 'B', 'C', 'D', 'E', 'F']) xs.push(await add({ name: n }));
    const ids = xs.map((x) => x.id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(3), ...ids.slice(0, 3)];
    const results = await Promise.all([
      send(admin.agent, 'PUT', '/api/automations/order', { ids: reversed }),
      send(admin2.agent, 'PUT', '/api/automations/order', { ids: rotated }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const after = (await list()).items;
    expect(after.map((x) => x.displayOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    expect([JSON.stringify(reversed), JSON.stringify(rotated)]).toContain(JSON.stringify(after.map((x) => x.id)));
  });

  it('a delete closes the gap', async () => {
    const before = (await list()).items;
    expect((await send(admin.agent, 'DELETE', `/api/automations/${before[1].id}`)).status).toBe(200);
    expect((await list()).items.map((x) => x.displayOrder)).toEqual([1, 2, 3, 4, 5]);
    expect((await send(admin.agent, 'DELETE', `/api/automations/${before[1].id}`)).status).toBe(404);
  });
});

describe('automation requests', () => {
  const own = (id: string) => `/api/clients/${id}/automation-requests`;
  let requestId: string;

  it('a client requests: saved, mailed to staff (escaped), notified to every admin', async () => {
    const res = await a.agent.post(own(a.id), {
      type: 'Invoices <b>',
      description: 'Sync my invoices & <script>x</script>',
      priority: 'High',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { request } = (await res.json()) as { request: AutomationRequest };
    requestId = request.id;
    expect(request).toMatchObject({
      clientId: a.id,
      type: 'Invoices <b>',
      priority: 'High',
      state: 'received',
      declineReason: '',
    });
    const mail = await t.lastMail(STAFF, 'Automation request');
    expect(mail.text).toContain(a.email);
    expect(mail.text).toContain('Sync my invoices & <script>x</script>');
    expect(mail.html).toContain('Sync my invoices &#38; &#60;script&#62;x&#60;/script&#62;');
    expect(mail.html).not.toContain('<script>');
    for (const who of [admin, admin2]) {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'automation_request')));
      expect(rows.at(-1)).toMatchObject({ clientId: a.id, link: '/automations' });
    }
    const defaults = await b.agent.post(own(b.id), { description: 'Remind me of renewals' });
    expect(defaults.status).toBe(201);
    expect(((await defaults.json()) as { request: AutomationRequest }).request).toMatchObject({
      type: '',
      description: 'Remind me of renewals',
      priority: 'Medium',
    });
  });

  it('refuses a request without a description (400 with the reason): nothing saved, mailed or notified', async () => {
    const counts = async () => ({
      requests: (await t.db.select().from(automationRequests)).length,
      mails: (await t.db.select().from(mailOutbox)).length,
      notices: (await t.db.select().from(notifications).where(eq(notifications.kind, 'automation_request'))).length,
    });
    const before = await counts();
    for (const body of [{}, { type: 'Invoices', description: '   ', priority: 'High' }]) {
      const res = await a.agent.post(own(a.id), body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(REQUEST_DESCRIPTION_REQUIRED);
    }
    expect(await counts()).toEqual(before);
  });

  it('a client sees only their own requests; another client id is a 404; bad input a 400', async () => {
    const mine = (await (await a.agent.get(own(a.id))).json()) as Page<AutomationRequest>;
    expect(mine.items.map((r) => r.clientId)).toEqual([a.id]);
    expect((await b.agent.get(own(a.id))).status).toBe(404);
    expect((await b.agent.post(own(a.id), { type: 'x' })).status).toBe(404);
    const bad = await a.agent.post(own(a.id), { description: 'Sync', priority: 'Urgent' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Priority must be High, Medium or Low.');
    expect((await a.agent.get('/api/automation-requests')).status).toBe(403);
  });

  it('admins list every request with the client named, filter by state and client', async () => {
    const all = (await (await admin.agent.get('/api/automation-requests')).json()) as Page<AutomationRequest>;
    expect(all.items.map((r) => r.clientId).sort()).toEqual([a.id, b.id].sort());
    expect(all.items.every((r) => r.clientName)).toBe(true);
    const ofA = (await (
      await admin.agent.get(`/api/automation-requests?clientId=${a.id}&state=received`)
    ).json()) as Page<AutomationRequest>;
    expect(ofA.items.map((r) => r.id)).toEqual([requestId]);
    expect(
      ((await (await admin.agent.get('/api/automation-requests?state=done')).json()) as Page<AutomationRequest>).total,
    ).toBe(0);
    expect((await admin.agent.get('/api/automation-requests?state=lost')).status).toBe(400);
  });

  it('only admins move a request, only along Received -> In progress -> Done or Declined; the client is notified, the change audited', async () => {
    const move = (state: string, reason?: string, agent = admin.agent) =>
      send(
        agent,
        'PATCH',
        `/api/automation-requests/${requestId}`,
        reason === undefined ? { state } : { state, reason },
      );
    expect((await move('in_progress', undefined, a.agent)).status).toBe(403);
    const skip = await move('done');
    expect(skip.status).toBe(409);
    expect((await skip.json()).error).toBe('A request that is Received cannot be moved to Done.');
    expect((await move('in_progress')).status).toBe(200);
    const noReason = await move('declined');
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error).toBe('Say why the request is declined.');
    const done = await move('done');
    expect(done.status).toBe(200);
    expect(((await done.json()) as { request: AutomationRequest }).request.state).toBe('done');
    expect((await move('declined', 'Too late')).status).toBe(409);
    expect((await move('in_progress')).status).toBe(409);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'automation_request')));
    expect(notes.map((n) => n.title)).toEqual([
      'Your automation request (Invoices <b>) is now In progress',
      'Your automation request (Invoices <b>) is now Done',
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'automation_request')));
    expect(audits).toHaveLength(2);
    expect(audits.every((r) => r.actorId === admin.id && r.action === 'update')).toBe(true);
    const mine = (await (await a.agent.get(own(a.id))).json()) as Page<AutomationRequest>;
    expect(mine.items[0].state).toBe('done');
    expect(
      (
        await send(admin.agent, 'PATCH', '/api/automation-requests/00000000-0000-4000-8000-000000000000', {
          state: 'done',
        })
      ).status,
    ).toBe(404);
  });

  it('declining keeps the reason and tells the client', async () => {
    const [r] = (
      (await (await admin.agent.get(`/api/automation-requests?clientId=${b.id}`)).json()) as Page<AutomationRequest>
    ).items;
    const res = await send(admin.agent, 'PATCH', `/api/automation-requests/${r.id}`, {
      state: 'declined',
      reason: 'We do not support that tool.',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { request: AutomationRequest }).request).toMatchObject({
      state: 'declined',
      declineReason: 'We do not support that tool.',
    });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'automation_request')));
    expect(note.body).toBe('Reason: We do not support that tool.');
  });

  it('limits requests: staff notices an hour (429), and open requests per client (409)', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const statuses = [];
    for (let i = 0; i < LIMITS.staffNoticesPerHour + 1; i++)
      statuses.push((await c.agent.post(own(c.user.id), { type: `T${i}`, description: 'Please' })).status);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    const last = await c.agent.post(own(c.user.id), { type: 'again', description: 'Please' });
    expect(last.status).toBe(429);
    expect((await last.json()).error).toBe(TOO_MANY_STAFF_NOTICES);

    const d = await t.createSignedInUser({ role: 'client' });
    await t.db.insert(automationRequests).values(
      Array.from({ length: LIMITS.openAutomationRequests }, (_, i) => ({
        id: crypto.randomUUID(),
        userId: d.user.id,
        type: `Open ${i}`,
      })),
    );
    const full = await d.agent.post(own(d.user.id), { type: 'one more', description: 'Please' });
    expect(full.status).toBe(409);
    expect((await full.json()).error).toBe(limitReached(LIMITS.openAutomationRequests, 'open automation requests'));

    // One short of the limit, three at once: one is stored, and only that one is mailed to staff.
    const e = await t.createSignedInUser({ role: 'client' });
    await t.db.insert(automationRequests).values(
      Array.from({ length: LIMITS.openAutomationRequests - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        userId: e.user.id,
        type: `Open ${i}`,
      })),
    );
    const staffMails = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, STAFF))).length;
    const before = await staffMails();
    const together = await Promise.all(
      [1, 2, 3].map((i) => e.agent.post(own(e.user.id), { type: `Together ${i}`, description: 'Please' })),
    );
    expect(together.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await staffMails()).toBe(before + 1);
  });
});
