import { Readable } from 'node:stream';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';

// The backup is one tar file that `tar tf` can list. tar-stream writes and reads it entry by entry
// (long names and large sizes in PAX or ustar-prefix headers), so memory stays flat whatever the
// number and size of files. This module keeps the backup's two promises on top of it: a writer
// whose output stops with an error when an entry's bytes do not match its header, and a reader
// that refuses a damaged or truncated archive with a TarFormatError.
const BLOCK = 512;

export class TarFormatError extends Error {}

/** One regular file to write: exactly `size` bytes must come out of `body`. */
export type TarInput = { name: string; size: number; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };

type Waitable = { once(event: string, fn: () => void): unknown; destroyed: boolean; destroying: boolean };
// A stream that is destroyed never drains: waiting for 'close' as well keeps a cancelled backup from hanging.
const drainedOrClosed = (s: Waitable) =>
  new Promise<void>((resolve) => (s.destroyed ? resolve() : (s.once('drain', resolve), s.once('close', resolve))));

/**
 * The entries as one tar stream. It fails when an entry's body yields more or fewer bytes than its
 * size; when it is destroyed (a download cancelled), `entries` is closed so its clean-up runs.
 * `done` runs once the stream has ended, failed or been destroyed, before it reports so: tar-stream
 * reads ahead of the consumer, so the end of `entries` does not mean the archive has been taken.
 */
export function writeTar(entries: AsyncIterable<TarInput>, done?: () => Promise<void>): Readable {
  const pack = tarPack();
  const writing = (async () => {
    for await (const entry of entries) {
      let sink!: ReturnType<typeof pack.entry>;
      const written = new Promise<void>((resolve, reject) => {
        sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600, mtime: new Date() }, (err) =>
          err ? reject(err) : resolve(),
        );
      });
      // The entry's error comes through `written` (awaited below, or the loop has already thrown).
      written.catch(() => undefined);
      sink.on('error', () => undefined);
      for await (const chunk of entry.body) {
        if (!sink.write(chunk)) await drainedOrClosed(sink);
        if (sink.destroying) break;
      }
      sink.end(undefined);
      await written;
    }
    pack.finalize();
  })().catch((err: unknown) => pack.destroy(err instanceof Error ? err : new Error(String(err))));
  async function* out() {
    try {
      for await (const chunk of pack) yield chunk as Buffer;
    } finally {
      if (!pack.destroying) pack.destroy();
      await writing;
      await done?.();
    }
  }
  return Readable.from(out(), { objectMode: false });
}

export type TarEntry = { name: string; size: number; chunks: AsyncIterable<Buffer> };

/** tar-stream's refusals in the sentences a restore shows. */
function formatError(err: unknown): TarFormatError {
  const message = err instanceof Error ? err.message : String(err);
  if (/Invalid tar header\. Maybe/.test(message))
    return new TarFormatError('A tar header is damaged (checksum mismatch).');
  if (/Unexpected end of data/.test(message))
    return new TarFormatError('The archive ends in the middle of an entry: it is truncated.');
  return new TarFormatError('A tar header is malformed.');
}

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/**
 * Calls `onEntry` for every regular file, in order. Whatever `onEntry` leaves unread of an entry is
 * skipped. A damaged header, a truncated archive or one without its end marker is a
 * TarFormatError; an error of `input` itself (a missing file) comes out as it is.
 */
export async function readTar(
  input: Readable | AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry) => Promise<void>,
): Promise<void> {
  const extract = tarExtract();
  let inputError: unknown = null;
  let total = 0;
  const fed = (async () => {
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        if (extract.destroying) break;
        total += chunk.length;
        if (!extract.write(chunk)) await drainedOrClosed(extract);
      }
      if (!extract.destroying) extract.end(undefined);
    } catch (err) {
      inputError = err;
      extract.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  const fromTar = (err: unknown) => (err === inputError ? err : formatError(err));
  // Where the last entry's padded bytes end: at least two zero blocks must follow.
  let lastEnd = 0;
  try {
    const entries = extract[Symbol.asyncIterator]();
    for (;;) {
      let next;
      try {
        next = await entries.next();
      } catch (err) {
        throw fromTar(err);
      }
      if (next.done) break;
      const source = next.value;
      lastEnd = source.offset + BLOCK + padded(source.header.size);
      // Pulled by hand: leaving a for-await early would destroy the entry, and with it the whole extract.
      const body = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      const pull = async () => {
        try {
          return await body.next();
        } catch (err) {
          throw fromTar(err);
        }
      };
      if (source.header.type === 'file') {
        await onEntry({
          name: source.header.name,
          size: source.header.size,
          chunks: (async function* () {
            for (let r = await pull(); !r.done; r = await pull())
              yield Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
          })(),
        });
      }
      while (!(await pull()).done);
    }
  } finally {
    if (!extract.destroying) extract.destroy();
    await fed;
  }
  if (total - lastEnd < 2 * BLOCK) throw new TarFormatError('The archive has no end marker: it is truncated.');
}
