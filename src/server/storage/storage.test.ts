import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_DRIVERS } from '../test/storage-drivers';
import { createLocalStorage, InvalidKeyError, RangeNotSatisfiableError, StorageNotFoundError, type Storage } from '.';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

describe.each(STORAGE_DRIVERS)('storage driver: $name', (driver) => {
  let storage: Storage;
  let tearDown: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, tearDown } = await driver.setUp());
  });
  afterAll(() => tearDown?.());

  it('stores a stream and reads it back with its content type and size', async () => {
    await storage.put('documents/u1/a.pdf', Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'application/pdf',
    });
    expect(await storage.exists('documents/u1/a.pdf')).toBe(true);
    const got = await storage.get('documents/u1/a.pdf');
    expect(got.size).toBe(11);
    expect(got.contentType).toBe('application/pdf');
    expect(got.range).toBeUndefined();
    expect(await read(got.stream)).toBe('hello world');
  });

  it('overwrites an existing key', async () => {
    await storage.put('documents/u1/b.txt', Readable.from([Buffer.from('first')]), {
      contentType: 'text/plain',
      size: 5,
    });
    await storage.put('documents/u1/b.txt', Readable.from([Buffer.from('second')]), {
      contentType: 'text/plain',
      size: 6,
    });
    expect(await read((await storage.get('documents/u1/b.txt')).stream)).toBe('second');
  });

  it('serves byte ranges, open-ended and clamped to the end', async () => {
    await storage.put('videos/v.bin', Readable.from([Buffer.from('0123456789')]), { contentType: 'video/mp4' });
    const mid = await storage.get('videos/v.bin', { start: 2, end: 5 });
    expect(mid.range).toEqual({ start: 2, end: 5 });
    expect(mid.size).toBe(10);
    expect(await read(mid.stream)).toBe('2345');
    const tail = await storage.get('videos/v.bin', { start: 7 });
    expect(tail.range).toEqual({ start: 7, end: 9 });
    expect(await read(tail.stream)).toBe('789');
    const clamped = await storage.get('videos/v.bin', { start: 8, end: 100 });
    expect(await read(clamped.stream)).toBe('89');
    await expect(storage.get('videos/v.bin', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('deletes, and a missing key is a typed NotFound (delete of a missing key is fine)', async () => {
    await storage.put('documents/u2/c.pdf', Readable.from([Buffer.from('x')]), { contentType: 'application/pdf' });
    await storage.delete('documents/u2/c.pdf');
    expect(await storage.exists('documents/u2/c.pdf')).toBe(false);
    await expect(storage.get('documents/u2/c.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get('never/was.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('never/was.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys outside [a-z0-9/._-], with .., absolute or empty segments', async () => {
    const bad = [
      '../etc/passwd',
      'a/../../b',
      '/abs/key',
      'Upper/Case',
      'sp ace',
      'a//b',
      './a',
      'a/',
      '',
      'back\\slash',
      'ünï',
    ];
    for (const key of bad) {
      await expect(
        storage.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
        key,
      ).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });
});

describe('local disk driver specifics', () => {
  it('writes through a temporary file: a failed stream leaves nothing under the key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-local-'));
    const storage = createLocalStorage(dir);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('documents/u/x.pdf', failing, { contentType: 'application/pdf' })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.exists('documents/u/x.pdf')).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    await expect(
      storage.put('documents/u/y.pdf', Readable.from([Buffer.from('abc')]), {
        contentType: 'application/pdf',
        size: 4,
      }),
    ).rejects.toThrow(/expected 4 bytes/);
    expect(await storage.exists('documents/u/y.pdf')).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
