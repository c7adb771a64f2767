import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookFiles, businessCompliance } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { makeDocx, makePdf } from '../../test/zip';
import { FREE_GUIDE_TASK } from '../../../shared/compliance-template';
import type { BookRow } from '../../../shared/books';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let client: Who;
let member: Who;
let admin: Who;

async function make(role: 'client' | 'admin'): Promise<Who> {
  const u = await t.createSignedInUser({ role, name: role === 'admin' ? 'Staff Admin' : 'Bo Reader' });
  if (role === 'client') expect((await u.agent.post('/api/me/setup', {})).status).toBe(201);
  return { id: u.user.id, agent: u.agent };
}
const download = (who: Who | null, volume: number | string) =>
  who ? who.agent.get(`/api/books/${volume}/download`) : t.request('GET', `/api/books/${volume}/download`);
function upload(who: Who, volume: number | string, file: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: 'application/pdf' }));
  return who.agent.request('POST', `/api/books/${volume}/upload`, { body: form });
}
function storedBooks(): string[] {
  const root = path.join(t.filesDir, 'objects');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (p) => p.startsWith('books') && fs.statSync(path.join(root, p)).isFile(),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  client = await make('client');
  member = await make('client');
  admin = await make('admin');
  expect(
    (await admin.agent.request('PUT', `/api/clients/${member.id}/membership`, { json: { isPaid: true } })).status,
  ).toBe(200);
});
afterAll(() => t?.close());

describe('book gate: volume 1 for everyone signed in, 2 to 4 for members and admins', () => {
  for (const volume of [1, 2, 3, 4]) {
    it(`volume ${volume}`, async () => {
      expect((await download(null, volume)).status).toBe(401);
      const asClient = await download(client, volume);
      if (volume === 1) expect(asClient.status).toBe(200);
      else {
        expect(asClient.status).toBe(403);
        expect((await asClient.json()).error).toBe(`Volume ${volume} is for members. See Business Programs to join.`);
      }
      for (const who of [member, admin]) {
        const res = await download(who, volume);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toMatch(
          new RegExp(`^attachment; filename="the-secret-to-wealth-volume-${volume}\\.pdf"`),
        );
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toBe('no-store');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      }
    });
  }

  it('the generated books are the same bytes every time', async () => {
    const one = Buffer.from(await (await download(admin, 2)).arrayBuffer());
    const two = Buffer.from(await (await download(member, 2)).arrayBuffer());
    expect(one.equals(two)).toBe(true);
  });

  it('an unknown volume is a 404 with a sentence', async () => {
    for (const v of ['0', '5', 'abc', '1.5', '01']) {
      const res = await download(admin, v);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatch(/volumes are 1 to 4/);
    }
  });

  it('the list says what is locked for whom', async () => {
    expect((await t.request('GET', '/api/books')).status).toBe(401);
    const lockedFor = async (who: Who) =>
      ((await (await who.agent.get('/api/books')).json()).books as BookRow[]).map((b) => b.locked);
    expect(await lockedFor(client)).toEqual([false, true, true, true]);
    expect(await lockedFor(member)).toEqual([false, false, false, false]);
    expect(await lockedFor(admin)).toEqual([false, false, false, false]);
    const books = (await (await client.agent.get('/api/books')).json()).books as BookRow[];
    expect(books.map((b) => [b.volume, b.free, b.replaced])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, false, false],
      [4, false, false],
    ]);
    expect(books.every((b) => b.size > 500 && b.title.startsWith(`The Secret to Wealth, Volume ${b.volume}`))).toBe(
      true,
    );
  });

  it('a lapsed membership locks the volumes again', async () => {
    const lapsed = await make('client');
    await admin.agent.request('PUT', `/api/clients/${lapsed.id}/membership`, { json: { isPaid: true } });
    expect((await download(lapsed, 3)).status).toBe(200);
    await admin.agent.request('PUT', `/api/clients/${lapsed.id}/membership`, { json: { isPaid: false } });
    expect((await download(lapsed, 3)).status).toBe(403);
  });
});

describe('replacement PDFs (admins)', () => {
  it('refuses clients and members (403)', async () => {
    for (const who of [client, member])
      expect((await upload(who, 2, { name: 'mine.pdf', bytes: makePdf() })).status).toBe(403);
    expect(await t.db.select().from(bookFiles)).toHaveLength(0);
  });

  it('refuses what is not a PDF (415), a text file named .pdf (415) and an oversize file (413): no row, no stored file', async () => {
    const cases: [{ name: string; bytes: Buffer }, number][] = [
      [{ name: 'book.docx', bytes: await makeDocx() }, 415],
      [{ name: 'book.pdf', bytes: Buffer.from('just some text pretending to be a PDF') }, 415],
      [{ name: 'big.pdf', bytes: Buffer.concat([makePdf(), Buffer.alloc(11 * 1024 * 1024, 32)]) }, 413],
    ];
    for (const [file, status] of cases) {
      const res = await upload(admin, 2, file);
      expect(res.status, file.name).toBe(status);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
    expect(await t.db.select().from(bookFiles)).toHaveLength(0);
    expect(storedBooks()).toEqual([]);
    expect((await upload(admin, 9, { name: 'x.pdf', bytes: makePdf() })).status).toBe(404);
  });

  it('a good PDF replaces the volume and is what downloads send; a second replacement removes the first file', async () => {
    const first = makePdf('First edition');
    const res = await upload(admin, 3, { name: 'Volume 3 revised.pdf', bytes: first });
    expect(res.status).toBe(201);
    expect((await res.json()).book).toMatchObject({ volume: 3, fileName: 'Volume 3 revised.pdf', size: first.length });
    const got = await download(member, 3);
    expect(got.headers.get('content-disposition')).toContain('Volume 3 revised.pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(first)).toBe(true);
    expect(storedBooks()).toHaveLength(1);
    const row3 = ((await (await client.agent.get('/api/books')).json()).books as BookRow[])[2];
    expect(row3).toMatchObject({ replaced: true, fileName: 'Volume 3 revised.pdf', size: first.length, locked: true });

    const second = makePdf('Second edition');
    expect((await upload(admin, 3, { name: 'Volume 3 final.pdf', bytes: second })).status).toBe(201);
    expect(Buffer.from(await (await download(admin, 3)).arrayBuffer()).equals(second)).toBe(true);
    expect(storedBooks()).toHaveLength(1);
    expect(await t.db.select().from(bookFiles)).toHaveLength(1);
    // Still gated: the replacement does not open the volume to non-members.
    expect((await download(client, 3)).status).toBe(403);
  });
});

describe('volume 1 and the free guide task', () => {
  it('downloading volume 1, then the page’s complete call, completes Download Your Free Guide', async () => {
    const reader = await make('client');
    const task = async () =>
      (
        await t.db
          .select()
          .from(businessCompliance)
          .where(and(eq(businessCompliance.userId, reader.id), eq(businessCompliance.taskName, FREE_GUIDE_TASK)))
      )[0];
    expect((await task()).taskStatus).toBe('Awaiting Completion');
    expect((await download(reader, 1)).status).toBe(200);
    // The GET alone changes nothing; the page posts the dashboard's completion.
    expect((await task()).taskStatus).toBe('Awaiting Completion');
    const res = await reader.agent.post(`/api/clients/${reader.id}/free-guide/complete`, {});
    expect(await res.json()).toEqual({ completed: true });
    expect((await task()).taskStatus).toBe('Completed');
  });
});
