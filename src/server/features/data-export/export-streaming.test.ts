import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDocuments } from '../../db/schema';
import { createLocalStorage, type Storage } from '../../storage';
import { createTestApp, type TestApp } from '../../test/test-app';

const MB = 1024 * 1024;
const BIG = 48 * MB;
const FILES = 3;
/** 1 MB of noise, repeated: too far apart for deflate's 32 KB window, so the zip stays about as large as the files. */
const noise = randomBytes(MB);

// Stored files that are produced as they are read, with counters: how much of each was read, and
// how many were open at once. The export must read them one at a time and only as fast as the
// download is taken.
const produced = new Map<string, number>();
let open = 0;
let mostOpen = 0;
function countingStorage(inner: Storage): Storage {
  return {
    ...inner,
    async get(key, range) {
      if (!key.startsWith('documents/big/')) return inner.get(key, range);
      produced.set(key, 0);
      open++;
      mostOpen = Math.max(mostOpen, open);
      async function* bytes() {
        try {
          for (let sent = 0; sent < BIG; sent += MB) {
            produced.set(key, sent + MB);
            yield noise;
          }
        } finally {
          open--;
        }
      }
      return { stream: Readable.from(bytes(), { objectMode: false }), size: BIG, contentType: 'application/pdf' };
    },
  };
}

let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-stream-'));
  t = await createTestApp({ REQUIRE_ADMIN_2FA: 'false' }, { storage: countingStorage(createLocalStorage(filesDir)) });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('the data export is streamed', () => {
  it(`reads ${FILES} files of ${BIG / MB} MB one at a time, and only as fast as the download is taken`, async () => {
    const u = await t.createSignedInUser();
    for (let i = 0; i < FILES; i++) {
      await t.db.insert(businessDocuments).values({
        id: crypto.randomUUID(),
        userId: u.user.id,
        documentName: `Big ${i}.pdf`,
        documentType: 'Standard_Corporate',
        storageKey: `documents/big/${i}.pdf`,
        contentType: 'application/pdf',
        size: BIG,
      });
    }
    const res = await u.agent.post(`/api/clients/${u.user.id}/export`, {});
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = 0;
    // Take the download slowly until the first file is being read, then pause a moment.
    while ((produced.get('documents/big/0.pdf') ?? 0) === 0) received += (await reader.read()).value?.length ?? 0;
    await new Promise((r) => setTimeout(r, 300));
    const readWhilePaused = [...produced.values()].reduce((a, b) => a + b, 0);
    // Not taken, not read: a few chunks of buffers at most, never a whole file (the noise does not
    // compress, so bytes read are bytes waiting in buffers).
    expect(readWhilePaused).toBeLessThan(16 * MB);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.length;
    expect(mostOpen).toBe(1);
    expect([...produced.values()]).toEqual(Array(FILES).fill(BIG));
    expect(received).toBeGreaterThan(FILES * BIG * 0.9);
    console.log(
      `data export: ${(received / MB).toFixed(0)} MB streamed; ${(readWhilePaused / MB).toFixed(0)} MB of files read while the download paused; at most ${mostOpen} file open`,
    );
  }, 120_000);

  it('closes the file it is reading when the download is cancelled, and goes no further', async () => {
    const u = await t.createSignedInUser();
    for (let i = 0; i < 2; i++) {
      await t.db.insert(businessDocuments).values({
        id: crypto.randomUUID(),
        userId: u.user.id,
        documentName: `Cancel ${i}.pdf`,
        documentType: 'Standard_Corporate',
        storageKey: `documents/big/cancel-${i}.pdf`,
        contentType: 'application/pdf',
        size: BIG,
        // The export reads files oldest first: two rows made within the database clock's resolution
        // would fall back to their random ids, and the second file could be read first.
        createdAt: new Date(Date.now() - (2 - i) * 1000),
      });
    }
    const res = await u.agent.post(`/api/clients/${u.user.id}/export`, {});
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    while ((produced.get('documents/big/cancel-0.pdf') ?? 0) === 0) await reader.read();
    await reader.cancel();
    const deadline = Date.now() + 5000;
    while (open > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(open).toBe(0);
    expect(produced.get('documents/big/cancel-0.pdf')).toBeLessThan(BIG);
    expect(produced.has('documents/big/cancel-1.pdf')).toBe(false);
  }, 60_000);
});
