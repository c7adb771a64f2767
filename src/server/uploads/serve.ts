import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { contentRange, parseRange } from '../lib/range';
import { RangeNotSatisfiableError, StorageNotFoundError } from '../storage/storage';

// Every file the API hands out leaves through here: a download (never rendered by the browser), a
// picture or video shown in the page (inline, with HTTP Range for the player), or a built archive.
// The headers are the same for every area, so a new route cannot forget `nosniff` or caching.

const webStream = (s: Readable) => Readable.toWeb(s) as ReadableStream;

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, '_').slice(0, 150) || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Headers of a download. */
export const fileHeaders = (name: string, contentType: string, size: number) => ({
  'Content-Type': contentType,
  'Content-Length': String(size),
  'Content-Disposition': attachmentDisposition(name),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

// Shown in the page, so the browser may keep it for this user while the page lives, never share it.
const inlineHeaders = (contentType: string) => ({
  'Content-Type': contentType,
  'Content-Disposition': 'inline',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
});

export type Download = { name: string; contentType: string; size: number; stream: Readable };

/** The bytes `open` gives as a download; 404 with `notFound` when storage has lost them. */
export async function sendDownload(
  c: Context<AppEnv>,
  notFound: string,
  open: () => Promise<Download>,
): Promise<Response> {
  let file: Download;
  try {
    file = await open();
  } catch (err) {
    if (err instanceof StorageNotFoundError) return c.json({ error: notFound }, 404);
    throw err;
  }
  return c.body(webStream(file.stream), 200, fileHeaders(file.name, file.contentType, file.size));
}

/** A stored file as a download under the name the user gave it. */
export const sendStoredDownload = (
  c: Context<AppEnv>,
  file: { key: string; name: string; contentType: string },
  notFound: string,
) =>
  sendDownload(c, notFound, async () => ({
    ...(await c.var.deps.storage.get(file.key)),
    name: file.name,
    contentType: file.contentType,
  }));

/** A stored picture shown in the page. */
export async function sendInline(
  c: Context<AppEnv>,
  file: { key: string; contentType: string },
  notFound: string,
): Promise<Response> {
  try {
    const stored = await c.var.deps.storage.get(file.key);
    return c.body(webStream(stored.stream), 200, {
      ...inlineHeaders(file.contentType),
      'Content-Length': String(stored.size),
    });
  } catch (err) {
    if (err instanceof StorageNotFoundError) return c.json({ error: notFound }, 404);
    throw err;
  }
}

/**
 * A stored media file for a player: the whole file (200), the one byte range asked for (206), or
 * 416 with `unsatisfiable` when the range is not part of it. There is no download of it.
 */
export async function sendRanged(
  c: Context<AppEnv>,
  file: { key: string; contentType: string; size: number },
  sentences: { notFound: string; unsatisfiable: string },
): Promise<Response> {
  const refuse = (size: number) =>
    c.json({ error: sentences.unsatisfiable }, 416, { 'Content-Range': contentRange(size) });
  const range = parseRange(c.req.header('range'), file.size);
  if (range.kind === 'unsatisfiable') return refuse(file.size);
  let stored;
  try {
    stored = await c.var.deps.storage.get(
      file.key,
      range.kind === 'range' ? { start: range.start, end: range.end } : undefined,
    );
  } catch (err) {
    if (err instanceof StorageNotFoundError) return c.json({ error: sentences.notFound }, 404);
    // The stored file is shorter than its row says.
    if (err instanceof RangeNotSatisfiableError) return refuse(err.size);
    throw err;
  }
  const headers: Record<string, string> = { ...inlineHeaders(file.contentType), 'Accept-Ranges': 'bytes' };
  if (stored.range) {
    headers['Content-Range'] = contentRange(stored.size, stored.range);
    headers['Content-Length'] = String(stored.range.end - stored.range.start + 1);
    return c.body(webStream(stored.stream), 206, headers);
  }
  headers['Content-Length'] = String(stored.size);
  return c.body(webStream(stored.stream), 200, headers);
}

/** A file built while it is sent (an archive, a CSV): its length is not known in advance. */
export const sendArchive = (c: Context<AppEnv>, stream: Readable, name: string, contentType = 'application/zip') =>
  c.body(webStream(stream), 200, {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
