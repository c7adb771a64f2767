import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { END_OF_ARCHIVE, entryHeader, padding, readTar, TarFormatError } from './tar';

const files: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{}')],
  ['empty', Buffer.alloc(0)],
  [`files/objects/${'a'.repeat(60)}/${'b'.repeat(80)}.pdf`, randomBytes(70_000)],
  ['exactly-512', randomBytes(512)],
];
const archive = Buffer.concat([...files.flatMap(([name, body]) => [entryHeader(name, body.length), body, padding(body.length)]), END_OF_ARCHIVE]);

async function read(bytes: Buffer) {
  const out: [string, Buffer][] = [];
  // Small chunks, so entries and headers straddle chunk boundaries.
  const chunks = (async function* () {
    for (let i = 0; i < bytes.length; i += 777) yield bytes.subarray(i, i + 777);
  })();
  await readTar(chunks, async (e) => {
    const parts: Buffer[] = [];
    for await (const c of e.chunks) parts.push(c);
    out.push([e.name, Buffer.concat(parts)]);
  });
  return out;
}

describe('tar', () => {
  it('reads back what it writes, long names (PAX) included', async () => {
    expect(await read(archive)).toEqual(files);
  });

  it('is a tar the system tar lists', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tar-')), 'a.tar');
    fs.writeFileSync(file, archive);
    try {
      expect(execFileSync('tar', ['tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(files.map(([n]) => n));
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('refuses a truncated archive and a damaged header', async () => {
    await expect(read(archive.subarray(0, archive.length - 1024 - 100))).rejects.toThrow(TarFormatError);
    const damaged = Buffer.from(archive);
    damaged[3] ^= 1;
    await expect(read(damaged)).rejects.toThrow(/checksum/);
  });
});
