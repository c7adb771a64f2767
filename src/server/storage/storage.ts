import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive; `end` defaults to the last byte. */
export type ByteRange = { start: number; end?: number };

export type StoredObject = {
  stream: Readable;
  /** The whole object's size in bytes, whatever the range. */
  size: number;
  contentType: string;
  /** The range actually served (inclusive), when one was asked for. */
  range?: { start: number; end: number };
};

/**
 * Where uploaded files live: the local disk by default, S3-compatible storage in production.
 * Keys are made by the server (never from a file name): lower-case letters, digits, / . _ -
 */
export interface Storage {
  put(key: string, stream: Readable, meta: { contentType: string; size?: number }): Promise<void>;
  get(key: string, range?: ByteRange): Promise<StoredObject>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored object, in pages (the sweep of objects no row refers to). */
  list(): AsyncIterable<ListedObject>;
  /** Removes what interrupted puts left (temporary files, unfinished multipart uploads) begun before `before`. */
  sweepTemporary(before: Date): Promise<{ files: number; bytes: number }>;
}

export type ListedObject = { key: string; size: number; modifiedAt: Date };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
    this.name = 'InvalidKeyError';
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('Requested range not satisfiable');
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Refuses anything but a relative path of [a-z0-9._-] segments, none of them '.' or '..'. */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512 || !/^[a-z0-9/._-]+$/.test(key))
    throw new InvalidKeyError(key);
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new InvalidKeyError(key);
  return key;
}

/** The inclusive range to serve out of `size` bytes, or an error when none of it exists. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size || end < range.start)
    throw new RangeNotSatisfiableError(size);
  return { start: range.start, end };
}
