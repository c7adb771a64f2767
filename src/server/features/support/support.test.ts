import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, supportConversations, supportMessages } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makePdf } from '../../test/make-pdf';
import { makeDoc, makeDocx } from '../../test/zip';
import { PNG } from '../training/training-media';
import { SUPPORT_DAY_LIMIT, TOO_MANY_SUPPORT_MESSAGES, LIMITS } from '../../../shared/limits';
import {
  SUPPORT_MESSAGE_EMPTY,
  SUPPORT_MESSAGE_TOO_LONG,
  type SupportConversationItem,
  type SupportMessage,
  type SupportThread,
} from '../../../shared/support';
import { CHAT_CONTENT_MISMATCH, DOUBLE_EXTENSION, ONLY_CHAT_FILES } from '../../../shared/uploads';

type Who = { id: string; email: string; agent: TestAgent };
let t: TestApp;
let a: Who;
let b: Who;
let admin: Who;
const base = (clientId: string) => `/api/clients/${clientId}/support`;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin());
});
afterAll(() => t?.close());

async function newClient(name = 'Chat Client') {
  const u = await t.createSignedInUser({ role: 'client', name });
  return { id: u.user.id, email: u.email, agent: u.agent };
}

async function send(who: Who, clientId: string, body: string) {
  const res = await who.agent.post(`${base(clientId)}/messages`, { body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).message as SupportMessage;
}
const thread = async (who: Who, clientId: string, q = '') => {
  const res = await who.agent.get(`${base(clientId)}/messages${q}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SupportThread;
};
function upload(who: Who, clientId: string, file: Buffer, name: string, body?: string) {
  const form = new FormData();
  if (body !== undefined) form.set('body', body);
  form.set('file', new Blob([new Uint8Array(file)]), name);
  return who.agent.request('POST', `${base(clientId)}/messages/upload`, { body: form });
}

describe('support chat messages', () => {
  it('keeps each client to their own conversation; an admin writes as staff', async () => {
    const mine = await send(a, a.id, '  Hello\r\nsupport  ');
    expect(mine).toMatchObject({ clientId: a.id, fromStaff: false, body: 'Hello\nsupport', attachment: null });
    // B can neither read, write, mark read nor follow A's conversation.
    for (const [method, path, json] of [
      ['GET', `${base(a.id)}/messages`, undefined],
      ['POST', `${base(a.id)}/messages`, { body: 'hi' }],
      ['POST', `${base(a.id)}/read`, { upTo: 1 }],
      ['GET', `${base(a.id)}/stream`, undefined],
    ] as const) {
      const res = await b.agent.request(method, path, json ? { json } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await thread(b, b.id)).items).toEqual([]);
    // Staff write to clients only: not into an admin's own (or another admin's) id.
    expect((await admin.agent.post(`${base(admin.id)}/messages`, { body: 'to myself' })).status).toBe(404);

    const reply = await send(admin, a.id, 'We are on it');
    expect(reply).toMatchObject({ fromStaff: true, clientId: a.id });
    const seen = await thread(a, a.id);
    expect(seen.items.map((m) => m.body)).toEqual(['Hello\nsupport', 'We are on it']);
    expect(seen.staffReadId).toBe(reply.id);
    // The admin's write on A's data is in A's audit log.
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityType, 'support_message')));
    expect(audit.map((r) => r.entityId)).toEqual([String(reply.id)]);
  });

  it('refuses bad input with a sentence', async () => {
    const cases: [unknown, string][] = [
      [{ body: 'x'.repeat(5001) }, SUPPORT_MESSAGE_TOO_LONG],
      [{ body: ' \n\t ' }, SUPPORT_MESSAGE_EMPTY],
      [{ body: 42 }, 'Message must be text'],
      [{}, 'Message must be text'],
      [{ body: 'hi', html: '<b>' }, 'Unexpected field: html'],
    ];
    for (const [json, error] of cases) {
      const res = await a.agent.post(`${base(a.id)}/messages`, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    for (const q of ['?before=abc', '?limit=0', '?limit=101', '?foo=1'])
      expect((await a.agent.get(`${base(a.id)}/messages${q}`)).status, q).toBe(400);
    expect((await a.agent.post(`${base(a.id)}/read`, { upTo: 'x' })).status).toBe(400);
    expect((await a.agent.post(`${base(a.id)}/read`, { upTo: -1 })).status).toBe(400);
    expect((await a.agent.get(`${base(a.id)}/stream`, { headers: { 'last-event-id': 'abc' } })).status).toBe(400);
    // HTML is kept as the text it is, never rendered or cleaned into something else.
    const html = await send(a, a.id, '<img src=x onerror=alert(1)>');
    expect(html.body).toBe('<img src=x onerror=alert(1)>');
  });

  it('pages oldest first with a before cursor', async () => {
    const c = await newClient();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await send(c, c.id, `m${i}`)).id);
    const last = await thread(c, c.id, '?limit=2');
    expect(last.items.map((m) => m.body)).toEqual(['m4', 'm5']);
    expect(last.nextBefore).toBe(ids[3]);
    const mid = await thread(c, c.id, `?limit=2&before=${last.nextBefore}`);
    expect(mid.items.map((m) => m.body)).toEqual(['m2', 'm3']);
    const first = await thread(c, c.id, `?limit=2&before=${mid.nextBefore}`);
    expect(first.items.map((m) => m.body)).toEqual(['m1']);
    expect(first.nextBefore).toBeNull();
  });

  it(`limits a sender to ${LIMITS.supportMessagesPerMinute} messages a minute and a conversation to ${LIMITS.supportMessagesPerDay} a day`, async () => {
    const c = await newClient();
    for (let i = 0; i < LIMITS.supportMessagesPerMinute; i++) await send(c, c.id, `quick ${i}`);
    const res = await c.agent.post(`${base(c.id)}/messages`, { body: 'one too many' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toBe(TOO_MANY_SUPPORT_MESSAGES);

    const d = await newClient();
    await send(d, d.id, 'first');
    await t.db.insert(supportMessages).values(
      Array.from({ length: LIMITS.supportMessagesPerDay - 1 }, (_, i) => ({
        clientId: d.id,
        fromStaff: false,
        body: `old ${i}`,
      })),
    );
    const capped = await d.agent.post(`${base(d.id)}/messages`, { body: 'over the day' });
    expect(capped.status).toBe(429);
    expect((await capped.json()).error).toBe(SUPPORT_DAY_LIMIT);
    // The cap counts the client's messages: staff can still answer a client who reached it.
    expect((await admin.agent.post(`${base(d.id)}/messages`, { body: 'reply' })).status).toBe(201);
    // Messages older than a day no longer count.
    await t.db
      .update(supportMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(supportMessages.clientId, d.id), like(supportMessages.body, 'old %')));
    await send(d, d.id, 'next day');
  });

  it('read ids only move up and never past the last message; each side reads its own', async () => {
    const c = await newClient();
    const m1 = await send(c, c.id, 'one');
    const m2 = await send(c, c.id, 'two');
    expect(await thread(admin, c.id)).toMatchObject({ staffReadId: 0, clientReadId: m2.id });
    const read = await admin.agent.post(`${base(c.id)}/read`, { upTo: 2_000_000_000 });
    expect(await read.json()).toEqual({ staffReadId: m2.id, clientReadId: m2.id });
    const lower = await admin.agent.post(`${base(c.id)}/read`, { upTo: m1.id });
    expect((await lower.json()).staffReadId).toBe(m2.id);
    const r = await send(admin, c.id, 'answer');
    expect((await thread(c, c.id)).clientReadId).toBe(m2.id);
    expect((await (await c.agent.post(`${base(c.id)}/read`, { upTo: r.id })).json()).clientReadId).toBe(r.id);
  });

  it('tells the client once per unread reply and the admins once per unread spell', async () => {
    const c = await newClient('Spell Client');
    const adminNotes = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, admin.id),
              eq(notifications.kind, 'support_message'),
              eq(notifications.clientId, c.id),
            ),
          )
      ).length;
    const clientNotes = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, c.id), eq(notifications.kind, 'support_reply')))
      ).length;
    await send(c, c.id, 'first');
    await send(c, c.id, 'second');
    expect(await adminNotes()).toBe(1);
    await send(admin, c.id, 'reply 1');
    await send(admin, c.id, 'reply 2');
    expect(await clientNotes()).toBe(1);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.id), eq(notifications.kind, 'support_reply')));
    expect(note.link).toBe('/support');
    const [staffNote] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.id),
          eq(notifications.kind, 'support_message'),
          eq(notifications.clientId, c.id),
        ),
      );
    expect(staffNote).toMatchObject({
      title: 'New Support Chat message from Spell Client',
      body: 'first',
      link: `/support?conversation=${c.id}`,
    });
    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, note.id));
    await send(admin, c.id, 'reply 3');
    expect(await clientNotes()).toBe(2);
    // Staff read everything by replying: the client's next message starts a new spell.
    await send(c, c.id, 'third');
    expect(await adminNotes()).toBe(2);
  });
});

describe('support inbox', () => {
  it('lists the longest wait first, then the answered, with counts; archive and reappear; the badge counts unread', async () => {
    const t2 = await createTestApp();
    try {
      const { a: x, b: y, admin: boss } = await t2.clientsAndAdmin();
      const z = await t2.createSignedInUser({ role: 'client', name: 'Zed' });
      const zz = { id: z.user.id, email: z.email, agent: z.agent };
      const say = async (who: Who, clientId: string, body: string) =>
        expect((await who.agent.post(`${base(clientId)}/messages`, { body })).status).toBe(201);
      await say(x, x.id, 'x1');
      await say(x, x.id, 'x2');
      await say(y, y.id, 'y1');
      await say(zz, zz.id, 'z1');
      await say(boss, zz.id, 'answer z'); // z is read by staff and the newest
      const inbox = async (view = 'open') => {
        const res = await boss.agent.get(`/api/support/conversations?view=${view}`);
        expect(res.status).toBe(200);
        return (await res.json()) as { items: SupportConversationItem[]; total: number };
      };
      const open = await inbox();
      // Most urgent first: x has waited longest (same target), then y; z is answered.
      expect(open.items.map((i) => [i.clientId, i.unreadCount])).toEqual([
        [x.id, 2],
        [y.id, 1],
        [zz.id, 0],
      ]);
      expect(open.items[2].lastMessage).toMatchObject({ body: 'answer z', fromStaff: true, hasAttachment: false });
      expect(open.items[1].clientName).toBe('Test User');
      expect(await (await boss.agent.get('/api/support/unread')).json()).toEqual({ conversations: 2 });

      expect((await x.agent.post(`${base(x.id)}/archive`, { archived: true })).status).toBe(403);
      const archived = await boss.agent.post(`${base(x.id)}/archive`, { archived: true });
      expect(await archived.json()).toEqual({ archived: true });
      expect((await inbox()).items.map((i) => i.clientId)).not.toContain(x.id);
      expect((await inbox('archived')).items.map((i) => [i.clientId, i.archived])).toEqual([[x.id, true]]);
      await say(x, x.id, 'back again');
      expect((await inbox()).items.map((i) => i.clientId)).toContain(x.id);
      expect((await inbox('archived')).items).toEqual([]);
      // A conversation with no message cannot be archived.
      const fresh = await t2.createSignedInUser({ role: 'client' });
      expect((await boss.agent.post(`${base(fresh.user.id)}/archive`, { archived: true })).status).toBe(404);
      expect((await boss.agent.get('/api/support/conversations?pageSize=101')).status).toBe(400);
      expect((await boss.agent.get('/api/support/conversations?view=all')).status).toBe(400);
    } finally {
      await t2.close();
    }
  });

  it('shows the agent online only while an admin has the inbox stream open', async () => {
    const agent = async () =>
      (await (await a.agent.get('/api/support/agent')).json()) as { online: boolean; name: string; hours: string };
    const before = await agent();
    expect(before).toMatchObject({ name: 'Support Team', online: false });
    expect(before.hours).toMatch(/Monday/);
    const res = await admin.agent.get('/api/support/stream');
    expect(res.status).toBe(200);
    const deadline = Date.now() + 2000;
    while (!(await agent()).online && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((await agent()).online).toBe(true);
    await res.body?.cancel();
  });
});

describe('support attachments', () => {
  it('uploads pictures and documents, downloads them only through the client’s route', async () => {
    const c = await newClient();
    const res = await upload(c, c.id, PNG, 'screen shot.png', 'See the picture');
    expect(res.status, await res.clone().text()).toBe(201);
    const msg = (await res.json()).message as SupportMessage;
    expect(msg.body).toBe('See the picture');
    expect(msg.attachment).toMatchObject({ fileName: 'screen shot.png', contentType: 'image/png', size: PNG.length });
    const pdf = await upload(admin, c.id, makePdf('invoice'), 'invoice.pdf');
    expect(pdf.status, await pdf.clone().text()).toBe(201);
    const pdfMsg = (await pdf.json()).message as SupportMessage;
    expect(pdfMsg).toMatchObject({ fromStaff: true, body: '' });

    const dl = await c.agent.get(`${base(c.id)}/attachments/${msg.attachment!.id}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="screen shot.png"/);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(PNG);
    expect((await admin.agent.get(`${base(c.id)}/attachments/${pdfMsg.attachment!.id}`)).status).toBe(200);
    // Another client: not on the owner's path, nor with the id on their own.
    expect((await b.agent.get(`${base(c.id)}/attachments/${msg.attachment!.id}`)).status).toBe(404);
    expect((await b.agent.get(`${base(b.id)}/attachments/${msg.attachment!.id}`)).status).toBe(404);
    expect((await c.agent.get(`${base(c.id)}/attachments/not-an-id`)).status).toBe(404);
  });

  it('accepts every chat kind by content: pdf, doc, docx, png, jpeg, gif, webp', async () => {
    const c = await newClient();
    const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([36, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(64),
    ]);
    const kinds: [Buffer, string, string][] = [
      [makePdf(), 'a.pdf', 'application/pdf'],
      [makeDoc(), 'old.doc', 'application/msword'],
      [await makeDocx(), 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [PNG, 'p.png', 'image/png'],
      [
        pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00])),
        'photo.JPEG',
        'image/jpeg',
      ],
      [pad(Buffer.from('GIF89a')), 'anim.gif', 'image/gif'],
      [webp, 'pic.webp', 'image/webp'],
    ];
    for (const [bytes, name, type] of kinds) {
      const res = await upload(c, c.id, bytes, name);
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
      const { message } = (await res.json()) as { message: SupportMessage };
      expect(message.attachment, name).toMatchObject({ fileName: name, contentType: type, size: bytes.length });
      const dl = await c.agent.get(`${base(c.id)}/attachments/${message.attachment!.id}`);
      expect(dl.headers.get('content-type'), name).toBe(type);
      expect(Buffer.from(await dl.arrayBuffer()).equals(bytes), name).toBe(true);
    }
  });

  it('refuses wrong kinds, disguised names, a bad body and a full store', async () => {
    const c = await newClient();
    const cases: [Buffer, string, number, string][] = [
      [PNG, 'picture.pdf', 415, CHAT_CONTENT_MISMATCH],
      [makePdf(), 'report.exe', 400, ONLY_CHAT_FILES],
      [makePdf(), 'report.php.pdf', 400, DOUBLE_EXTENSION],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.png',
        415,
        CHAT_CONTENT_MISMATCH,
      ],
    ];
    for (const [bytes, name, status, error] of cases) {
      const res = await upload(c, c.id, bytes, name);
      expect(res.status, name).toBe(status);
      expect((await res.json()).error, name).toBe(error);
    }
    const long = await upload(c, c.id, PNG, 'a.png', 'x'.repeat(5001));
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe(SUPPORT_MESSAGE_TOO_LONG);
    const noFile = new FormData();
    noFile.set('body', 'hello');
    expect((await c.agent.request('POST', `${base(c.id)}/messages/upload`, { body: noFile })).status).toBe(400);
    expect((await thread(c, c.id)).items).toEqual([]);
    // Nothing refused was left in storage.
    const fs = await import('node:fs');
    const dir = `${t.filesDir}/support`;
    const left = fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.'))
      : [];
    const stored = await t.db.select().from(supportMessages).where(eq(supportMessages.clientId, c.id));
    expect(stored).toEqual([]);
    expect(left.filter((f) => String(f).startsWith(c.id.toLowerCase()))).toEqual([]);

    const small = await createTestApp({ STORAGE_QUOTA_BYTES: String(PNG.length + 10) });
    try {
      const u = await small.createSignedInUser({ role: 'client' });
      const first = await (async () => {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(PNG)]), 'one.png');
        return u.agent.request('POST', `${base(u.user.id)}/messages/upload`, { body: form });
      })();
      expect(first.status).toBe(201);
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(PNG)]), 'two.png');
      const full = await u.agent.request('POST', `${base(u.user.id)}/messages/upload`, { body: form });
      expect(full.status).toBe(413);
      expect((await full.json()).error).toMatch(/Your storage is full/);
    } finally {
      await small.close();
    }
  });
});

describe('conversation state', () => {
  it('starts with no conversation row and zero read ids', async () => {
    const c = await newClient();
    expect(await thread(c, c.id)).toEqual({
      items: [],
      nextBefore: null,
      staffReadId: 0,
      clientReadId: 0,
      archived: false,
    });
    expect(await t.db.select().from(supportConversations).where(eq(supportConversations.clientId, c.id))).toEqual([]);
    // Reading an empty conversation is harmless.
    expect(await (await c.agent.post(`${base(c.id)}/read`, { upTo: 5 })).json()).toEqual({
      staffReadId: 0,
      clientReadId: 0,
    });
  });
});
