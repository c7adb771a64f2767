import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessCompliance, businessDocuments, notifications } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makePdf } from '../../test/zip';
import type { BusinessDocument } from '../../../shared/documents';
import { ageInDays, isOutOfDate } from '../../../shared/document-kinds-rules';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Client Alpha', b: 'Client Bravo', admin: 'Vera Checker' }));
});
afterAll(() => t?.close());

async function upload(agent: TestAgent, clientId: string, name: string, kind?: string, type = 'Standard_Corporate') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(makePdf(name.slice(0, 10)))], name, { type: 'application/pdf' }));
  form.append('documentType', type);
  if (kind !== undefined) form.append('kind', kind);
  return agent.request('POST', `/api/clients/${clientId}/documents/upload`, { body: form });
}
async function uploaded(agent: TestAgent, clientId: string, name: string, kind?: string) {
  const res = await upload(agent, clientId, name, kind);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { document: BusinessDocument }).document;
}
const list = async (agent: TestAgent, clientId: string) =>
  ((await (await agent.request('GET', `/api/clients/${clientId}/documents`)).json()) as { items: BusinessDocument[] })
    .items;

describe('document kinds', () => {
  it('an upload takes an optional kind from the shared list, and refuses any other', async () => {
    const typed = await uploaded(a.agent, a.id, 'statement.pdf', 'bank_statement');
    expect(typed.kind).toBe('bank_statement');
    expect(typed.verification).toBeNull();
    expect((await uploaded(a.agent, a.id, 'plain.pdf')).kind).toBeNull();
    expect((await uploaded(a.agent, a.id, 'empty-kind.pdf', '')).kind).toBeNull();
    const bad = await upload(a.agent, a.id, 'odd.pdf', 'passport');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('kind');
    expect((await list(a.agent, a.id)).map((d) => d.documentName)).not.toContain('odd.pdf');
  });

  it('the kind can be changed and cleared, by the client or staff, never on another client', async () => {
    const doc = await uploaded(a.agent, a.id, 'letter.pdf');
    const put = (agent: TestAgent, clientId: string, kind: unknown) =>
      agent.request('PUT', `/api/clients/${clientId}/documents/${doc.id}/kind`, { json: { kind } });
    let res = await put(a.agent, a.id, 'ein_letter');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { document: BusinessDocument }).document.kind).toBe('ein_letter');
    res = await put(admin.agent, a.id, 'good_standing');
    expect(((await res.json()) as { document: BusinessDocument }).document.kind).toBe('good_standing');
    expect((await put(a.agent, a.id, 'nonsense')).status).toBe(400);
    expect((await put(b.agent, b.id, 'other')).status).toBe(404);
    res = await put(a.agent, a.id, null);
    expect(((await res.json()) as { document: BusinessDocument }).document.kind).toBeNull();
  });

  it('ages: past a kind’s maximum a document is out of date; kinds without one never are', () => {
    const now = new Date('2026-06-30T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    expect(ageInDays(daysAgo(31), now)).toBe(31);
    expect(isOutOfDate('good_standing', daysAgo(30), now)).toBe(false);
    expect(isOutOfDate('good_standing', daysAgo(31), now)).toBe(true);
    expect(isOutOfDate('bank_statement', daysAgo(90), now)).toBe(false);
    expect(isOutOfDate('bank_statement', daysAgo(91), now)).toBe(true);
    expect(isOutOfDate('proof_of_address', daysAgo(91), now)).toBe(true);
    expect(isOutOfDate('articles', daysAgo(3000), now)).toBe(false);
    expect(isOutOfDate(null, daysAgo(3000), now)).toBe(false);
  });
});

describe('staff verification', () => {
  const verify = (agent: TestAgent, clientId: string, id: string, json: unknown) =>
    agent.request('PUT', `/api/clients/${clientId}/documents/${id}/verification`, { json });

  it('staff mark a document Verified: who and when shown to the client, audited, the client told', async () => {
    const doc = await uploaded(a.agent, a.id, 'standing.pdf', 'good_standing');
    expect((await verify(a.agent, a.id, doc.id, { status: 'verified' })).status).toBe(403);
    const res = await verify(admin.agent, a.id, doc.id, { status: 'verified' });
    expect(res.status, await res.clone().text()).toBe(200);
    const seen = (await list(a.agent, a.id)).find((d) => d.id === doc.id)!;
    expect(seen.verification).toMatchObject({ status: 'verified', byName: 'Vera Checker', reason: null });
    expect(Date.now() - Date.parse(seen.verification!.at)).toBeLessThan(60_000);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, doc.id));
    expect(audit.map((r) => [r.action, r.actorId])).toContainEqual(['update', admin.id]);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(bell.length).toBeGreaterThan(0);
  });

  it('a rejection needs a reason and becomes a document request with it', async () => {
    const doc = await uploaded(a.agent, a.id, 'utility.pdf', 'proof_of_address');
    const empty = await verify(admin.agent, a.id, doc.id, { status: 'rejected', reason: '  ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { field: string }).field).toBe('reason');
    expect((await verify(admin.agent, a.id, doc.id, { status: 'maybe' })).status).toBe(400);
    const res = await verify(admin.agent, a.id, doc.id, { status: 'rejected', reason: 'The bill is cut off.' });
    expect(res.status, await res.clone().text()).toBe(200);
    const checked = ((await res.json()) as { document: BusinessDocument }).document;
    expect(checked.verification).toMatchObject({ status: 'rejected', reason: 'The bill is cut off.' });
    const requests = await t.db.select().from(businessCompliance).where(eq(businessCompliance.userId, a.id));
    const request = requests.find((r) => r.kind === 'document_request' && r.taskName.includes('proof of address'));
    expect(request, JSON.stringify(requests.map((r) => r.taskName))).toBeDefined();
    expect(request!.taskDescription).toContain('The bill is cut off.');
    expect(request!.requestedDocumentType).toBe('Standard_Corporate');
  });

  it('another client’s document, or a staff member’s id, is a 404; nothing changes', async () => {
    const doc = await uploaded(b.agent, b.id, 'bravo.pdf', 'articles');
    expect((await verify(admin.agent, a.id, doc.id, { status: 'verified' })).status).toBe(404);
    expect((await verify(admin.agent, a.id, 'not-a-uuid', { status: 'verified' })).status).toBe(404);
    const [row] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.id, doc.id));
    expect(row.verificationStatus).toBeNull();
  });

  it('a re-upload clears the mark; so does a new kind', async () => {
    const doc = await uploaded(a.agent, a.id, 'license.pdf', 'business_license');
    expect((await verify(admin.agent, a.id, doc.id, { status: 'verified' })).status).toBe(200);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(makePdf('New'))], 'license-2026.pdf', { type: 'application/pdf' }));
    const res = await a.agent.request('POST', `/api/clients/${a.id}/documents/${doc.id}/upload`, { body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const replaced = ((await res.json()) as { document: BusinessDocument }).document;
    expect(replaced).toMatchObject({ id: doc.id, documentName: 'license-2026.pdf', kind: 'business_license' });
    expect(replaced.verification).toBeNull();
    const download = await a.agent.request('GET', `/api/clients/${a.id}/documents/${doc.id}/download`);
    expect(Buffer.from(await download.arrayBuffer()).toString('latin1')).toContain('(New)');

    expect((await verify(admin.agent, a.id, doc.id, { status: 'verified' })).status).toBe(200);
    await a.agent.request('PUT', `/api/clients/${a.id}/documents/${doc.id}/kind`, { json: { kind: 'other' } });
    expect((await list(a.agent, a.id)).find((d) => d.id === doc.id)!.verification).toBeNull();
  });
});
