import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkKey, resolveRange, StorageNotFoundError, type Storage } from './storage';

export type S3Settings = { endpoint?: string; bucket: string; accessKeyId?: string; secretAccessKey?: string; region: string };

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket (AWS, MinIO, ...), path-style addressing so any endpoint works. */
export function createS3Storage(s: S3Settings): Storage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
  const Bucket = s.bucket;

  async function head(key: string) {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: h.ContentLength ?? 0, contentType: h.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isNotFound(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  return {
    async put(key, stream: Readable, { contentType, size }) {
      checkKey(key);
      // Streams in parts; nothing is visible under the key until the upload completes.
      await new Upload({ client, params: { Bucket, Key: key, Body: stream, ContentType: contentType, ContentLength: size } }).done();
    },

    async get(key, range) {
      checkKey(key);
      const { size, contentType } = await head(key);
      const r = range ? resolveRange(range, size) : undefined;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: r ? `bytes=${r.start}-${r.end}` : undefined }));
        return { stream: res.Body as Readable, size, contentType, range: r };
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw err;
      }
    },

    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      checkKey(key);
      try {
        await head(key);
        return true;
      } catch (err) {
        if (err instanceof StorageNotFoundError) return false;
        throw err;
      }
    },
  };
}
