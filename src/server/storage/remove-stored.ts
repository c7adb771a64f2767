import type { Storage } from './storage';

/**
 * Removes files whose rows are already gone (called after the commit). A failure is only logged: a
 * file without a row is harmless, and the storage sweep removes it later; a row without its file
 * would be a broken link, so the row always goes first.
 */
export async function removeStored(
  storage: Pick<Storage, 'delete'>,
  keys: Iterable<string>,
  log: { warn: (m: string) => void },
) {
  await Promise.all(
    [...keys].map((key) =>
      storage.delete(key).catch((err: unknown) => log.warn(`could not remove stored file ${key}: ${String(err)}`)),
    ),
  );
}
