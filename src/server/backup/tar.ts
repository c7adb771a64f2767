import type { Readable } from 'node:stream';

// A small ustar (POSIX tar) writer and reader: the backup is one file that `tar tf` can list, and
// both sides stream entry by entry, so memory stays flat whatever the number and size of files.
// Names longer than 100 bytes and sizes of 8 GiB or more go in a PAX header before the entry.
const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

function octal(header: Buffer, offset: number, length: number, value: number) {
  field(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  // The length prefix counts itself: grow it until it is stable.
  let length = Buffer.byteLength(body);
  while (Buffer.byteLength(`${length}${body}`) !== length) length = Buffer.byteLength(`${length}${body}`);
  return `${length}${body}`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  field(h, 0, 100, name);
  octal(h, 100, 8, 0o600);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h.fill(' ', 148, 156); // the checksum is computed with its own field as spaces
  field(h, 156, 1, type);
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  let sum = 0;
  for (const byte of h) sum += byte;
  field(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** The header block(s) of one regular-file entry; its `size` bytes and `padding(size)` follow. */
export function entryHeader(name: string, size: number, mtime = Math.floor(Date.now() / 1000)): Buffer {
  const long = Buffer.byteLength(name) > 100;
  const big = size > MAX_OCTAL_SIZE;
  if (!long && !big) return header(name, size, '0', mtime);
  const pax = Buffer.from((long ? paxRecord('path', name) : '') + (big ? paxRecord('size', String(size)) : ''));
  const shortName = Buffer.from(name).subarray(0, 100).toString('utf8').replace(/\uFFFD+$/, '');
  return Buffer.concat([header('PaxHeader', pax.length, 'x', mtime), pax, padding(pax.length), header(shortName, big ? 0 : size, '0', mtime)]);
}

export function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);

export class TarFormatError extends Error {}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly it: AsyncIterator<Buffer>;
  constructor(input: AsyncIterable<Buffer>) {
    this.it = input[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<boolean> {
    while (this.length < n) {
      const next = await this.it.next();
      if (next.done) return false;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    return true;
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async read(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new TarFormatError('The archive ends in the middle of an entry: it is truncated.');
    return this.take(n);
  }

  /** `n` bytes as chunks, without holding more than one chunk. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) throw new TarFormatError('The archive ends in the middle of an entry: it is truncated.');
      const chunk = this.take(Math.min(left, this.length));
      left -= chunk.length;
      yield chunk;
    }
  }

  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }
}

function readOctal(h: Buffer, offset: number, length: number): number {
  const text = h.subarray(offset, offset + length).toString('ascii').replace(/[\0 ]+$/g, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('A tar header holds a malformed number.');
  return text ? parseInt(text, 8) : 0;
}

function readString(h: Buffer, offset: number, length: number): string {
  const raw = h.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function checksumOk(h: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  return sum === readOctal(h, 148, 8);
}

function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let p = 0;
  while (p < data.length) {
    const space = data.indexOf(0x20, p);
    const length = Number(data.subarray(p, space).toString('ascii'));
    if (space < 0 || !Number.isInteger(length) || length <= 0) throw new TarFormatError('A PAX header is malformed.');
    const record = data.subarray(space + 1, p + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    out[record.slice(0, eq)] = record.slice(eq + 1);
    p += length;
  }
  return out;
}

export type TarEntry = { name: string; size: number; chunks: AsyncIterable<Buffer> };

/**
 * Calls `onEntry` for every regular file, in order. Whatever `onEntry` leaves unread of an entry is
 * skipped. A bad header checksum or a truncated archive is a TarFormatError.
 */
export async function readTar(input: Readable | AsyncIterable<Buffer>, onEntry: (entry: TarEntry) => Promise<void>): Promise<void> {
  const reader = new ByteReader(input as AsyncIterable<Buffer>);
  let pax: Record<string, string> = {};
  for (;;) {
    if (await reader.atEnd()) throw new TarFormatError('The archive has no end marker: it is truncated.');
    const h = await reader.read(BLOCK);
    if (h.every((b) => b === 0)) return;
    if (!checksumOk(h)) throw new TarFormatError('A tar header is damaged (checksum mismatch).');
    const type = String.fromCharCode(h[156] || 0x30);
    let size = readOctal(h, 124, 12);
    if (type === 'x') {
      pax = parsePax(await reader.read(size));
      await reader.read(padding(size).length);
      continue;
    }
    const prefix = readString(h, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100));
    if (pax.size !== undefined) size = Number(pax.size);
    pax = {};
    let consumed = 0;
    const body = reader.chunks(size);
    const counted = (async function* () {
      for await (const chunk of body) {
        consumed += chunk.length;
        yield chunk;
      }
    })();
    if (type === '0') await onEntry({ name, size, chunks: counted });
    // Skip what the caller did not read (or a non-file entry).
    if (consumed < size) for await (const chunk of reader.chunks(size - consumed)) void chunk;
    await reader.read(padding(size).length);
  }
}
