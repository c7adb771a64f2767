import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trainingVideos, videoResources } from '../../db/schema';
import type { Storage } from '../../storage/storage';

/**
 * Tiny real files for the training tests: headers that file-type recognises by their magic bytes,
 * then padding, so each is a known number of distinct bytes.
 */
const pad = (head: Buffer, size: number) => {
  const out = Buffer.alloc(Math.max(size, head.length));
  head.copy(out);
  for (let i = head.length; i < out.length; i++) out[i] = (i * 31 + 7) % 251;
  return out;
};

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** An EBML header with DocType webm. */
export const webm = (size = 6000) =>
  pad(Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102', 'hex'), size);
/** An ISO base media `ftyp isom` box: MP4. */
export const mp4 = (size = 6000) => pad(Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), size);
/** A QuickTime `ftyp qt` box. */
export const mov = (size = 6000) =>
  pad(Buffer.from('00000014667479707174202000000000717420200000000877696465', 'hex'), size);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The add/edit form as the page sends it. */
export function videoForm(
  o: {
    title?: string;
    duration?: string;
    description?: string;
    video?: Buffer | null;
    videoName?: string;
    thumbnail?: Buffer | null;
    thumbnailName?: string;
    extra?: Record<string, string>;
  } = {},
) {
  const form = new FormData();
  form.set('title', o.title ?? 'Getting started');
  form.set('duration', o.duration ?? '10:30');
  form.set('description', o.description ?? 'How the portal works.');
  for (const [k, v] of Object.entries(o.extra ?? {})) form.set(k, v);
  if (o.thumbnail !== null)
    form.set('thumbnail', new Blob([new Uint8Array(o.thumbnail ?? PNG)]), o.thumbnailName ?? 'thumb.png');
  if (o.video !== null) form.set('video', new Blob([new Uint8Array(o.video ?? webm())]), o.videoName ?? 'intro.webm');
  return form;
}

type HasStore = { db: Db; storage: Storage };

/** A training video row with its two files in storage, inserted directly (trust tests' fixtures). */
export async function insertTrainingVideo(t: HasStore, o: { title?: string; displayOrder?: number } = {}) {
  const id = randomUUID();
  const videoKey = `training-videos/videos/${id}.webm`;
  const thumbnailKey = `training-videos/thumbnails/${id}.png`;
  const video = webm(2000);
  await t.storage.put(videoKey, Readable.from([video]), { contentType: 'video/webm', size: video.length });
  await t.storage.put(thumbnailKey, Readable.from([PNG]), { contentType: 'image/png', size: PNG.length });
  const [{ n }] = await t.db.select({ n: count() }).from(trainingVideos);
  await t.db.insert(trainingVideos).values({
    id,
    title: o.title ?? 'Fixture video',
    description: 'A video for the tests.',
    duration: '0:10',
    videoKey,
    videoContentType: 'video/webm',
    videoSize: video.length,
    thumbnailKey,
    thumbnailContentType: 'image/png',
    displayOrder: o.displayOrder ?? n + 1,
  });
  return id;
}

/** A PDF resource under the video, with its file in storage. */
export async function insertVideoResource(t: HasStore, videoId: string, name = 'Fixture workbook.pdf') {
  const id = randomUUID();
  const storageKey = `training-videos/resources/${videoId}/${id}.pdf`;
  await t.storage.put(storageKey, Readable.from([PDF]), { contentType: 'application/pdf', size: PDF.length });
  await t.db
    .insert(videoResources)
    .values({ id, videoId, name, storageKey, contentType: 'application/pdf', size: PDF.length });
  return id;
}
