import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { trainingVideos, videoProgress, videoResources } from '../../db/schema';
import { LIMITS, limitReached } from '../../../shared/limits';
import {
  FILES_REQUIRED,
  type ClientProgressPage,
  type TrainingVideo,
  type TrainingVideoPage,
  type VideoResource,
} from '../../../shared/training';
import { mov, mp4, PDF, PNG, SVG, videoForm, webm } from './training-media';
import { WRONG_THUMBNAIL_KIND, WRONG_VIDEO_KIND } from './training.upload';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };

const VIDEO_MAX = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp({ VIDEO_MAX_BYTES: String(VIDEO_MAX) });
  ({ a, b, admin } = await t.clientsAndAdmin());
}, 60_000);
afterAll(() => t?.close());

/** Every stored object (files only, not their metadata). */
function storedFiles() {
  const root = path.join(t.filesDir, 'objects');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(root, p)).isFile())
    .sort();
}

const upload = (form: FormData, agent = admin.agent, videoId?: string) =>
  agent.request('POST', `/api/training-videos${videoId ? `/${videoId}` : ''}/upload`, { body: form });

async function addVideo(o: Parameters<typeof videoForm>[0] = {}) {
  const res = await upload(videoForm(o));
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { video: TrainingVideo }).video;
}

async function clearLibrary() {
  const list = (await (await admin.agent.get('/api/training-videos?pageSize=100')).json()) as TrainingVideoPage;
  for (const v of list.items)
    expect((await admin.agent.request('DELETE', `/api/training-videos/${v.id}`)).status).toBe(200);
}

describe('adding a video', () => {
  it('stores both files, answers the video last in order, and lists it with its urls', async () => {
    await clearLibrary();
    const first = await addVideo({ title: 'First' });
    const second = await addVideo({ title: 'Second', video: mp4(), videoName: 'second.mp4' });
    expect(first.displayOrder).toBe(1);
    expect(second.displayOrder).toBe(2);
    expect(second).toMatchObject({
      title: 'Second',
      duration: '10:30',
      description: 'How the portal works.',
      isIntro: false,
      resourceCount: 0,
      progress: null,
    });
    expect(second.streamUrl).toBe(`/api/training-videos/${second.id}/stream`);
    expect(second.thumbnailUrl).toBe(`/api/training-videos/${second.id}/thumbnail`);
    expect(storedFiles()).toHaveLength(4);

    const list = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(list.items.map((v) => v.title)).toEqual(['First', 'Second']);
    expect(list).toMatchObject({ total: 2, page: 1, watchedCount: 0 });

    const thumb = await a.agent.get(second.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(PNG);

    const stream = await a.agent.get(second.streamUrl);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await stream.arrayBuffer())).toEqual(mp4());
  });

  it('takes MOV and names its type by content', async () => {
    const v = await addVideo({ video: mov(), videoName: 'clip.mov' });
    const res = await a.agent.get(v.streamUrl, { headers: { range: 'bytes=0-3' } });
    expect(res.headers.get('content-type')).toBe('video/quicktime');
  });

  it('refuses wrong, spoofed and oversize files, and missing files, leaving no row and no stored file', async () => {
    await clearLibrary();
    expect(storedFiles()).toEqual([]);
    const refused: [FormData, number, string][] = [
      [
        videoForm({ video: Buffer.from('just some text, not a video\n'.repeat(300)), videoName: 'movie.mp4' }),
        415,
        WRONG_VIDEO_KIND,
      ],
      [videoForm({ thumbnail: SVG, thumbnailName: 'thumb.svg' }), 415, WRONG_THUMBNAIL_KIND],
      [videoForm({ video: PNG, videoName: 'movie.webm' }), 415, WRONG_VIDEO_KIND],
      [videoForm({ thumbnail: webm(), thumbnailName: 'thumb.png' }), 415, WRONG_THUMBNAIL_KIND],
      [videoForm({ video: PDF, videoName: 'movie.mp4' }), 415, WRONG_VIDEO_KIND],
      [videoForm({ video: webm(VIDEO_MAX + 1) }), 413, 'The video is too large: it can be at most 64 KB.'],
      [videoForm({ video: null }), 400, FILES_REQUIRED],
      [videoForm({ thumbnail: null }), 400, FILES_REQUIRED],
      [videoForm({ video: Buffer.alloc(0) }), 400, FILES_REQUIRED],
      [videoForm({ title: '' }), 400, 'Enter a title.'],
      [videoForm({ duration: '10:75' }), 400, 'Enter the duration as minutes and seconds, like 10:30.'],
      [videoForm({ extra: { isIntro: 'true' } }), 400, 'Unexpected field: isIntro'],
    ];
    for (const [form, status, error] of refused) {
      const res = await upload(form);
      expect(res.status, error).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBe(error);
    }
    // A declared length over the limit is refused before the body is read.
    const big = await admin.agent.request('POST', '/api/training-videos/upload', {
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(VIDEO_MAX * 100) },
    });
    expect(big.status).toBe(413);
    // Not multipart, and a broken form.
    expect((await admin.agent.post('/api/training-videos/upload', { title: 'x' })).status).toBe(415);
    const broken = await admin.agent.request('POST', '/api/training-videos/upload', {
      body: '--xyz\r\nnonsense',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBe(400);
    expect(await t.db.$count(trainingVideos)).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('gives two admins adding at once distinct places in the order', async () => {
    await clearLibrary();
    await addVideo({ title: 'Existing' });
    const [r1, r2] = await Promise.all([upload(videoForm({ title: 'One' })), upload(videoForm({ title: 'Two' }))]);
    expect([r1.status, r2.status]).toEqual([201, 201]);
    const rows = await t.db.select({ displayOrder: trainingVideos.displayOrder }).from(trainingVideos);
    expect(rows.map((r) => r.displayOrder).sort()).toEqual([1, 2, 3]);
  });

  it('is for admins only', async () => {
    expect((await upload(videoForm(), a.agent)).status).toBe(403);
  });
});

describe('editing and deleting', () => {
  it('replaces the files sent, keeps the others, and removes the replaced ones', async () => {
    await clearLibrary();
    const v = await addVideo();
    const before = storedFiles();
    expect(before).toHaveLength(2);
    const res = await upload(
      videoForm({ title: 'Renamed', thumbnail: null, video: mp4(7000), videoName: 'new.mp4' }),
      admin.agent,
      v.id,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = ((await res.json()) as { video: TrainingVideo }).video;
    expect(edited).toMatchObject({ id: v.id, title: 'Renamed', displayOrder: v.displayOrder });
    const after = storedFiles();
    expect(after).toHaveLength(2);
    expect(after.filter((f) => f.includes('thumbnails'))).toEqual(before.filter((f) => f.includes('thumbnails')));
    expect(after.find((f) => f.includes('/videos/'))).not.toEqual(before.find((f) => f.includes('/videos/')));
    const stream = await a.agent.get(v.streamUrl);
    expect(stream.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await stream.arrayBuffer())).toEqual(mp4(7000));

    // A refused edit changes nothing and stores nothing.
    expect((await upload(videoForm({ title: '', video: webm() }), admin.agent, v.id)).status).toBe(400);
    expect(storedFiles()).toEqual(after);
    // An unknown video.
    expect((await upload(videoForm(), admin.agent, crypto.randomUUID())).status).toBe(404);
    expect((await upload(videoForm(), admin.agent, 'not-a-uuid')).status).toBe(404);
  });

  it('deletes the row, its resources and their files, and closes the gap in the order', async () => {
    await clearLibrary();
    const [one, two, three] = [
      await addVideo({ title: '1' }),
      await addVideo({ title: '2' }),
      await addVideo({ title: '3' }),
    ];
    const form = new FormData();
    form.set('file', new Blob([PDF]), 'Workbook.pdf');
    expect(
      (await admin.agent.request('POST', `/api/training-videos/${two.id}/resources/upload`, { body: form })).status,
    ).toBe(201);
    expect(storedFiles()).toHaveLength(7);
    expect((await admin.agent.request('DELETE', `/api/training-videos/${two.id}`)).status).toBe(200);
    expect(storedFiles()).toHaveLength(4);
    const list = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(list.items.map((v) => [v.id, v.displayOrder])).toEqual([
      [one.id, 1],
      [three.id, 2],
    ]);
    expect((await admin.agent.request('DELETE', `/api/training-videos/${two.id}`)).status).toBe(404);
    expect((await a.agent.request('DELETE', `/api/training-videos/${one.id}`)).status).toBe(403);
    expect((await a.agent.get(two.streamUrl)).status).toBe(404);
  });
});

describe('order and intro', () => {
  it('renumbers 1..n, refuses a stale list, and two concurrent saves leave 1..n', async () => {
    await clearLibrary();
    const vids = [await addVideo({ title: 'A' }), await addVideo({ title: 'B' }), await addVideo({ title: 'C' })];
    const ids = vids.map((v) => v.id);
    const put = (list: string[]) => admin.agent.request('PUT', '/api/training-videos/order', { json: { ids: list } });
    expect((await put([ids[2], ids[0], ids[1]])).status).toBe(200);
    let list = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(list.items.map((v) => [v.title, v.displayOrder])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    for (const stale of [
      [ids[0], ids[1]],
      [...ids, crypto.randomUUID()],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], crypto.randomUUID()],
    ]) {
      const res = await put(stale);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toBe('The list of videos changed. Reload and try again.');
    }
    const [r1, r2] = await Promise.all([put([ids[1], ids[2], ids[0]]), put([ids[0], ids[1], ids[2]])]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    list = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(list.items.map((v) => v.displayOrder)).toEqual([1, 2, 3]);
    expect((await a.agent.request('PUT', '/api/training-videos/order', { json: { ids } })).status).toBe(403);
  });

  it('marks one intro video at a time, or none', async () => {
    await clearLibrary();
    const [v1, v2] = [await addVideo({ title: 'Welcome' }), await addVideo({ title: 'Other' })];
    expect(await (await a.agent.get('/api/training-videos/intro')).json()).toEqual({ video: null });
    const set = (videoId: string | null) =>
      admin.agent.request('PUT', '/api/training-videos/intro', { json: { videoId } });
    expect((await set(v1.id)).status).toBe(200);
    expect((await set(v2.id)).status).toBe(200);
    const intro = ((await (await a.agent.get('/api/training-videos/intro')).json()) as { video: TrainingVideo }).video;
    expect(intro).toMatchObject({ id: v2.id, isIntro: true });
    expect(await t.db.$count(trainingVideos, eq(trainingVideos.isIntro, true))).toBe(1);
    expect((await set(crypto.randomUUID())).status).toBe(404);
    expect((await set('nope')).status).toBe(404);
    expect(
      ((await (await a.agent.get('/api/training-videos/intro')).json()) as { video: TrainingVideo }).video.id,
    ).toBe(v2.id);
    expect((await set(null)).status).toBe(200);
    expect(await (await a.agent.get('/api/training-videos/intro')).json()).toEqual({ video: null });
  });
});

describe('resources', () => {
  it('adds, lists, downloads and deletes a video resource', async () => {
    await clearLibrary();
    const v = await addVideo();
    const form = new FormData();
    form.set('file', new Blob([PDF]), 'Workbook.pdf');
    form.set('name', 'Week 1 workbook');
    const res = await admin.agent.request('POST', `/api/training-videos/${v.id}/resources/upload`, { body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const { resource } = (await res.json()) as { resource: VideoResource };
    expect(resource).toMatchObject({
      videoId: v.id,
      name: 'Week 1 workbook',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(resource.downloadUrl).toBe(`/api/training-videos/${v.id}/resources/${resource.id}/download`);

    const unnamed = new FormData();
    unnamed.set('file', new Blob([PDF]), 'Checklist.pdf');
    const second = (
      (await (
        await admin.agent.request('POST', `/api/training-videos/${v.id}/resources/upload`, { body: unnamed })
      ).json()) as { resource: VideoResource }
    ).resource;
    expect(second.name).toBe('Checklist.pdf');

    const page = (await (await a.agent.get(`/api/training-videos/${v.id}/resources`)).json()) as {
      items: VideoResource[];
      total: number;
    };
    expect(page.items.map((r) => r.name)).toEqual(['Week 1 workbook', 'Checklist.pdf']);
    const list = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(list.items[0].resourceCount).toBe(2);

    const dl = await a.agent.get(resource.downloadUrl);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(PDF);

    const wrong = new FormData();
    wrong.set('file', new Blob([PNG]), 'picture.pdf');
    expect(
      (await admin.agent.request('POST', `/api/training-videos/${v.id}/resources/upload`, { body: wrong })).status,
    ).toBe(415);
    expect(
      (await a.agent.request('POST', `/api/training-videos/${v.id}/resources/upload`, { body: form })).status,
    ).toBe(403);

    expect((await a.agent.request('DELETE', `/api/training-videos/${v.id}/resources/${resource.id}`)).status).toBe(403);
    expect((await admin.agent.request('DELETE', `/api/training-videos/${v.id}/resources/${resource.id}`)).status).toBe(
      200,
    );
    expect((await a.agent.get(resource.downloadUrl)).status).toBe(404);
    expect((await a.agent.get(`/api/training-videos/${crypto.randomUUID()}/resources`)).status).toBe(404);
    expect(storedFiles()).toHaveLength(3);
  });
});

describe('progress', () => {
  it('saves and reads back the caller’s progress, watched from 90% on, and watched stays', async () => {
    await clearLibrary();
    const [v1, v2] = [await addVideo({ title: 'One' }), await addVideo({ title: 'Two' })];
    const save = (agent: TestAgent, videoId: string, positionSeconds: number, durationSeconds = 100) =>
      agent.request('PUT', `/api/training-videos/${videoId}/progress`, { json: { positionSeconds, durationSeconds } });
    let res = await save(a.agent, v1.id, 30);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { progress: { watched: boolean } }).progress).toMatchObject({
      positionSeconds: 30,
      durationSeconds: 100,
      watched: false,
    });
    res = await save(a.agent, v1.id, 90);
    expect(((await res.json()) as { progress: { watched: boolean } }).progress.watched).toBe(true);
    res = await save(a.agent, v1.id, 5);
    expect(((await res.json()) as { progress: { watched: boolean } }).progress).toMatchObject({
      positionSeconds: 5,
      watched: true,
    });

    // A position as tiny as 2.38e-81 is stored as 0, not refused by the real column (it was a 500 on PostgreSQL).
    res = await save(b.agent, v2.id, 2.38e-81);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { progress: { positionSeconds: number } }).progress.positionSeconds).toBe(0);
    await t.db.delete(videoProgress).where(eq(videoProgress.userId, b.id));

    const mine = (await (await a.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(mine.watchedCount).toBe(1);
    expect(mine.items.find((v) => v.id === v1.id)?.progress).toMatchObject({ positionSeconds: 5, watched: true });
    expect(mine.items.find((v) => v.id === v2.id)?.progress).toBeNull();
    // B's list is B's own.
    const theirs = (await (await b.agent.get('/api/training-videos')).json()) as TrainingVideoPage;
    expect(theirs.watchedCount).toBe(0);
    expect(theirs.items.every((v) => v.progress === null)).toBe(true);

    expect((await save(a.agent, crypto.randomUUID(), 1)).status).toBe(404);
    expect((await save(a.agent, 'nope', 1)).status).toBe(404);
    expect(
      (
        await a.agent.request('PUT', `/api/training-videos/${v1.id}/progress`, {
          json: { positionSeconds: -1, durationSeconds: 10 },
        })
      ).status,
    ).toBe(400);

    // The admin reads A's progress; B may not.
    const adminView = (await (
      await admin.agent.get(`/api/clients/${a.id}/training-progress`)
    ).json()) as ClientProgressPage;
    expect(adminView).toMatchObject({ total: 2, watchedCount: 1 });
    expect(adminView.items.map((i) => [i.title, i.displayOrder, i.progress?.watched ?? null])).toEqual([
      ['One', 1, true],
      ['Two', 2, null],
    ]);
    expect((await a.agent.get(`/api/clients/${a.id}/training-progress`)).status).toBe(200);
    expect((await b.agent.get(`/api/clients/${a.id}/training-progress`)).status).toBe(404);
  });
});

describe('limits', () => {
  /** `n` video rows straight into the table (files not needed to list or count them), longest fields. */
  async function fillLibrary(n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: crypto.randomUUID(),
      title: 'T'.repeat(200),
      description: 'D'.repeat(5000),
      duration: '1:05:00',
      videoKey: `training-videos/videos/none-${i}.webm`,
      videoContentType: 'video/webm',
      videoSize: 1,
      thumbnailKey: `training-videos/thumbnails/none-${i}.png`,
      thumbnailContentType: 'image/png',
      displayOrder: i + 1,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.db.insert(trainingVideos).values(rows.slice(i, i + 100));
  }

  it(`refuses video ${LIMITS.trainingVideos + 1} with the limit in words and keeps no file; lists stay a page`, async () => {
    await clearLibrary();
    await fillLibrary(LIMITS.trainingVideos);
    const before = storedFiles();
    const res = await upload(videoForm());
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      limitReached(LIMITS.trainingVideos, 'training videos'),
    );
    expect(storedFiles()).toEqual(before);
    expect(await t.db.$count(trainingVideos)).toBe(LIMITS.trainingVideos);

    // Bounded: a full page of the longest videos is at most 100 items and under 1 MB.
    for (const [agent, path] of [
      [a.agent, '/api/training-videos?pageSize=100&page=5'],
      [admin.agent, `/api/clients/${a.id}/training-progress?pageSize=100`],
    ] as const) {
      const r = await agent.get(path);
      const text = await r.text();
      expect(r.status).toBe(200);
      const body = JSON.parse(text) as { items: unknown[]; total: number };
      expect(body.items).toHaveLength(100);
      expect(body.total).toBe(LIMITS.trainingVideos);
      expect(text.length).toBeLessThan(1024 * 1024);
    }
    expect((await a.agent.get('/api/training-videos?pageSize=101')).status).toBe(400);
    expect((await a.agent.get(`/api/clients/${a.id}/training-progress?pageSize=101`)).status).toBe(400);
    await t.db.delete(trainingVideos).where(like(trainingVideos.videoKey, 'training-videos/videos/none-%'));
  });

  it(`refuses resource ${LIMITS.resourcesPerVideo + 1} of a video`, async () => {
    await clearLibrary();
    const v = await addVideo();
    await t.db.insert(videoResources).values(
      Array.from({ length: LIMITS.resourcesPerVideo }, (_, i) => ({
        id: crypto.randomUUID(),
        videoId: v.id,
        name: `R${i}.pdf`,
        storageKey: `training-videos/resources/none-${i}.pdf`,
        contentType: 'application/pdf',
        size: 1,
      })),
    );
    const before = storedFiles();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(PDF)]), 'One more.pdf');
    const res = await admin.agent.request('POST', `/api/training-videos/${v.id}/resources/upload`, { body: form });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      limitReached(LIMITS.resourcesPerVideo, 'resources on this video'),
    );
    expect(storedFiles()).toEqual(before);
    const page = (await (await a.agent.get(`/api/training-videos/${v.id}/resources?pageSize=100`)).json()) as {
      items: unknown[];
      total: number;
    };
    expect(page.items).toHaveLength(LIMITS.resourcesPerVideo);
    await t.db.delete(videoResources).where(eq(videoResources.videoId, v.id));
  });
});
