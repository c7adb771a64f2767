import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readTar, TarFormatError, writeTar, type TarInput } from './tar';
import { readBackupEntries, verifyBackup } from './read-backup';

const files: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{}')],
  ['empty', Buffer.alloc(0)],
  [`files/objects/${'a'.repeat(60)}/${'b'.repeat(80)}.pdf`, randomBytes(70_000)],
  // No '/' to split at: only a PAX header can hold it.
  [`files/objects/${'c'.repeat(150)}.pdf`, randomBytes(600)],
  ['exactly-512', randomBytes(512)],
];

async function* inputs(list: [string, Buffer][]): AsyncGenerator<TarInput> {
  for (const [name, body] of list) yield { name, size: body.length, body: [body] };
}

const write = async (list: [string, Buffer][]) => {
  const parts: Buffer[] = [];
  for await (const chunk of writeTar(inputs(list))) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

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
  it('reads back what it writes, long names included', async () => {
    expect(await read(await write(files))).toEqual(files);
  });

  it('is a tar the system tar lists', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tar-')), 'a.tar');
    fs.writeFileSync(file, await write(files));
    try {
      expect(execFileSync('tar', ['tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(files.map(([n]) => n));
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('skips what the reader leaves unread', async () => {
    const names: string[] = [];
    await readTar(
      (async function* () {
        yield await write(files);
      })(),
      async (e) => void names.push(e.name),
    );
    expect(names).toEqual(files.map(([n]) => n));
  });

  it('refuses a truncated archive, one without its end marker and a damaged header', async () => {
    const archive = await write(files);
    await expect(read(archive.subarray(0, archive.length - 1024 - 100))).rejects.toThrow(TarFormatError);
    await expect(read(archive.subarray(0, archive.length - 1024))).rejects.toThrow(/no end marker/);
    await expect(read(Buffer.alloc(0))).rejects.toThrow(/no end marker/);
    const damaged = Buffer.from(archive);
    damaged[3] ^= 1;
    await expect(read(damaged)).rejects.toThrow(/checksum/);
  });

  it('fails the stream when an entry yields fewer or more bytes than its size', async () => {
    for (const size of [11, 9]) {
      const out = writeTar(
        (async function* () {
          yield { name: 'x', size, body: [Buffer.alloc(10)] };
        })(),
      );
      await expect(text(out)).rejects.toThrow(/Size mismatch/);
    }
  });
});

// Written by the portal's own ustar/PAX writer before it used tar-stream (files only, with names over
// 100 bytes in PAX headers, an empty file and one of exactly 512 bytes): backups made then must still restore.
describe('a backup written before tar-stream', () => {
  const fixture = path.join(import.meta.dirname, 'fixtures', 'files-only-backup-ustar.tar');
  const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));
  const expected: Record<string, Buffer> = {
    'files/objects/documents/client-a/0b8e7f1c-5a2d-4c3e-9f10-2a4b6c8d0e1f.pdf': Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      bytes(1200, 3),
    ]),
    [`files/objects/support/${'long-client-id-'.repeat(6)}x/6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b.png`]: bytes(512, 7),
    [`files/objects/training-videos/resources/${'v'.repeat(120)}/empty.pdf`]: Buffer.alloc(0),
  };

  it('verifies against its manifest and gives back every file byte for byte', async () => {
    const manifest = await verifyBackup(fixture);
    expect(manifest).toMatchObject({ database: 'none', files: 'local' });
    const got: Record<string, Buffer> = {};
    await readBackupEntries(fixture, manifest, {
      database: () => Promise.reject(new Error('no database in this backup')),
      file: async (target, chunks) => {
        const parts: Buffer[] = [];
        for await (const c of chunks) parts.push(c);
        got[target] = Buffer.concat(parts);
      },
    });
    for (const [name, body] of Object.entries(expected)) expect(got[name]?.equals(body), name).toBe(true);
    expect(
      Object.keys(got)
        .filter((k) => k.startsWith('files/objects/'))
        .sort(),
    ).toEqual(Object.keys(expected).sort());
  });
});
