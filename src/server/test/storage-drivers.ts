import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Storage } from '../storage/s3-storage';
import { createLocalStorage, type Storage } from '../storage';

/**
 * A storage to test against, where the local driver keeps its temporary upload files, and every
 * file the driver has written (its objects and their metadata) to see that nothing was left.
 */
export type StorageUnderTest = {
  storage: Storage;
  tmpDir?: string;
  files: () => string[];
  tearDown: () => Promise<void>;
};
export type StorageDriver = { name: string; setUp: () => Promise<StorageUnderTest> };

const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile()).sort();

/** Both drivers, each in a fresh directory: the local disk, and S3 through the s3rver stand-in on 127.0.0.1. */
export const STORAGE_DRIVERS: StorageDriver[] = [
  {
    name: 'local disk',
    setUp: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-local-'));
      return {
        storage: createLocalStorage(dir),
        tmpDir: path.join(dir, 'tmp'),
        files: () => filesUnder(dir),
        tearDown: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver on 127.0.0.1)',
    setUp: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-s3-'));
      const server = new S3rver({
        address: '127.0.0.1',
        port: 0,
        directory: dir,
        silent: true,
        configureBuckets: [{ name: 'portal-test' }],
      });
      const { port } = await server.run();
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'portal-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        region: 'us-east-1',
      });
      return {
        storage,
        files: () => filesUnder(dir),
        tearDown: async () => {
          await server.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
