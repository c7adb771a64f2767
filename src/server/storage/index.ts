import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

export * from './storage';
export { createLocalStorage } from './local-storage';

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/files on the local disk. The AWS SDK is loaded only for S3 (it costs a third of a second at start). */
export async function storageFromConfig(config: Config): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3);
}
