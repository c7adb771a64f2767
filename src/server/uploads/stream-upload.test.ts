import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAgent, type TestApp } from '../test/test-app';
import { createLocalStorage, type Storage } from '../storage';
import { trainingVideos } from '../db/schema';
import { PNG, webm } from '../features/training/training-media';

// The streamed upload, through the route that uses it (POST /api/training-videos/upload).

const BOUNDARY = 'test-boundary-7d3f';
const part = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const fileHead = (name: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
const CLOSE = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const fields = (title = 'Streamed') =>
  Buffer.concat([part('title', title), part('duration', '1:00'), part('description', 'Sent in pieces.')]);
const thumbnailPart = () => Buffer.concat([fileHead('thumbnail', 't.png'), PNG, Buffer.from('\r\n')]);

/** A storage that counts the bytes its puts have received so far. */
function countingStorage(dir: string) {
  const inner = createLocalStorage(dir);
  const state = { received: 0, puts: 0 };
  const storage: Storage = {
    ...inner,
    put: (key, stream, meta) => {
      state.puts++;
      const count = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          state.received += chunk.length;
          cb(null, chunk);
        },
      });
      stream.once('error', (err) => count.destroy(err));
      return inner.put(key, stream.pipe(count), meta);
    },
  };
  return { storage, state };
}

/** A request body the test feeds piece by piece. */
function feed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    body,
    push: (b: Buffer) => controller.enqueue(new Uint8Array(b)),
    end: () => controller.close(),
    abort: () => controller.error(new Error('client went away')),
  };
}

const until = async (what: string, ok: () => boolean) => {
  const deadline = Date.now() + 15_000;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

let t: TestApp;
let admin: TestAgent;
let dir: string;
let counting: ReturnType<typeof countingStorage>;
const VIDEO_MAX = 512 * 1024;

function storedFiles() {
  const out: string[] = [];
  for (const sub of ['objects', 'tmp']) {
    const root = path.join(dir, sub);
    if (fs.existsSync(root))
      out.push(
        ...(fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
          fs.statSync(path.join(root, p)).isFile(),
        ),
      );
  }
  return out;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-upload-'));
  counting = countingStorage(dir);
  t = await createTestApp({ VIDEO_MAX_BYTES: String(VIDEO_MAX) }, { storage: counting.storage });
  admin = (await t.createSignedInUser({ role: 'admin' })).agent;
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The upload as a browser sends it; a streamed body needs `duplex`, which the test app's request does not set. */
const send = (body: Buffer | ReadableStream<Uint8Array>) => {
  const headers = new Headers({
    origin: t.config.appUrl,
    cookie: admin.cookie ?? '',
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const init = {
    method: 'POST',
    headers,
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    duplex: 'half',
  } as RequestInit;
  return t.app.request(new Request(`${t.config.appUrl}/api/training-videos/upload`, init), undefined, {
    incoming: { socket: { remoteAddress: '10.99.0.1' } },
  });
};

describe('streamed upload', () => {
  it('hands the video to storage while the request is still arriving', async () => {
    const before = counting.state.received;
    const video = webm(400 * 1024);
    const f = feed();
    const answer = send(f.body);
    f.push(Buffer.concat([fields(), thumbnailPart(), fileHead('video', 'v.webm'), video.subarray(0, 200 * 1024)]));
    // Storage has most of the first half before the second half is even sent.
    await until('the first half in storage', () => counting.state.received - before >= 100 * 1024);
    f.push(video.subarray(200 * 1024));
    f.push(CLOSE);
    f.end();
    const res = await answer;
    expect(res.status, await res.clone().text()).toBe(201);
    const { video: row } = (await res.json()) as { video: { streamUrl: string } };
    expect(Buffer.from(await (await admin.get(row.streamUrl)).arrayBuffer()).equals(video)).toBe(true);
  });

  it('stops at the video limit while streaming (no Content-Length) and keeps no file', async () => {
    await clear();
    const f = feed();
    const answer = send(f.body);
    f.push(Buffer.concat([fields(), thumbnailPart(), fileHead('video', 'v.webm')]));
    const big = webm(VIDEO_MAX + 64 * 1024);
    for (let i = 0; i < big.length; i += 16 * 1024) f.push(big.subarray(i, i + 16 * 1024));
    f.push(CLOSE);
    f.end();
    const res = await answer;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('The video is too large: it can be at most 512 KB.');
    expect(storedFiles()).toEqual([]);
    expect(await t.db.$count(trainingVideos)).toBe(0);
  });

  it('keeps no file when the client goes away mid-upload', async () => {
    await clear();
    const f = feed();
    const answer = send(f.body);
    f.push(Buffer.concat([fields(), thumbnailPart(), fileHead('video', 'v.webm'), webm(100 * 1024)]));
    await until('part of the video in storage', () => storedFiles().length > 0);
    f.abort();
    const res = await answer;
    expect(res.status).toBe(400);
    await until('the files removed', () => storedFiles().length === 0);
    expect(await t.db.$count(trainingVideos)).toBe(0);
  });

  it('refuses fields sent before the files without storing anything', async () => {
    await clear();
    const puts = counting.state.puts;
    const res = await send(Buffer.concat([fields(''), thumbnailPart(), fileHead('video', 'v.webm'), webm(), CLOSE]));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Enter a title.', field: 'title' });
    expect(counting.state.puts).toBe(puts);
  });

  it('refuses extra files, unknown file fields, a field too long and a broken form', async () => {
    await clear();
    const video = Buffer.concat([fileHead('video', 'v.webm'), webm(), Buffer.from('\r\n')]);
    const cases: [Buffer, number][] = [
      [Buffer.concat([fields(), thumbnailPart(), video, video, CLOSE]), 400],
      [Buffer.concat([fields(), video, video, CLOSE]), 400],
      [Buffer.concat([fields(), fileHead('other', 'x.png'), PNG, Buffer.from('\r\n'), video, CLOSE]), 400],
      [Buffer.concat([part('description', 'x'.repeat(70 * 1024)), thumbnailPart(), video, CLOSE]), 400],
      [Buffer.concat([fields(), Buffer.from(`--${BOUNDARY}\r\nnonsense`)]), 400],
    ];
    for (const [body, status] of cases) {
      const res = await send(body);
      expect(res.status, await res.clone().text()).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(3);
    }
    expect(storedFiles()).toEqual([]);
    expect(await t.db.$count(trainingVideos)).toBe(0);
  });
});

async function clear() {
  const list = (await (await admin.get('/api/training-videos?pageSize=100')).json()) as { items: { id: string }[] };
  for (const v of list.items) await admin.request('DELETE', `/api/training-videos/${v.id}`);
  expect(storedFiles()).toEqual([]);
}
