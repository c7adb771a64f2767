import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTrainingVideo } from '../features/training/training-media';
import { createTestApp, type TestApp } from '../test/test-app';
import { STORAGE_DRIVERS } from '../test/storage-drivers';
import type { Storage } from '.';
import { SWEEP_GRACE_MS, sweepStorage } from './sweep';

// What a crashed upload leaves: a partial temporary file, and a stored file whose row was never
// written (a video's thumbnail, stored before the video). The sweep removes both once older than
// the longest request, and never a file a row refers to.

describe.each(STORAGE_DRIVERS)('storage sweep: $name', (driver) => {
  let t: TestApp;
  let storage: Storage;
  let tmpDir: string | undefined;
  let tearDown: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, tmpDir, tearDown } = await driver.setUp());
    t = await createTestApp({}, { storage });
  });
  afterAll(async () => {
    await t?.close();
    await tearDown?.();
  });

  it('removes temporary files and stored files no row refers to, after the grace period, and logs the counts', async () => {
    const id = await insertTrainingVideo({ db: t.db, storage });
    const kept = [`training-videos/videos/${id}.webm`, `training-videos/thumbnails/${id}.png`];
    const orphan = 'training-videos/thumbnails/left-by-a-crash.png';
    await storage.put(orphan, Readable.from([Buffer.alloc(1000, 1)]), { contentType: 'image/png', size: 1000 });
    if (tmpDir) {
      fs.mkdirSync(tmpDir, { recursive: true });
      fs.writeFileSync(path.join(tmpDir, 'partial-upload'), Buffer.alloc(5000, 2));
    }
    const lines: string[] = [];
    const log = { ...t.log, info: (m: string) => void lines.push(m) };

    // Within the grace period: a request may still be writing them.
    expect(await sweepStorage({ db: t.db, storage, log }, { now: new Date() })).toEqual({
      temporaryFiles: 0,
      temporaryBytes: 0,
      orphans: 0,
      orphanBytes: 0,
    });
    expect(await storage.exists(orphan)).toBe(true);

    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    const result = await sweepStorage({ db: t.db, storage, log }, { now: later });
    expect(result).toEqual({
      temporaryFiles: tmpDir ? 1 : 0,
      temporaryBytes: tmpDir ? 5000 : 0,
      orphans: 1,
      orphanBytes: 1000,
    });
    expect(await storage.exists(orphan)).toBe(false);
    for (const key of kept) expect(await storage.exists(key), key).toBe(true);
    if (tmpDir) expect(fs.readdirSync(tmpDir)).toEqual([]);
    expect(lines.join('\n')).toMatch(
      /storage sweep: removed \d temporary files \(.+\) and 1 stored files no row refers to/,
    );
  });
});
