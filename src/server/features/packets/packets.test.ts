import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDocuments, fundingPackets, notifications, packetLinkEvents, packetLinks } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makeDocx, makePdf } from '../../test/zip';
import { SHARE_MISSES_PER_IP, SHARE_READS_PER_TOKEN } from './packets.routes';
import type { BusinessDocument } from '../../../shared/documents';
import {
  MAX_LIVE_LINKS,
  PACKET_BUILDING,
  type FundingPacket,
  type PacketLink,
  type PacketLinkCreated,
} from '../../../shared/packets';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

const SSN = '123-45-6789';
const EIN = '98-7654321';
const ACCOUNT = '000123456789';
const ROUTING = '011000015';

beforeAll(async () => {
  // A small bound, so the size refusal needs no 50 MB of test files.
  t = await createTestApp({ PACKET_MAX_BYTES: String(200 * 1024) });
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Client Alpha', b: 'Client Bravo', admin: 'Vera Checker' }));
  const profile = await a.agent.request('PUT', `/api/clients/${a.id}/profile`, {
    json: { businessName: 'Alpha Widgets LLC', ownerSsn: SSN, ein: EIN, agreement: 'I AGREE' },
  });
  expect(profile.status, await profile.clone().text()).toBe(200);
  const bank = await a.agent.request('POST', `/api/clients/${a.id}/bank-accounts`, {
    json: { bankName: 'Alpha Bank', accountNumber: ACCOUNT, routingNumber: ROUTING },
  });
  expect(bank.status, await bank.clone().text()).toBe(201);
});
afterAll(() => t?.close());

const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

async function upload(agent: TestAgent, clientId: string, name: string, bytes: Buffer, kind = '') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name));
  form.append('documentType', 'Standard_Corporate');
  form.append('kind', kind);
  const res = await agent.request('POST', `/api/clients/${clientId}/documents/upload`, { body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { document: BusinessDocument }).document;
}

const build = (agent: TestAgent, clientId: string, documentIds: string[]) =>
  agent.request('POST', `/api/clients/${clientId}/packets`, { json: { documentIds } });

/** Polls the packet until its build has ended. */
async function finished(agent: TestAgent, clientId: string, id: string): Promise<FundingPacket> {
  for (let i = 0; i < 200; i++) {
    const res = await agent.request('GET', `/api/clients/${clientId}/packets/${id}`);
    const { packet } = (await res.json()) as { packet: FundingPacket };
    if (packet.status !== 'building') return packet;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the build did not end');
}

async function built(agent: TestAgent, clientId: string, documentIds: string[]) {
  const res = await build(agent, clientId, documentIds);
  expect(res.status, await res.clone().text()).toBe(202);
  const { packet } = (await res.json()) as { packet: FundingPacket };
  expect(packet.status).toBe('building');
  return finished(agent, clientId, packet.id);
}

/** The text drawn on a PDF's pages: its content streams inflated, their hex strings decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body = m[1];
    try {
      body = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      // not compressed
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f\s]+)>\s*Tj/g))
      text += `${Buffer.from(h[1].replace(/\s/g, ''), 'hex').toString('latin1')}\n`;
    for (const s of body.matchAll(/\(([^)]*)\)\s*Tj/g)) text += `${s[1]}\n`;
  }
  return text;
}

let packet: FundingPacket;
let docs: Record<string, { doc: BusinessDocument; bytes: Buffer }>;

describe('building a packet', () => {
  beforeAll(async () => {
    const files: [string, string, Buffer][] = [
      ['articles.pdf', 'articles', makePdf('Articles')],
      ['standing.pdf', 'good_standing', makePdf('Standing')],
      ['statement.pdf', 'bank_statement', makePdf('Statement')],
      ['agreement.docx', 'operating_agreement', await makeDocx()],
    ];
    docs = {};
    for (const [name, kind, bytes] of files)
      docs[kind] = { doc: await upload(a.agent, a.id, name, bytes, kind), bytes };
    // The certificate is 40 days old: past the 30 lenders accept.
    await t.db
      .update(businessDocuments)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(businessDocuments.id, docs.good_standing.doc.id));
    const verified = await admin.agent.request(
      'PUT',
      `/api/clients/${a.id}/documents/${docs.articles.doc.id}/verification`,
      { json: { status: 'verified' } },
    );
    expect(verified.status).toBe(200);
    packet = await built(
      a.agent,
      a.id,
      Object.values(docs).map((d) => d.doc.id),
    );
  });

  it('ends ready, with its progress complete and an index of every item', () => {
    expect(packet.status, packet.error ?? '').toBe('ready');
    expect(packet.done).toBe(packet.total);
    const byId = Object.fromEntries(packet.items.map((i) => [i.id, i]));
    expect(byId[`document:${docs.articles.doc.id}`]).toMatchObject({
      status: 'included',
      verification: 'verified',
      verifiedBy: 'Vera Checker',
      outOfDate: false,
    });
    expect(byId[`document:${docs.good_standing.doc.id}`]).toMatchObject({ outOfDate: true, ageDays: 40 });
    expect(byId[`document:${docs.bank_statement.doc.id}`]).toMatchObject({ verification: 'unchecked' });
    // A Word file cannot be merged: listed as such, never dropped.
    expect(byId[`document:${docs.operating_agreement.doc.id}`].status).toBe('not-merged');
    // Recommended kinds the client has none of are listed as missing.
    const missing = packet.items.filter((i) => i.status === 'missing').map((i) => i.kind);
    expect(missing.sort()).toEqual(['business_license', 'ein_letter', 'proof_of_address']);
    for (const s of ['section:fundability', 'section:tradelines', 'section:scores']) expect(byId[s]).toBeDefined();
  });

  it("the manifest's hashes are those of the PDF and of each document's stored bytes", async () => {
    const pdf = Buffer.from(
      await (await a.agent.request('GET', `/api/clients/${a.id}/packets/${packet.id}/packet.pdf`)).arrayBuffer(),
    );
    const manifestRes = await a.agent.request('GET', `/api/clients/${a.id}/packets/${packet.id}/manifest.json`);
    const manifestBytes = Buffer.from(await manifestRes.arrayBuffer());
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as {
      packet: { sha256: string; size: number };
      items: { id: string; sha256: string | null; status: string }[];
    };
    expect(manifest.packet).toMatchObject({ sha256: sha(pdf), size: pdf.length });
    expect(packet.pdfSha256).toBe(sha(pdf));
    expect(packet.manifestSha256).toBe(sha(manifestBytes));
    for (const { doc, bytes } of Object.values(docs))
      expect(manifest.items.find((i) => i.id === `document:${doc.id}`)?.sha256).toBe(sha(bytes));
    for (const item of manifest.items.filter((i) => i.status !== 'missing'))
      expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The three PDFs' pages follow the packet's own (cover, index, fundability, tradelines, scores).
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(5 + 3);
  });

  it('names the business and the EIN masked to its last 4; no SSN, EIN or bank number in clear', async () => {
    const pdf = Buffer.from(
      await (await a.agent.request('GET', `/api/clients/${a.id}/packets/${packet.id}/packet.pdf`)).arrayBuffer(),
    );
    const text = pdfText(pdf);
    expect(text).toContain('Alpha Widgets LLC');
    expect(text).toContain('4321');
    expect(text).toContain('OUT OF DATE');
    expect(text).toContain('MISSING');
    const manifest = await (
      await a.agent.request('GET', `/api/clients/${a.id}/packets/${packet.id}/manifest.json`)
    ).text();
    for (const secret of [SSN, '123456789', EIN, '987654321', ACCOUNT, ROUTING]) {
      expect(text).not.toContain(secret);
      expect(pdf.toString('latin1')).not.toContain(secret);
      expect(manifest).not.toContain(secret);
      expect(JSON.stringify(packet)).not.toContain(secret);
    }
  });

  it('staff build for the client too; the list shows the packets newest first', async () => {
    const byStaff = await built(admin.agent, a.id, [docs.articles.doc.id]);
    expect(byStaff.status).toBe('ready');
    const list = (await (await a.agent.request('GET', `/api/clients/${a.id}/packets`)).json()) as {
      items: FundingPacket[];
      total: number;
    };
    expect(list.items.map((p) => p.id).slice(0, 2)).toEqual([byStaff.id, packet.id]);
  });
});

describe('build limits', () => {
  it("another client's document is a 404; none at all, or too many bytes, are refused", async () => {
    const bravo = await upload(b.agent, b.id, 'bravo.pdf', makePdf('Bravo'), 'articles');
    expect((await build(a.agent, a.id, [bravo.id])).status).toBe(404);
    expect((await build(a.agent, a.id, [])).status).toBe(400);
    expect((await build(a.agent, a.id, ['not-a-uuid'])).status).toBe(400);
    const big = await upload(a.agent, a.id, 'big.pdf', Buffer.concat([makePdf('Big'), Buffer.alloc(210 * 1024, 32)]));
    const res = await build(a.agent, a.id, [big.id]);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/larger than 200 KB/);
  });

  it("a packet counts in the client's storage: none is built past the quota", async () => {
    const [doc] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.userId, b.id)).limit(1);
    // Client B's stored bytes brought to the default quota (1 GB) by a packet row of that size.
    await t.db
      .insert(fundingPackets)
      .values({ id: crypto.randomUUID(), userId: b.id, status: 'ready', pdfSize: 1024 * 1024 * 1024 });
    const res = await build(b.agent, b.id, [doc.id]);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/storage is full/);
  });

  it('one build in flight per client: a second is a 409; one stale for 15 minutes no longer counts', async () => {
    const [doc] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.userId, a.id)).limit(1);
    const id = crypto.randomUUID();
    await t.db.insert(fundingPackets).values({ id, userId: a.id, status: 'building', total: 2 });
    const res = await build(a.agent, a.id, [doc.id]);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(PACKET_BUILDING);
    await t.db
      .update(fundingPackets)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(fundingPackets.id, id));
    expect((await built(a.agent, a.id, [doc.id])).status).toBe('ready');
    const [stale] = await t.db.select().from(fundingPackets).where(eq(fundingPackets.id, id));
    expect(stale.status).toBe('failed');
  });
});

describe('share links', () => {
  const share = (agent: TestAgent, clientId: string, json: unknown) =>
    agent.request('POST', `/api/clients/${clientId}/packet-links`, { json });
  const path = (url: string) => new URL(url).pathname;
  const links = async () => {
    const res = await a.agent.request('GET', `/api/clients/${a.id}/packet-links`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { items: PacketLink[] }).items;
  };

  it('a link opens a plain noindex page with the items; opens and downloads are logged; the client is told once', async () => {
    const res = await share(a.agent, a.id, { packetId: packet.id, label: 'First Bank' });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as PacketLinkCreated;
    const days = (Date.parse(created.link.expiresAt) - Date.parse(created.link.createdAt)) / 86_400_000;
    expect(days).toBe(7);
    // Only the token's hash is stored.
    const token = path(created.url).split('/').pop()!;
    const [row] = await t.db.select().from(packetLinks).where(eq(packetLinks.id, created.link.id));
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));

    const page = await t.request('GET', path(created.url), {
      ip: '10.9.8.7',
      headers: { 'user-agent': 'LenderBrowser/1.0' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('name="robots" content="noindex');
    expect(html).toContain('articles.pdf');
    expect(html).toContain('Missing');
    await t.request('GET', path(created.url), { ip: '10.9.8.7' });
    const pdf = await t.request('GET', `${path(created.url)}/packet.pdf`, { ip: '10.9.8.6' });
    expect(pdf.status).toBe(200);
    expect(sha(Buffer.from(await pdf.arrayBuffer()))).toBe(packet.pdfSha256);
    const manifest = await t.request('GET', `${path(created.url)}/manifest.json`, { ip: '10.9.8.6' });
    expect(sha(Buffer.from(await manifest.arrayBuffer()))).toBe(packet.manifestSha256);

    const listed = (await links()).find((l) => l.id === created.link.id)!;
    expect(listed.eventCount).toBe(4);
    expect(listed.firstOpenedAt).not.toBeNull();
    expect(listed.events.map((e) => e.kind).sort()).toEqual(['download-manifest', 'download-pdf', 'open', 'open']);
    expect(listed.events.find((e) => e.userAgent === 'LenderBrowser/1.0')).toMatchObject({ ip: '10.9.8.7' });
    // Staff see the same log.
    const forStaff = (await (await admin.agent.request('GET', `/api/clients/${a.id}/packet-links`)).json()) as {
      items: PacketLink[];
    };
    expect(forStaff.items.find((l) => l.id === created.link.id)?.eventCount).toBe(4);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'packet_opened')));
    expect(told).toHaveLength(1);
  });

  it('a revoked link serves nothing: a clear page for the page and for each file', async () => {
    const created = (await (await share(a.agent, a.id, { packetId: packet.id, days: 30 })).json()) as PacketLinkCreated;
    expect((await t.request('GET', path(created.url))).status).toBe(200);
    const revoked = await a.agent.request('POST', `/api/clients/${a.id}/packet-links/${created.link.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { link: PacketLink }).link.state).toBe('revoked');
    const before = await t.db.$count(packetLinkEvents, eq(packetLinkEvents.linkId, created.link.id));
    for (const suffix of ['', '/packet.pdf', '/manifest.json']) {
      const res = await t.request('GET', `${path(created.url)}${suffix}`);
      expect(res.status).toBe(410);
      expect(res.headers.get('content-type')).toContain('text/html');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.toString('latin1')).toContain('This link was revoked');
      expect(body.includes('%PDF')).toBe(false);
    }
    expect(await t.db.$count(packetLinkEvents, eq(packetLinkEvents.linkId, created.link.id))).toBe(before);
  });

  it('an expired link answers its page, never the files; a made-up token a 404 page', async () => {
    const created = (await (await share(a.agent, a.id, { packetId: packet.id, days: 1 })).json()) as PacketLinkCreated;
    await t.db
      .update(packetLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(packetLinks.id, created.link.id));
    const res = await t.request('GET', `${path(created.url)}/packet.pdf`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This link has expired');
    expect((await links()).find((l) => l.id === created.link.id)?.state).toBe('expired');
    const unknown = await t.request('GET', `/api/packet-share/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This link does not work');
  });

  it('days from 1 to 30; a packet of another client, or not ready, is refused; at most 20 live links', async () => {
    for (const days of [0, 31, 1.5, '7'])
      expect((await share(a.agent, a.id, { packetId: packet.id, days })).status).toBe(400);
    const bPacket = crypto.randomUUID();
    await t.db.insert(fundingPackets).values({ id: bPacket, userId: b.id, status: 'ready' });
    expect((await share(a.agent, a.id, { packetId: bPacket })).status).toBe(404);
    const building = crypto.randomUUID();
    await t.db.insert(fundingPackets).values({ id: building, userId: a.id, status: 'failed' });
    expect((await share(a.agent, a.id, { packetId: building })).status).toBe(409);
    const live = (await links()).filter((l) => l.state === 'live').length;
    for (let i = live; i < MAX_LIVE_LINKS; i++)
      expect((await share(a.agent, a.id, { packetId: packet.id })).status).toBe(201);
    const over = await share(a.agent, a.id, { packetId: packet.id });
    expect(over.status).toBe(409);
    expect((await b.agent.request('GET', `/api/clients/${a.id}/packet-links`)).status).toBe(404);
  });

  it('deleting a packet removes its links: their addresses answer 404', async () => {
    const other = await built(a.agent, a.id, [docs.articles.doc.id]);
    const linkRes = await admin.agent.request('POST', `/api/clients/${a.id}/packet-links`, {
      json: { packetId: other.id },
    });
    // The live-link limit is reached above: revoke one first.
    if (linkRes.status === 409) {
      const [first] = (await links()).filter((l) => l.state === 'live');
      await a.agent.request('POST', `/api/clients/${a.id}/packet-links/${first.id}/revoke`);
    }
    const created = (await (
      await a.agent.request('POST', `/api/clients/${a.id}/packet-links`, { json: { packetId: other.id } })
    ).json()) as PacketLinkCreated;
    expect((await a.agent.request('DELETE', `/api/clients/${a.id}/packets/${other.id}`)).status).toBe(200);
    expect((await t.request('GET', path(created.url))).status).toBe(404);
  });
});

describe('share link rate limits', () => {
  it('a token read too often, or an address guessing tokens, is refused with a 429', async () => {
    // The tests above reached the live-link limit: their links are revoked here.
    await t.db.update(packetLinks).set({ revokedAt: new Date() }).where(eq(packetLinks.userId, a.id));
    const res = await a.agent.request('POST', `/api/clients/${a.id}/packet-links`, { json: { packetId: packet.id } });
    expect(res.status).toBe(201);
    const path = new URL(((await res.json()) as PacketLinkCreated).url).pathname;
    for (let i = 0; i < SHARE_READS_PER_TOKEN.max; i++) expect((await t.request('GET', path)).status).toBe(200);
    const over = await t.request('GET', path);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    const ip = '10.123.0.9';
    for (let i = 0; i < SHARE_MISSES_PER_IP.max; i++)
      expect((await t.request('GET', `/api/packet-share/${String(i).padStart(43, 'y')}`, { ip })).status).toBe(404);
    expect((await t.request('GET', `/api/packet-share/${'z'.repeat(43)}`, { ip })).status).toBe(429);
  });
});
