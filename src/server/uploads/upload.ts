import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';
import { NUL_REFUSED, nulInFormPart } from '../middleware/no-nul';
import type { Storage } from '../storage/storage';
import {
  checkUploadName,
  CONTENT_MISMATCH,
  contentTypes,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  type DocumentExtension,
} from '../../shared/uploads';

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    /** The form field it is about, when not the file (the page shows the message next to it). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A refused text field of the form (400), named so the page can show it next to the field. */
export class FormFieldError extends UploadError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}

/** A multipart part whose name or text holds a NUL (PostgreSQL text cannot), or null. */
export const nulPartError = (name: string, value?: string) =>
  nulInFormPart(name, value) ? new FormFieldError(NUL_REFUSED, name.replaceAll('\u0000', '')) : null;

type Multipart = { multipart: true };
/**
 * Marks a route as one that reads a multipart form, so the app's 1 MB limit on other bodies
 * (app.ts) leaves the request to it: by method and path, as the router matched them, never by
 * what the path looks like. `limit` bounds the whole request; a streamed upload counts its own
 * bytes (stream-upload.ts) and passes none.
 */
export const multipartRoute = (
  limit: MiddlewareHandler<AppEnv> = (_c, next) => next(),
): MiddlewareHandler<AppEnv> & Multipart => Object.assign(limit, { multipart: true as const });

/** Whether the route this request matched reads a multipart form (see multipartRoute). */
export const takesMultipart = (c: Context) =>
  matchedRoutes(c).some((r) => r.method === c.req.method && (r.handler as Partial<Multipart>).multipart === true);

/** The whole request may carry the file plus a little form overhead; the file itself is checked exactly. */
export const uploadBodyLimit = () =>
  multipartRoute(
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 256 * 1024, onError: (c) => c.json({ error: FILE_TOO_LARGE }, 413) }),
  );

export type ReceivedUpload = {
  /** The name the user gave the file (shown to people only; never part of a storage key). */
  name: string;
  ext: DocumentExtension;
  contentType: string;
  bytes: Buffer;
  /** The other (text) fields of the form. */
  fields: Record<string, string>;
};

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the bytes really are, among the three accepted kinds. */
export async function sniffDocument(bytes: Buffer): Promise<DocumentExtension | null> {
  if (bytes.subarray(0, 8).equals(OLE_SIGNATURE)) return 'doc';
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found?.ext === 'pdf') return 'pdf';
  if (found?.ext === 'docx') return 'docx';
  // A zip that file-type could not name: a Word document when it holds word/document.xml.
  if (found?.ext === 'zip' && bytes.includes('[Content_Types].xml') && bytes.includes('word/document.xml'))
    return 'docx';
  return null;
}

/**
 * Reads a multipart upload of exactly one file (field `file`) of at most 10 MB whose name ends in
 * .pdf, .doc or .docx and whose bytes are that kind of document. Throws UploadError otherwise.
 */
export async function receiveUpload(c: Context<AppEnv>): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? ''))
    throw new UploadError(415, 'Send the file as a multipart form upload (field "file").');
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + 256 * 1024) throw new UploadError(413, FILE_TOO_LARGE);
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new UploadError(400, 'The upload could not be read. Please try again.');
  }
  for (const [k, v] of Object.entries(body)) {
    const refused =
      nulPartError(k) ??
      [v]
        .flat()
        .map((x) => (typeof x === 'string' ? nulPartError(k, x) : null))
        .find(Boolean);
    if (refused) throw refused;
  }
  const files = Object.values(body)
    .flat()
    .filter((v): v is File => typeof v !== 'string');
  if (files.length > 1) throw new UploadError(400, 'Upload one file at a time.');
  if (files.length === 0 || !(body.file instanceof File)) throw new UploadError(400, 'Choose a file to upload.');
  const file = body.file;
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(413, FILE_TOO_LARGE);
  if (file.size === 0) throw new UploadError(400, 'The file is empty.');
  const checked = checkUploadName(file.name);
  if (!checked.ok) throw new UploadError(400, checked.error);
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = await sniffDocument(bytes);
  if (kind !== checked.ext) throw new UploadError(415, CONTENT_MISMATCH);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v;
  return { name: checked.name, ext: kind, contentType: contentTypes[kind], bytes, fields };
}

/** A server-made key: `{folder}/{owner}/{uuid}.{ext}` - nothing of the user's file name. */
export function uploadKey(folder: string, ownerId: string, ext: DocumentExtension) {
  const owner = ownerId.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  return `${folder}/${owner}/${randomUUID()}.${ext}`;
}

/**
 * Stores the bytes, then runs `record` (the row insert, in its transaction). When the record
 * fails the stored file is removed again, so a failed upload leaves neither row nor file.
 */
export async function storeThenRecord<T>(
  storage: Storage,
  key: string,
  upload: ReceivedUpload,
  record: () => Promise<T>,
): Promise<T> {
  await storage.put(key, Readable.from([upload.bytes]), { contentType: upload.contentType, size: upload.bytes.length });
  try {
    return await record();
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
