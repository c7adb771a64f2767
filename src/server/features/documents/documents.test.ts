import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessDocuments } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makeDoc, makeDocx, makePdf, makeZip, readZip } from '../../test/zip';
import { FILE_TOO_LARGE, INVISIBLE_CHARACTERS } from '../../../shared/uploads';
import { DOCUMENT_NOT_FOUND, type BusinessDocument } from '../../../shared/documents';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Client Alpha', b: 'Client Bravo', admin: 'Staff Admin' }));
});
afterAll(() => t?.close());

function upload(
  agent: TestAgent,
  clientId: string,
  file: { name: string; bytes: Buffer; type?: string } | null,
  documentType = 'Standard_Corporate',
  extra?: (f: FormData) => void,
) {
  const form = new FormData();
  if (file)
    form.append(
      'file',
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'application/octet-stream' }),
    );
  if (documentType) form.append('documentType', documentType);
  extra?.(form);
  return agent.request('POST', `/api/clients/${clientId}/documents/upload`, { body: form });
}

/** Every stored object (relative key) in the test app's file directory. */
function storedFiles(): string[] {
  const root = path.join(t.filesDir, 'objects');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}
const rowsOf = async (clientId: string) =>
  t.db.select().from(businessDocuments).where(eq(businessDocuments.userId, clientId));

describe('document uploads refuse what is not a real, small .pdf/.doc/.docx, and store nothing', () => {
  const cases: [
    string,
    () => Promise<{ name: string; bytes: Buffer; type?: string } | null>,
    number,
    string | RegExp,
  ][] = [
    [
      'an 11 MB file',
      async () => ({ name: 'big.pdf', bytes: Buffer.concat([makePdf(), Buffer.alloc(11 * 1024 * 1024, 32)]) }),
      413,
      FILE_TOO_LARGE,
    ],
    [
      'a .pdf that is really HTML',
      async () => ({
        name: 'invoice.pdf',
        bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        type: 'application/pdf',
      }),
      415,
      /does not match/,
    ],
    [
      'a .docx that is not a zip',
      async () => ({ name: 'letter.docx', bytes: Buffer.from('just some text pretending to be Word') }),
      415,
      /does not match/,
    ],
    [
      'a .docx that is a zip but not a Word document',
      async () => ({ name: 'letter.docx', bytes: await makeZip({ 'evil.sh': 'rm -rf /' }) }),
      415,
      /does not match/,
    ],
    ['a .doc that is really a PDF', async () => ({ name: 'old.doc', bytes: makePdf() }), 415, /does not match/],
    ['a name with ../', async () => ({ name: '../../etc/report.pdf', bytes: makePdf() }), 400, /not allowed/],
    [
      'a name with a backslash path',
      async () => ({ name: '..\\windows\\report.pdf', bytes: makePdf() }),
      400,
      /not allowed/,
    ],
    [
      'a double extension hiding a script',
      async () => ({ name: 'report.php.pdf', bytes: makePdf() }),
      400,
      /more than one extension/,
    ],
    [
      'an executable with a document name first',
      async () => ({ name: 'x.pdf.exe', bytes: makePdf() }),
      400,
      /Only PDF, DOC and DOCX/,
    ],
    // Right-to-left override: shown as "invoiceexe.pdf", really an .exe.
    [
      'a bidi override disguising an .exe',
      async () => ({ name: 'invoice\u202Efdp.exe', bytes: makePdf() }),
      400,
      INVISIBLE_CHARACTERS,
    ],
    [
      'a bidi override before the extension',
      async () => ({ name: 'report\u202E.pdf', bytes: makePdf() }),
      400,
      INVISIBLE_CHARACTERS,
    ],
    [
      'a left-to-right embedding',
      async () => ({ name: 'report\u202A.pdf', bytes: makePdf() }),
      400,
      INVISIBLE_CHARACTERS,
    ],
    ['a bidi isolate', async () => ({ name: 'statement\u2067fdp.docx', bytes: makePdf() }), 400, INVISIBLE_CHARACTERS],
    [
      'a pop directional isolate',
      async () => ({ name: 'statement\u2069.pdf', bytes: makePdf() }),
      400,
      INVISIBLE_CHARACTERS,
    ],
    ['a zero-width space', async () => ({ name: 'report\u200B.pdf', bytes: makePdf() }), 400, INVISIBLE_CHARACTERS],
    ['a right-to-left mark', async () => ({ name: 'report\u200F.pdf', bytes: makePdf() }), 400, INVISIBLE_CHARACTERS],
    ['a text file', async () => ({ name: 'notes.txt', bytes: Buffer.from('hello') }), 400, /Only PDF, DOC and DOCX/],
    ['an empty file', async () => ({ name: 'empty.pdf', bytes: Buffer.alloc(0) }), 400, /empty/],
    ['no file at all', async () => null, 400, /Choose a file/],
  ];

  it.each(cases)('%s', async (_label, file, status, message) => {
    const res = await upload(a.agent, a.id, await file());
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(message);
    expect(await rowsOf(a.id)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('two files at once, an unknown document type and a JSON body are refused too', async () => {
    const pdf = { name: 'a.pdf', bytes: makePdf() };
    const two = await upload(a.agent, a.id, pdf, 'Standard_Corporate', (f) =>
      f.append('other', new File([new Uint8Array(makePdf())], 'b.pdf')),
    );
    expect(two.status).toBe(400);
    expect(((await two.json()) as { error: string }).error).toBe('Upload one file at a time.');
    const badType = await upload(a.agent, a.id, pdf, 'Tax Returns');
    expect(badType.status).toBe(400);
    const json = await a.agent.request('POST', `/api/clients/${a.id}/documents/upload`, {
      json: { documentType: 'Standard_Corporate' },
    });
    expect(json.status).toBe(415);
    expect(await rowsOf(a.id)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('only /upload paths are exempt from the 1 MB JSON limit, and they refuse what is not multipart', async () => {
    const big = { description: 'x'.repeat(2 * 1024 * 1024) };
    const json = await admin.agent.request('POST', `/api/clients/${a.id}/payments`, { json: big });
    expect(json.status).toBe(413);
    expect(((await json.json()) as { error: string }).error).toBe('The request is too large.');
    const upload = await a.agent.request('POST', `/api/clients/${a.id}/documents/upload`, { json: big });
    expect(upload.status).toBe(415);
    expect(storedFiles()).toEqual([]);
  });

  it('a failed insert removes the file it stored', async () => {
    // No such user: the row's foreign key fails after the file was stored.
    const { addDocument } = await import('./documents.service');
    const scope = { clientId: 'no-such-client', actorId: a.id, isAdmin: false };
    const upload = { name: 'x.pdf', ext: 'pdf' as const, contentType: 'application/pdf', bytes: makePdf(), fields: {} };
    await expect(
      addDocument(t.db, t.storage, scope, upload, { documentType: 'Standard_Corporate' }, 1e9),
    ).rejects.toThrow();
    expect(storedFiles()).toEqual([]);
    expect(await rowsOf('no-such-client')).toEqual([]);
  });
});

describe('business documents', () => {
  it('upload, list, download and delete: PDF, DOC and DOCX round trip', async () => {
    const pdf = makePdf('Round trip');
    const res = await upload(a.agent, a.id, { name: 'Articles of Organization.pdf', bytes: pdf });
    expect(res.status).toBe(201);
    const { document } = (await res.json()) as { document: BusinessDocument };
    expect(document).toMatchObject({
      documentName: 'Articles of Organization.pdf',
      documentType: 'Standard_Corporate',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const [row] = await rowsOf(a.id);
    // The key is the server's: documents/{user}/{uuid}.pdf, nothing of the file name.
    expect(row.storageKey).toMatch(new RegExp(`^documents/${a.id.toLowerCase()}/[0-9a-f-]{36}\\.pdf$`));
    expect(await t.storage.exists(row.storageKey)).toBe(true);

    const docx = await upload(a.agent, a.id, { name: 'Press release.docx', bytes: await makeDocx() }, 'Press Releases');
    expect(docx.status).toBe(201);
    const doc = await upload(a.agent, a.id, { name: 'Old statement.doc', bytes: makeDoc() }, 'Bank_Statements');
    expect(doc.status).toBe(201);

    const list = (await (await a.agent.get(`/api/clients/${a.id}/documents`)).json()) as { items: BusinessDocument[] };
    expect(list.items.map((d) => d.documentName).sort()).toEqual([
      'Articles of Organization.pdf',
      'Old statement.doc',
      'Press release.docx',
    ]);
    const filtered = (await (await a.agent.get(`/api/clients/${a.id}/documents?type=Press%20Releases`)).json()) as {
      items: BusinessDocument[];
    };
    expect(filtered.items.map((d) => d.documentName)).toEqual(['Press release.docx']);

    const dl = await a.agent.get(`/api/clients/${a.id}/documents/${document.id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Articles of Organization.pdf"; filename*=UTF-8''Articles%20of%20Organization.pdf`,
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);

    const del = await a.agent.request('DELETE', `/api/clients/${a.id}/documents/${document.id}`);
    expect(del.status).toBe(200);
    expect(await t.storage.exists(row.storageKey)).toBe(false);
    expect((await a.agent.get(`/api/clients/${a.id}/documents/${document.id}/download`)).status).toBe(404);
    expect((await a.agent.request('DELETE', `/api/clients/${a.id}/documents/${document.id}`)).status).toBe(404);
    // A client's own changes are not audited.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.id))).toEqual([]);
  });

  it('a download name with quotes or non-ASCII characters stays a safe attachment', async () => {
    const res = await upload(
      a.agent,
      a.id,
      { name: 'Résumé "final"; x=1.pdf', bytes: makePdf() },
      'Miscellaneous Documents',
    );
    expect(res.status).toBe(201);
    const { document } = (await res.json()) as { document: BusinessDocument };
    const dl = await a.agent.get(`/api/clients/${a.id}/documents/${document.id}/download`);
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final__ x_1.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20x%3D1.pdf`,
    );
  });

  it("client B cannot list, download or delete client A's document, by list or by id", async () => {
    const res = await upload(a.agent, a.id, { name: 'secret-plan.pdf', bytes: makePdf() });
    const { document } = (await res.json()) as { document: BusinessDocument };
    expect((await b.agent.get(`/api/clients/${a.id}/documents`)).status).toBe(404);
    const own = await (await b.agent.get(`/api/clients/${b.id}/documents`)).text();
    expect(own).not.toContain('secret-plan');
    expect((await b.agent.get(`/api/clients/${b.id}/documents/${document.id}/download`)).status).toBe(404);
    expect((await b.agent.get(`/api/clients/${a.id}/documents/${document.id}/download`)).status).toBe(404);
    const delB = await b.agent.request('DELETE', `/api/clients/${b.id}/documents/${document.id}`);
    expect(delB.status).toBe(404);
    expect(((await delB.json()) as { error: string }).error).toBe(DOCUMENT_NOT_FOUND);
    expect((await b.agent.request('DELETE', `/api/clients/${a.id}/documents/${document.id}`)).status).toBe(404);
    expect((await b.agent.get(`/api/clients/${b.id}/documents/archive`)).status).toBe(200);
    expect((await b.agent.get(`/api/clients/${a.id}/documents/archive`)).status).toBe(404);
    expect((await upload(b.agent, a.id, { name: 'planted.pdf', bytes: makePdf() })).status).toBe(404);
    expect((await b.agent.get('/api/documents')).status).toBe(403);
    expect((await rowsOf(a.id)).map((r) => r.documentName)).toContain('secret-plan.pdf');
    expect((await rowsOf(a.id)).map((r) => r.documentName)).not.toContain('planted.pdf');
  });

  it('the archive is a zip of every document, one folder per section, and works with none', async () => {
    const empty = await b.agent.get(`/api/clients/${b.id}/documents/archive`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/zip');
    expect(empty.headers.get('content-disposition')).toContain('attachment');
    expect(readZip(Buffer.from(await empty.arrayBuffer())).size).toBe(0);

    const one = makePdf('one');
    const two = makePdf('two');
    await upload(b.agent, b.id, { name: 'plan.pdf', bytes: one }, 'Secret to Wealth Documents');
    await upload(b.agent, b.id, { name: 'plan.pdf', bytes: two }, 'Secret to Wealth Documents');
    await upload(b.agent, b.id, { name: 'statement.docx', bytes: await makeDocx() }, 'Bank_Statements');
    const res = await b.agent.get(`/api/clients/${b.id}/documents/archive`);
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual([
      'Financial Documents/statement.docx',
      'Secret to Wealth Documents/plan (2).pdf',
      'Secret to Wealth Documents/plan.pdf',
    ]);
    expect(entries.get('Secret to Wealth Documents/plan.pdf')!.equals(one)).toBe(true);
    expect(entries.get('Secret to Wealth Documents/plan (2).pdf')!.equals(two)).toBe(true);
  });

  it("admins upload for a client (audited), see every client's documents named, filter by client, and delete (audited)", async () => {
    const res = await upload(admin.agent, b.id, { name: 'EIN letter.pdf', bytes: makePdf() }, 'Advanced Corporate');
    expect(res.status).toBe(201);
    const { document } = (await res.json()) as { document: BusinessDocument };
    const [row] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.id, document.id));
    expect(row).toMatchObject({ userId: b.id, uploadedBy: admin.id });
    const clientView = (await (
      await b.agent.get(`/api/clients/${b.id}/documents?type=Advanced%20Corporate`)
    ).json()) as { items: BusinessDocument[] };
    expect(clientView.items.map((d) => d.documentName)).toEqual(['EIN letter.pdf']);

    const all = (await (await admin.agent.get('/api/documents')).json()) as {
      items: (BusinessDocument & { clientName: string; clientEmail: string })[];
    };
    expect(new Set(all.items.map((d) => d.clientName))).toEqual(new Set(['Client Alpha', 'Client Bravo']));
    const onlyB = (await (await admin.agent.get(`/api/documents?clientId=${b.id}`)).json()) as {
      items: { userId: string; clientName: string }[];
    };
    expect(onlyB.items.length).toBeGreaterThan(0);
    expect(onlyB.items.every((d) => d.userId === b.id && d.clientName === 'Client Bravo')).toBe(true);

    expect((await admin.agent.request('DELETE', `/api/clients/${b.id}/documents/${document.id}`)).status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.clientId, b.id));
    expect(audit.map((e) => [e.action, e.entityType, e.entityId, e.actorId])).toEqual([
      ['create', 'business_document', document.id, admin.id],
      ['delete', 'business_document', document.id, admin.id],
    ]);
  });
});
