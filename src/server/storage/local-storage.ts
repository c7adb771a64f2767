import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  resolveRange,
  StorageNotFoundError,
  type ByteRange,
  type ListedObject,
  type Storage,
  type StoredObject,
} from './storage';

/**
 * Files under `root/objects/<key>`, their content type under `root/meta/<key>.json`. A put writes a
 * temporary file and renames it into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): Storage {
  const objects = path.resolve(root, 'objects');
  const meta = path.resolve(root, 'meta');
  const tmp = path.resolve(root, 'tmp');
  const objectPath = (key: string) => {
    const p = path.resolve(objects, checkKey(key));
    // checkKey already refuses '..'; this keeps the promise even if it ever changes.
    if (!p.startsWith(objects + path.sep)) throw new Error(`key escapes the storage root: ${key}`);
    return p;
  };
  const metaPath = (key: string) => path.resolve(meta, `${checkKey(key)}.json`);

  const notFound = (key: string) => (err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      throw new StorageNotFoundError(key);
    throw err;
  };

  return {
    async put(key, stream: Readable, { contentType, size }) {
      const target = objectPath(key);
      await fsp.mkdir(tmp, { recursive: true });
      const tmpFile = path.join(tmp, randomUUID());
      let written = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          written += chunk.length;
          cb(null, chunk);
        },
      });
      // Created before any byte is read: a source that fails at once could otherwise fail while a
      // write stream is still opening the file, and the open would create it after its removal.
      const file = (await fsp.open(tmpFile, 'wx')).createWriteStream();
      try {
        await pipeline(stream, counter, file);
        if (size !== undefined && written !== size) throw new Error(`expected ${size} bytes, received ${written}`);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.mkdir(path.dirname(metaPath(key)), { recursive: true });
        await fsp.writeFile(metaPath(key), JSON.stringify({ contentType, size: written }));
        await fsp.rename(tmpFile, target);
      } catch (err) {
        await fsp.rm(tmpFile, { force: true });
        throw err;
      }
    },

    async get(key, range?: ByteRange): Promise<StoredObject> {
      const file = objectPath(key);
      const stat = await fsp.stat(file).catch(notFound(key));
      if (!stat.isFile()) throw new StorageNotFoundError(key);
      const info = (await fsp.readFile(metaPath(key), 'utf8').then(JSON.parse, () => ({}))) as { contentType?: string };
      const contentType = info.contentType ?? 'application/octet-stream';
      if (!range) return { stream: fs.createReadStream(file), size: stat.size, contentType };
      const r = resolveRange(range, stat.size);
      return { stream: fs.createReadStream(file, r), size: stat.size, contentType, range: r };
    },

    async delete(key) {
      await fsp.rm(objectPath(key), { force: true });
      await fsp.rm(metaPath(key), { force: true });
    },

    async exists(key) {
      const stat = await fsp.stat(objectPath(key)).catch(() => null);
      return Boolean(stat?.isFile());
    },

    async *list() {
      const walk = async function* (dir: string): AsyncGenerator<ListedObject> {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const p = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(p);
          else if (entry.isFile()) {
            const stat = await fsp.stat(p).catch(() => null);
            if (stat)
              yield {
                key: path.relative(objects, p).split(path.sep).join('/'),
                size: stat.size,
                modifiedAt: stat.mtime,
              };
          }
        }
      };
      yield* walk(objects);
    },

    async sweepTemporary(before) {
      let files = 0;
      let bytes = 0;
      for (const name of await fsp.readdir(tmp).catch(() => [])) {
        const p = path.join(tmp, name);
        const stat = await fsp.stat(p).catch(() => null);
        if (!stat?.isFile() || stat.mtime >= before) continue;
        await fsp.rm(p, { force: true });
        files++;
        bytes += stat.size;
      }
      return { files, bytes };
    },
  };
}
