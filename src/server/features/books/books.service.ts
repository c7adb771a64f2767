import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookFiles } from '../../db/schema';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, uploadKey, type ReceivedUpload } from '../../uploads/upload';
import {
  BOOK_NOT_FOUND,
  BOOK_VOLUMES,
  bookByVolume,
  bookLockedMessage,
  books,
  FREE_VOLUME,
  type BookRow,
  type BookVolume,
} from '../../../shared/books';
import type { SessionUser } from '../../app-env';
import { callerHasMemberAccess } from '../membership/membership.service';
import { generateBookPdf } from './book-pdf';

/** The `:volume` route parameter as a volume, or null (anything but 1..4). */
export function parseVolume(raw: string | undefined): BookVolume | null {
  if (!raw || !/^[1-4]$/.test(raw)) return null;
  const n = Number(raw);
  return (BOOK_VOLUMES as readonly number[]).includes(n) ? (n as BookVolume) : null;
}

// Generated once per process, on first use, and kept: the same bytes every time.
const generated = new Map<number, Promise<Uint8Array>>();
export function generatedBook(volume: BookVolume): Promise<Uint8Array> {
  let pdf = generated.get(volume);
  if (!pdf) {
    const book = bookByVolume(volume);
    if (!book) throw new Error(`no book ${volume}`);
    pdf = generateBookPdf(book);
    pdf.catch(() => generated.delete(volume));
    generated.set(volume, pdf);
  }
  return pdf;
}

const replacementColumns = {
  volume: bookFiles.volume,
  fileName: bookFiles.fileName,
  storageKey: bookFiles.storageKey,
  size: bookFiles.size,
  updatedAt: bookFiles.updatedAt,
};

/** The four books for the caller: one query for the replacement files, the rest is fixed. */
export async function listBooks(db: Db, memberAccess: boolean): Promise<BookRow[]> {
  const replacements = await db.select(replacementColumns).from(bookFiles);
  return Promise.all(
    books.map(async (book) => {
      const replaced = replacements.find((r) => r.volume === book.volume);
      const free = book.volume === FREE_VOLUME;
      return {
        volume: book.volume,
        title: book.title,
        description: book.description,
        free,
        locked: !free && !memberAccess,
        fileName: replaced?.fileName ?? book.fileName,
        size: replaced?.size ?? (await generatedBook(book.volume)).byteLength,
        updatedAt: replaced?.updatedAt.toISOString() ?? null,
        replaced: Boolean(replaced),
      };
    }),
  );
}

/** The file a download sends: the admin's replacement when there is one, else the generated edition. */
export async function bookFile(
  db: Db,
  storage: Storage,
  volume: BookVolume,
): Promise<{ name: string; size: number; stream: Readable }> {
  const [replaced] = await db.select(replacementColumns).from(bookFiles).where(eq(bookFiles.volume, volume));
  if (replaced) {
    const file = await storage.get(replaced.storageKey);
    return { name: replaced.fileName, size: file.size, stream: file.stream };
  }
  const bytes = await generatedBook(volume);
  return {
    name: bookByVolume(volume)?.fileName ?? `volume-${volume}.pdf`,
    size: bytes.byteLength,
    stream: Readable.from([Buffer.from(bytes)]),
  };
}

/** The volume a user may download (volume 1 anyone, the others members and admins), as a PDF download. */
export async function openBook(
  db: Db,
  storage: Storage,
  user: Pick<SessionUser, 'id' | 'role'> | null,
  raw: string | undefined,
) {
  const volume = parseVolume(raw);
  if (!volume) throw new NotFoundError(BOOK_NOT_FOUND);
  if (volume !== FREE_VOLUME && !(user && (await callerHasMemberAccess(db, user))))
    throw new ForbiddenError(bookLockedMessage(volume));
  return { ...(await bookFile(db, storage, volume)), contentType: 'application/pdf' };
}

/** Stores an admin's replacement PDF and records it; the previous replacement's file is removed after the commit. */
export async function replaceBook(
  db: Db,
  storage: Storage,
  volume: BookVolume,
  actorId: string,
  upload: ReceivedUpload,
  log: { warn: (m: string) => void },
) {
  const key = uploadKey('books', `volume-${volume}`, 'pdf');
  const { previous, row } = await storeThenRecord(storage, key, upload, () =>
    db.transaction(async (tx) => {
      const [old] = await tx
        .select({ storageKey: bookFiles.storageKey })
        .from(bookFiles)
        .where(eq(bookFiles.volume, volume))
        .for('update');
      const values = {
        fileName: upload.name,
        storageKey: key,
        size: upload.bytes.length,
        uploadedBy: actorId,
        updatedAt: new Date(),
      };
      const [saved] = await tx
        .insert(bookFiles)
        .values({ volume, ...values })
        .onConflictDoUpdate({ target: bookFiles.volume, set: values })
        .returning(replacementColumns);
      return { previous: old?.storageKey ?? null, row: saved };
    }),
  );
  if (previous && previous !== key)
    await storage
      .delete(previous)
      .catch((err: unknown) => log.warn(`could not remove replaced book file ${previous}: ${String(err)}`));
  return { volume: row.volume, fileName: row.fileName, size: row.size, updatedAt: row.updatedAt.toISOString() };
}
