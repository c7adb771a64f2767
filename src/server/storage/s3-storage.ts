import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkKey, resolveRange, StorageNotFoundError, type Storage } from './storage';

export type S3Settings = {
  endpoint?: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region: string;
};

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
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
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
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: stream, ContentType: contentType, ContentLength: size },
      }).done();
    },

    async get(key, range) {
      checkKey(key);
      const { size, contentType } = await head(key);
      const r = range ? resolveRange(range, size) : undefined;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: r ? `bytes=${r.start}-${r.end}` : undefined }),
        );
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

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? [])
          if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    // A put that died mid-way leaves an unfinished multipart upload: its parts take space (and cost) until aborted.
    async sweepTemporary(before) {
      let files = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }))
          .catch((err: unknown) => {
            // A store that cannot list them (some S3-compatible ones; its lifecycle rules then apply) has none to sweep here.
            if ((err as { name?: string }).name === 'NotImplemented') return null;
            throw err;
          });
        if (!page) break;
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= before) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
          files++;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      // The parts' sizes are not listed with the uploads.
      return { files, bytes: 0 };
    },
  };
}
