import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export * from './storage';
export { createLocalStorage } from './local-storage';
export { createS3Storage } from './s3-storage';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/files on the local disk. */
export function storageFromConfig(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
