import { Readable, Transform } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Storage } from '../storage/storage';
import { nulPartError, UploadError, type FormFieldError } from './upload';

/** What one file field of a streamed upload accepts. */
export type StreamFileRule = {
  maxBytes: number;
  /** The 413 sentence when the file is larger than maxBytes. */
  tooLarge: string;
  /** Accepted kinds: file-type's extension for the bytes -> the content type stored and served. */
  kinds: Record<string, string>;
  /** The 415 sentence when the bytes are none of `kinds`. */
  wrongKind: string;
  /** The storage key for a file of this kind (made by the server, nothing of the user's file name). */
  key: (ext: string) => string;
};

export type StoredUploadFile = { key: string; contentType: string; size: number; name: string };
export type StreamedUpload = { fields: Record<string, string>; files: Record<string, StoredUploadFile> };

/** Bytes file-type reads to recognise a kind. */
const SNIFF_BYTES = 4100;
/** Form fields and part headers around the files. */
const FORM_OVERHEAD = 256 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;

/** Removes the files of an upload (after a later step failed): a failed upload leaves no file. */
export async function removeStoredFiles(storage: Storage, files: Iterable<{ key: string }>) {
  await Promise.all([...files].map((f) => storage.delete(f.key).catch(() => undefined)));
}

/**
 * Reads a multipart upload as it arrives: each file field in `rules` is recognised by its first
 * bytes (file-type's magic numbers, never the name or the declared type) and streamed to storage,
 * its size counted on the way (413 past the rule's limit). Nothing is held whole in memory. Text
 * fields are returned as they are (the caller validates them). On any failure every file already
 * stored is removed and an UploadError is thrown. A file field sent empty counts as not sent.
 */
export async function receiveStreamUpload(
  c: Context<AppEnv>,
  storage: Storage,
  rules: Record<string, StreamFileRule>,
  opts: {
    tooLarge: string;
    /**
     * Checks the text fields sent before the first file (a form that puts its fields first, as the
     * page does, is refused before any file is stored). Not called when no field came first.
     */
    checkFields?: (fields: Record<string, string>) => FormFieldError | null;
  },
): Promise<StreamedUpload> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new UploadError(415, 'Send the files as a multipart form upload.');
  const maxTotal = Object.values(rules).reduce((n, r) => n + r.maxBytes, 0) + FORM_OVERHEAD;
  const declared = Number(c.req.header('content-length'));
  // Refused before a byte is read when the request says it is too large.
  if (Number.isFinite(declared) && declared > maxTotal) throw new UploadError(413, opts.tooLarge);
  const raw = c.req.raw.body;
  if (!raw) throw new UploadError(400, 'The upload could not be read. Please try again.');

  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': type },
      limits: {
        fields: 20,
        fieldSize: MAX_FIELD_BYTES,
        files: Object.keys(rules).length,
        parts: 20 + Object.keys(rules).length,
        fileSize: Math.max(...Object.values(rules).map((r) => r.maxBytes)) + 1,
      },
    });
  } catch {
    throw new UploadError(400, 'The upload could not be read. Please try again.');
  }

  const fields: Record<string, string> = {};
  const files: Record<string, StoredUploadFile> = {};
  // Every key a put was started for: removed again when the upload fails.
  const started: string[] = [];
  const tasks: Promise<void>[] = [];
  const open: Readable[] = [];
  // File fields already begun (a field sent twice is refused, not stored twice).
  const seen = new Set<string>();
  let failure: UploadError | null = null;
  let fieldsChecked = false;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));

  const input = Readable.fromWeb(raw as import('node:stream/web').ReadableStream<Uint8Array>);
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      total += chunk.length;
      if (total > maxTotal) {
        fail(new UploadError(413, opts.tooLarge));
        // The request goes on past any limit: stop reading it.
        input.destroy();
        cb();
        return;
      }
      cb(null, chunk);
    },
  });

  function fail(err: unknown) {
    if (!failure) {
      failure =
        err instanceof UploadError ? err : new UploadError(400, 'The upload could not be read. Please try again.');
      // Stop parsing; whatever still arrives is read and dropped so the client gets the answer.
      counter.unpipe(bb);
      counter.resume();
      for (const s of open) s.destroy(failure);
      settle();
    }
  }

  async function storeFile(field: string, rule: StreamFileRule, stream: Readable, filename: string) {
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let size = 0;
    let ended = false;
    while (size < SNIFF_BYTES) {
      const r = await it.next();
      if (r.done) {
        ended = true;
        break;
      }
      head.push(r.value);
      size += r.value.length;
    }
    if (size === 0) return; // an empty file field: as if none was chosen
    const first = Buffer.concat(head);
    const { fileTypeFromBuffer } = await import('file-type');
    const ext = (await fileTypeFromBuffer(first))?.ext;
    const contentType = ext ? rule.kinds[ext] : undefined;
    if (!ext || !contentType) throw new UploadError(415, rule.wrongKind);
    if (size > rule.maxBytes) throw new UploadError(413, rule.tooLarge);
    const key = rule.key(ext);
    started.push(key);
    async function* body() {
      yield first;
      if (ended) return;
      for (let r = await it.next(); !r.done; r = await it.next()) {
        size += r.value.length;
        if (size > rule.maxBytes) throw new UploadError(413, rule.tooLarge);
        if (failure) throw failure;
        yield r.value;
      }
    }
    await storage.put(key, Readable.from(body()), { contentType });
    files[field] = { key, contentType, size, name: filename };
  }

  bb.on('field', (name, value, info) => {
    const nul = nulPartError(name, value);
    if (nul) fail(nul);
    else if (info.valueTruncated || info.nameTruncated) fail(new UploadError(400, 'A form field is too long.'));
    else fields[name] = value;
  });
  bb.on('file', (name, stream, info) => {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (failure) {
      stream.resume();
      return;
    }
    const nul = nulPartError(name);
    if (nul) {
      stream.resume();
      fail(nul);
      return;
    }
    if (!fieldsChecked && opts.checkFields && Object.keys(fields).length > 0) {
      fieldsChecked = true;
      const refused = opts.checkFields(fields);
      if (refused) {
        stream.resume();
        fail(refused);
        return;
      }
    }
    if (!rule || seen.has(name)) {
      stream.resume();
      fail(new UploadError(400, rule ? `Send one ${name} file only.` : `Unexpected file field: ${name.slice(0, 50)}`));
      return;
    }
    seen.add(name);
    stream.on('limit', () => fail(new UploadError(413, rule.tooLarge)));
    open.push(stream);
    tasks.push(
      storeFile(name, rule, stream, info.filename ?? '').catch((err: unknown) => {
        stream.resume();
        fail(err);
      }),
    );
  });
  for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const)
    bb.on(limit, () => fail(new UploadError(400, 'The form has too many parts.')));
  bb.on('error', (err) => fail(err));
  bb.on('close', () => {
    void Promise.all(tasks).then(() => settle());
  });
  input.on('error', (err) => fail(err));
  input.pipe(counter).pipe(bb);

  await settled;
  // A failed file's put may still be unwinding: wait for every started one, then clean up.
  await Promise.allSettled(tasks);
  if (failure) {
    await removeStoredFiles(
      storage,
      started.map((key) => ({ key })),
    );
    throw failure;
  }
  return { fields, files };
}

/**
 * receiveStreamUpload, then `record` with what arrived. When `record` throws (a refused field, a
 * missing file, a failed insert), the upload's files are removed before the error goes on.
 */
export async function withStreamUpload<T>(
  c: Context<AppEnv>,
  rules: Record<string, StreamFileRule>,
  opts: Parameters<typeof receiveStreamUpload>[3],
  record: (upload: StreamedUpload) => Promise<T>,
): Promise<T> {
  const { storage } = c.var.deps;
  const upload = await receiveStreamUpload(c, storage, rules, opts);
  try {
    return await record(upload);
  } catch (err) {
    await removeStoredFiles(storage, Object.values(upload.files));
    throw err;
  }
}
