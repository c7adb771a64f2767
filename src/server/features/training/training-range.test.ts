import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../storage';
import { STORAGE_DRIVERS } from '../../test/storage-drivers';
import { parseRange } from '../../lib/range';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import type { TrainingVideo } from '../../../shared/training';
import { videoForm, webm } from './training-media';

describe('parseRange', () => {
  it('reads one byte range of a file and refuses the rest', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'range', start: 50, end: 99 });
    expect(parseRange('bytes=99-99', 100)).toEqual({ kind: 'range', start: 99, end: 99 });
    for (const bad of [
      'bytes=100-',
      'bytes=100-200',
      'bytes=10-5',
      'bytes=-0',
      'bytes=-',
      'bytes=0-1,5-6',
      'items=0-9',
      'bytes=a-b',
      'bytes=99999999999999999999-',
      '',
    ])
      expect(parseRange(bad, 100), bad).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

const SIZE = 300_000;
const bytes = webm(SIZE);

describe.each(STORAGE_DRIVERS)('the video stream on $name', (driver) => {
  let t: TestApp;
  let storage: Storage;
  let tearDown: () => Promise<void>;
  let files: () => string[];
  let client: TestAgent;
  let admin: TestAgent;
  let video: TrainingVideo;

  beforeAll(async () => {
    ({ storage, tearDown, files } = await driver.setUp());
    t = await createTestApp({}, { storage });
    const cast = await t.clientsAndAdmin();
    client = cast.a.agent;
    admin = cast.admin.agent;
    // Uploaded through the API: the upload streams into this driver too.
    const res = await admin.request('POST', '/api/training-videos/upload', { body: videoForm({ video: bytes }) });
    expect(res.status, await res.clone().text()).toBe(201);
    video = ((await res.json()) as { video: TrainingVideo }).video;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await tearDown?.();
  });

  const get = (range?: string) => client.get(video.streamUrl, range === undefined ? {} : { headers: { range } });

  it('answers the whole file without a Range, saying ranges are accepted', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=100-199', 100, 199],
    ['bytes=-10', SIZE - 10, SIZE - 1],
    ['bytes=150000-', 150000, SIZE - 1],
    ['bytes=299990-999999', 299990, SIZE - 1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get(range);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each([`bytes=${SIZE}-`, 'bytes=10-5', 'bytes=0-1,5-6', 'bytes=x-y', 'pages=1-2'])(
    'answers %s with 416 and the size',
    async (range) => {
      const res = await get(range);
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
      expect(((await res.json()) as { error: string }).error).toMatch(/range/);
    },
  );

  it('keeps no stored file of a refused or oversize upload', async () => {
    const before = files();
    const wrong = await admin.request('POST', '/api/training-videos/upload', {
      body: videoForm({ thumbnail: bytes.subarray(0, 5000) }),
    });
    expect(wrong.status).toBe(415);
    const missing = await admin.request('POST', '/api/training-videos/upload', {
      body: videoForm({ thumbnail: null }),
    });
    expect(missing.status).toBe(400);
    expect(files()).toEqual(before);
  });

  it('serves the thumbnail, and nothing to a guest', async () => {
    expect((await client.get(video.thumbnailUrl)).status).toBe(200);
    expect((await t.request('GET', video.streamUrl)).status).toBe(401);
  });
});
