import { inArray, sql } from 'drizzle-orm';
import { jobFailed } from '../db/unavailable';
import type { Db } from '../db/client';
import {
  accountReceivableDocuments,
  bookFiles,
  businessDocuments,
  fundingPackets,
  purchaseOrderDocuments,
  supportAttachments,
  trainingVideos,
  videoResources,
} from '../db/schema';
import { formatBytes } from '../../shared/format';
import type { Logger } from '../lib/logger';
import { schedulePeriodic } from '../lib/periodic';
import type { Storage } from './storage';

/**
 * Anything younger may belong to a request still running: a put writes its temporary file first,
 * and an upload stores its files before its row commits. The longest request (a 2 GB video) may
 * take 2 hours (server.ts), so 3.
 */
export const SWEEP_GRACE_MS = 3 * 60 * 60 * 1000;
const BATCH = 500;

/** Of `keys`, those a row refers to (every table that holds a stored file's key). */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const columns = [
    [businessDocuments, businessDocuments.storageKey],
    [accountReceivableDocuments, accountReceivableDocuments.storageKey],
    [purchaseOrderDocuments, purchaseOrderDocuments.storageKey],
    [supportAttachments, supportAttachments.storageKey],
    [trainingVideos, trainingVideos.videoKey],
    [trainingVideos, trainingVideos.thumbnailKey],
    [videoResources, videoResources.storageKey],
    [bookFiles, bookFiles.storageKey],
    [fundingPackets, fundingPackets.pdfKey],
    [fundingPackets, fundingPackets.manifestKey],
  ] as const;
  const found = new Set<string>();
  for (const [table, column] of columns) {
    const rows = await db
      .select({ key: sql<string>`${column}` })
      .from(table)
      .where(inArray(column, keys));
    for (const r of rows) found.add(r.key);
  }
  return found;
}

export type SweepResult = { temporaryFiles: number; temporaryBytes: number; orphans: number; orphanBytes: number };

/**
 * Removes what crashed uploads leave behind: temporary files, and stored objects no row refers
 * to (a video's thumbnail stored before the process died, say), both only once older than
 * SWEEP_GRACE_MS. Without it they stayed for good, and went into every backup.
 */
export async function sweepStorage(
  deps: { db: Db; storage: Storage; log: Logger },
  opts: { now?: Date; signal?: AbortSignal } = {},
): Promise<SweepResult> {
  const before = new Date((opts.now ?? new Date()).getTime() - SWEEP_GRACE_MS);
  const temporary = await deps.storage.sweepTemporary(before);
  let orphans = 0;
  let orphanBytes = 0;
  let batch: { key: string; size: number }[] = [];
  const flush = async () => {
    const keep = await referenced(
      deps.db,
      batch.map((o) => o.key),
    );
    for (const o of batch) {
      if (keep.has(o.key)) continue;
      await deps.storage.delete(o.key);
      orphans++;
      orphanBytes += o.size;
    }
    batch = [];
  };
  for await (const o of deps.storage.list()) {
    if (opts.signal?.aborted) break;
    if (o.modifiedAt >= before) continue;
    batch.push(o);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length && !opts.signal?.aborted) await flush();
  const result = { temporaryFiles: temporary.files, temporaryBytes: temporary.bytes, orphans, orphanBytes };
  if (result.temporaryFiles || result.orphans) {
    deps.log.info(
      `storage sweep: removed ${result.temporaryFiles} temporary files (${formatBytes(result.temporaryBytes)}) and ${result.orphans} stored files no row refers to (${formatBytes(result.orphanBytes)}), left by interrupted uploads`,
    );
  }
  return result;
}

/** The sweep shortly after start (what the last crash left), then every 6 hours. */
export function scheduleStorageSweep(
  deps: { db: Db; storage: Storage; log: Logger },
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  return schedulePeriodic((signal) => sweepStorage(deps, { signal }), {
    firstDelayMs: opts.firstDelayMs ?? 30_000,
    intervalMs: opts.intervalMs ?? 6 * 60 * 60 * 1000,
    onError: jobFailed(deps.db, deps.log, 'storage sweep'),
  });
}
