import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountReceivableDocuments,
  accountReceivables,
  auditLog,
  purchaseOrderDocuments,
  purchaseOrders,
  uploadSlots,
} from '../../db/schema';
import { INSTANCE_ID } from '../../lib/instance';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makePdf } from '../../test/zip';
import { FILE_TOO_LARGE } from '../../../shared/uploads';
import { LIMITS } from '../../../shared/limits';
import {
  DOCUMENTS_PER_RECORD,
  TOO_MANY_RECORD_DOCUMENTS,
  type PurchaseOrder,
  type Receivable,
  type RecordDocument,
  type StatusTotal,
} from '../../../shared/records';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Client Alpha', b: 'Client Bravo', admin: 'Staff Admin' }));
});
afterAll(() => t?.close());

const receivable = { vendorName: 'Acme Supply', amount: 2500.5, dueDate: '2026-12-01' };
const order = { vendorName: 'Widget Co', amount: 1200, orderDate: '2026-11-20' };

async function addReceivable(agent: TestAgent, clientId: string, body: Record<string, unknown> = receivable) {
  const res = await agent.post(`/api/clients/${clientId}/receivables`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { record: Receivable }).record;
}
async function addOrder(agent: TestAgent, clientId: string, body: Record<string, unknown> = order) {
  const res = await agent.post(`/api/clients/${clientId}/purchase-orders`, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { record: PurchaseOrder }).record;
}
function upload(agent: TestAgent, path: string, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: 'application/pdf' }));
  return agent.request('POST', `${path}/documents/upload`, { body: form });
}
async function uploadOk(agent: TestAgent, path: string, name = 'invoice.pdf') {
  const res = await upload(agent, path, { name, bytes: makePdf(name) });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { document: RecordDocument }).document;
}
type ListBody<T> = { items: T[]; total: number; totals: StatusTotal[] };
const list = async <T>(agent: TestAgent, path: string) => {
  const res = await agent.get(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListBody<T>;
};

describe('account receivables', () => {
  it('a client adds one (pending by default, amount with cents), lists it with its documents, and changes its status: the status is saved', async () => {
    const rec = await addReceivable(a.agent, a.id);
    expect(rec).toMatchObject({ ...receivable, status: 'pending', clientId: a.id, documents: [] });
    const base = `/api/clients/${a.id}/receivables/${rec.id}`;
    const doc = await uploadOk(a.agent, base);

    const patched = await a.agent.request('PATCH', base, {
      json: { ...receivable, vendorName: 'Acme Supply Ltd', status: 'approved' },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    // Saved to account_receivables, status included (the original product's edit wrote to purchase_orders and dropped it).
    const [row] = await t.db.select().from(accountReceivables).where(eq(accountReceivables.id, rec.id));
    expect(row).toMatchObject({ status: 'approved', vendorName: 'Acme Supply Ltd', amount: '2500.50' });
    expect(await t.db.select().from(purchaseOrders)).toEqual([]);
    // An edit without a status keeps the stored one (create's default would have reset it to pending).
    expect(
      (
        await a.agent.request('PATCH', base, {
          json: { vendorName: 'Acme Supply Ltd', amount: 2500.5, dueDate: '2026-12-01' },
        })
      ).status,
    ).toBe(200);
    expect((await t.db.select().from(accountReceivables).where(eq(accountReceivables.id, rec.id)))[0].status).toBe(
      'approved',
    );

    const body = await list<Receivable>(a.agent, `/api/clients/${a.id}/receivables`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: rec.id, status: 'approved', dueDate: '2026-12-01', amount: 2500.5 });
    expect(body.items[0].documents).toEqual([
      expect.objectContaining({ id: doc.id, documentName: 'invoice.pdf', contentType: 'application/pdf' }),
    ]);
    // A client's own changes are not audited.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id))).toEqual([]);
  });

  it('refuses what is not a receivable with a sentence, and stores nothing', async () => {
    const before = (await t.db.select().from(accountReceivables)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...receivable, amount: 0 }, /greater than 0/],
      [{ ...receivable, amount: -5 }, /greater than 0/],
      [{ ...receivable, amount: '12' }, /as a number/],
      [{ ...receivable, amount: 1.234 }, /at most 2 decimals/],
      [{ ...receivable, dueDate: '' }, /Due date/],
      [{ ...receivable, dueDate: '2026-02-30' }, /real date/],
      [{ vendorName: 'X', amount: 5 }, /Due date is required/],
      [{ ...receivable, vendorName: '  ' }, /vendor name/i],
      [{ ...receivable, status: 'rejected' }, /pending, approved or overdue/],
      [{ ...receivable, orderDate: '2026-01-01' }, /Unexpected field/],
    ];
    for (const [body, message] of cases) {
      const res = await a.agent.post(`/api/clients/${a.id}/receivables`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error, JSON.stringify(body)).toMatch(message);
    }
    expect((await t.db.select().from(accountReceivables)).length).toBe(before);
  });

  it('deleting a record removes its documents and their stored files', async () => {
    const rec = await addReceivable(a.agent, a.id, { ...receivable, vendorName: 'To delete' });
    const base = `/api/clients/${a.id}/receivables/${rec.id}`;
    await uploadOk(a.agent, base, 'one.pdf');
    await uploadOk(a.agent, base, 'two.pdf');
    const keys = (
      await t.db
        .select()
        .from(accountReceivableDocuments)
        .where(eq(accountReceivableDocuments.accountReceivableId, rec.id))
    ).map((d) => d.storageKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^account-receivable/${a.id.toLowerCase()}/[0-9a-f-]{36}\\.pdf$`));
      expect(await t.storage.exists(key)).toBe(true);
    }
    expect((await a.agent.request('DELETE', base)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(accountReceivableDocuments)
        .where(eq(accountReceivableDocuments.accountReceivableId, rec.id)),
    ).toEqual([]);
    for (const key of keys) expect(await t.storage.exists(key)).toBe(false);
    expect((await a.agent.request('DELETE', base)).status).toBe(404);
  });

  it('a document is downloaded through the authorised route and deleted with its file', async () => {
    const rec = await addReceivable(a.agent, a.id, { ...receivable, vendorName: 'Docs' });
    const base = `/api/clients/${a.id}/receivables/${rec.id}`;
    const doc = await uploadOk(a.agent, base, 'Invoice 42.pdf');
    const dl = await a.agent.get(`${base}/documents/${doc.id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="Invoice 42.pdf"/);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer()).equals(makePdf('Invoice 42.pdf'))).toBe(true);
    const [row] = await t.db.select().from(accountReceivableDocuments).where(eq(accountReceivableDocuments.id, doc.id));
    expect((await a.agent.request('DELETE', `${base}/documents/${doc.id}`)).status).toBe(200);
    expect(await t.storage.exists(row.storageKey)).toBe(false);
    expect((await a.agent.get(`${base}/documents/${doc.id}/download`)).status).toBe(404);
  });

  it('refuses a file that is not a real PDF/DOC/DOCX or is over 10 MB, and stores nothing', async () => {
    const rec = await addReceivable(a.agent, a.id, { ...receivable, vendorName: 'Refusals' });
    const base = `/api/clients/${a.id}/receivables/${rec.id}`;
    const html = await upload(a.agent, base, {
      name: 'invoice.pdf',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(html.status).toBe(415);
    expect(((await html.json()) as { error: string }).error).toMatch(/does not match/);
    const txt = await upload(a.agent, base, { name: 'notes.txt', bytes: Buffer.from('hello') });
    expect(txt.status).toBe(400);
    expect(((await txt.json()) as { error: string }).error).toMatch(/Only PDF, DOC and DOCX/);
    const big = await upload(a.agent, base, {
      name: 'big.pdf',
      bytes: Buffer.concat([makePdf(), Buffer.alloc(11 * 1024 * 1024, 32)]),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe(FILE_TOO_LARGE);
    expect(
      await t.db
        .select()
        .from(accountReceivableDocuments)
        .where(eq(accountReceivableDocuments.accountReceivableId, rec.id)),
    ).toEqual([]);
  });

  it(`carries at most ${DOCUMENTS_PER_RECORD} documents per record`, async () => {
    const rec = await addReceivable(a.agent, a.id, { ...receivable, vendorName: 'Many documents' });
    const rows = Array.from({ length: DOCUMENTS_PER_RECORD }, () => ({
      id: randomUUID(),
      userId: a.id,
      accountReceivableId: rec.id,
      documentName: 'x.pdf',
      storageKey: `account-receivable/none/${randomUUID()}.pdf`,
      contentType: 'application/pdf',
      size: 10,
    }));
    await t.db.insert(accountReceivableDocuments).values(rows);
    const res = await upload(a.agent, `/api/clients/${a.id}/receivables/${rec.id}`, {
      name: 'one-more.pdf',
      bytes: makePdf(),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(TOO_MANY_RECORD_DOCUMENTS);
    expect((await a.agent.request('DELETE', `/api/clients/${a.id}/receivables/${rec.id}`)).status).toBe(200);
  });
});

describe('cross-client denial', () => {
  it("client B can neither list, change, delete nor touch the documents of client A's records", async () => {
    const rec = await addReceivable(a.agent, a.id, { ...receivable, vendorName: 'Alpha private' });
    const po = await addOrder(a.agent, a.id, { ...order, vendorName: 'Alpha order' });
    const recDoc = await uploadOk(a.agent, `/api/clients/${a.id}/receivables/${rec.id}`, 'alpha-invoice.pdf');
    const poDoc = await uploadOk(a.agent, `/api/clients/${a.id}/purchase-orders/${po.id}`, 'alpha-po.pdf');
    for (const [kind, id, docId] of [
      ['receivables', rec.id, recDoc.id],
      ['purchase-orders', po.id, poDoc.id],
    ]) {
      // On A's client id: 404 for everything.
      expect((await b.agent.get(`/api/clients/${a.id}/${kind}`)).status).toBe(404);
      expect(
        (
          await b.agent.request('PATCH', `/api/clients/${a.id}/${kind}/${id}`, {
            json: kind === 'receivables' ? receivable : order,
          })
        ).status,
      ).toBe(404);
      // On B's own client id, naming A's record or document: 404, nothing changed.
      const mine = `/api/clients/${b.id}/${kind}/${id}`;
      expect(
        (
          await b.agent.request('PATCH', mine, {
            json: kind === 'receivables' ? { ...receivable, status: 'approved' } : { ...order, status: 'rejected' },
          })
        ).status,
      ).toBe(404);
      expect((await b.agent.request('DELETE', mine)).status).toBe(404);
      expect((await upload(b.agent, mine, { name: 'x.pdf', bytes: makePdf() })).status).toBe(404);
      expect((await b.agent.get(`${mine}/documents/${docId}/download`)).status).toBe(404);
      expect((await b.agent.request('DELETE', `${mine}/documents/${docId}`)).status).toBe(404);
      // And the admin-only all-clients list.
      expect((await b.agent.get(`/api/${kind}`)).status).toBe(403);
    }
    expect((await list<Receivable>(b.agent, `/api/clients/${b.id}/receivables`)).items).toEqual([]);
    const [still] = await t.db.select().from(accountReceivables).where(eq(accountReceivables.id, rec.id));
    expect(still.status).toBe('pending');
    expect(
      await t.db.select().from(purchaseOrderDocuments).where(eq(purchaseOrderDocuments.id, poDoc.id)),
    ).toHaveLength(1);
    expect(
      (await a.agent.get(`/api/clients/${a.id}/purchase-orders/${po.id}/documents/${poDoc.id}/download`)).status,
    ).toBe(200);
  });
});

describe('purchase orders and totals', () => {
  it('totals are the sums by status of the whole list, not just the page', async () => {
    const c = await t.createSignedInUser({ role: 'client', name: 'Totals Client' });
    const agent = c.agent;
    const id = c.user.id;
    await addOrder(agent, id, { ...order, amount: 1000.25 });
    await addOrder(agent, id, { ...order, amount: 2000, status: 'approved' });
    await addOrder(agent, id, { ...order, amount: 500.5, status: 'approved' });
    const rejected = await addOrder(agent, id, { ...order, amount: 99.99, status: 'rejected' });
    const page = await list<PurchaseOrder>(agent, `/api/clients/${id}/purchase-orders?pageSize=1`);
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual([
      { status: 'pending', count: 1, amount: 1000.25 },
      { status: 'approved', count: 2, amount: 2500.5 },
      { status: 'rejected', count: 1, amount: 99.99 },
    ]);
    // A status change moves the amount between totals.
    const res = await agent.request('PATCH', `/api/clients/${id}/purchase-orders/${rejected.id}`, {
      json: { ...order, amount: 99.99, status: 'approved' },
    });
    expect(res.status).toBe(200);
    const after = await list<PurchaseOrder>(agent, `/api/clients/${id}/purchase-orders`);
    expect(after.totals.find((x) => x.status === 'approved')).toEqual({
      status: 'approved',
      count: 3,
      amount: 2600.49,
    });
    expect(after.totals.find((x) => x.status === 'rejected')).toEqual({ status: 'rejected', count: 0, amount: 0 });
    // Receivable totals have the receivable statuses.
    expect((await list<Receivable>(agent, `/api/clients/${id}/receivables`)).totals.map((x) => x.status)).toEqual([
      'pending',
      'approved',
      'overdue',
    ]);
  });

  it(`refuses purchase order ${LIMITS.purchaseOrders + 1} with a 409 naming the limit`, async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const first = await addOrder(c.agent, c.user.id);
    const [template] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, first.id));
    const copies = Array.from({ length: LIMITS.purchaseOrders - 1 }, () => ({ ...template, id: randomUUID() }));
    for (let i = 0; i < copies.length; i += 500) await t.db.insert(purchaseOrders).values(copies.slice(i, i + 500));
    const res = await c.agent.post(`/api/clients/${c.user.id}/purchase-orders`, order);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'You have reached the limit of 2,000 purchase orders. Delete some you no longer need, or contact support.',
    );
  });
});

describe('admins', () => {
  it('see every client’s records with the client named, filter by client, and act for a chosen client (audited)', async () => {
    const c = await t.createSignedInUser({ role: 'client', name: 'Acted For' });
    const clientId = c.user.id;
    await addReceivable(c.agent, clientId, { ...receivable, vendorName: 'Own receivable' });

    const made = await addReceivable(admin.agent, clientId, {
      ...receivable,
      vendorName: 'Filed by staff',
      status: 'overdue',
    });
    const base = `/api/clients/${clientId}/receivables/${made.id}`;
    expect(
      (
        await admin.agent.request('PATCH', base, {
          json: { ...receivable, vendorName: 'Filed by staff', status: 'approved' },
        })
      ).status,
    ).toBe(200);
    const doc = await uploadOk(admin.agent, base, 'staff.pdf');
    expect((await admin.agent.request('DELETE', `${base}/documents/${doc.id}`)).status).toBe(200);
    expect((await admin.agent.request('DELETE', base)).status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.clientId, clientId));
    expect(audit.map((r) => [r.actorId, r.action, r.entityType]).sort()).toEqual(
      [
        [admin.id, 'create', 'account_receivable'],
        [admin.id, 'update', 'account_receivable'],
        [admin.id, 'create', 'account_receivable_document'],
        [admin.id, 'delete', 'account_receivable_document'],
        [admin.id, 'delete', 'account_receivable'],
      ].sort(),
    );

    const all = await list<Receivable & { clientName: string }>(admin.agent, '/api/receivables?pageSize=100');
    expect(all.items.find((r) => r.vendorName === 'Own receivable')?.clientName).toBe('Acted For');
    expect(all.items.some((r) => r.clientId === a.id)).toBe(true);
    const one = await list<Receivable & { clientName: string }>(admin.agent, `/api/receivables?clientId=${clientId}`);
    expect(one.items.map((r) => r.vendorName)).toEqual(['Own receivable']);
    expect(one.totals.find((x) => x.status === 'pending')).toEqual({ status: 'pending', count: 1, amount: 2500.5 });
    // The admin's view of the client's own list is the same list.
    expect((await list<Receivable>(admin.agent, `/api/clients/${clientId}/receivables`)).items).toHaveLength(1);
  });
});

describe('record documents share the upload limits of Business Documents', () => {
  it("count towards the client's storage quota (with business documents) and refuse past it, keeping no file", async () => {
    const q = await createTestApp({ STORAGE_QUOTA_BYTES: '3000' });
    try {
      const c = await q.createSignedInUser({ role: 'client' });
      const pdf = makePdf('x'.repeat(1200));
      // A business document first, then a receivable's document: together past 3,000 bytes.
      const form = new FormData();
      form.append('file', new File([new Uint8Array(pdf)], 'statement.pdf', { type: 'application/pdf' }));
      form.append('documentType', 'Bank_Statements');
      expect((await c.agent.request('POST', `/api/clients/${c.user.id}/documents/upload`, { body: form })).status).toBe(
        201,
      );
      const res = await c.agent.post(`/api/clients/${c.user.id}/receivables`, receivable);
      const { record } = (await res.json()) as { record: Receivable };
      const base = `/api/clients/${c.user.id}/receivables/${record.id}`;
      const refused = await upload(c.agent, base, { name: 'invoice.pdf', bytes: pdf });
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Your storage is full: you can keep up to 2\.9 KB of files\./,
      );
      expect(await q.db.select().from(accountReceivableDocuments)).toEqual([]);
      // The refused file was not kept: only the business document is stored.
      const root = path.join(q.filesDir, 'objects');
      const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
        fs.statSync(path.join(root, p)).isFile(),
      );
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^documents\//);
    } finally {
      await q.close();
    }
  });

  it('answer 429 while the user has their uploads in flight', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const po = await addOrder(c.agent, c.user.id);
    await t.db.insert(uploadSlots).values(
      Array.from({ length: LIMITS.uploadsInFlight }, () => ({
        id: randomUUID(),
        userId: c.user.id,
        instanceId: INSTANCE_ID,
      })),
    );
    const res = await upload(c.agent, `/api/clients/${c.user.id}/purchase-orders/${po.id}`, {
      name: 'po.pdf',
      bytes: makePdf(),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: string }).error).toBe(
      'You can upload 3 files at a time. Wait for one to finish, then try again.',
    );
    expect(
      await t.db.select().from(purchaseOrderDocuments).where(eq(purchaseOrderDocuments.purchaseOrderId, po.id)),
    ).toEqual([]);
  });
});
