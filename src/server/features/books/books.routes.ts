import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { StorageNotFoundError } from '../../storage/storage';
import { receiveUpload, uploadBodyLimit, UploadError } from '../../uploads/upload';
import { withUploadSlot } from '../../uploads/upload-limits';
import { BOOK_NOT_FOUND, BOOK_PDF_ONLY, bookLockedMessage, FREE_VOLUME } from '../../../shared/books';
import { fileHeaders } from '../documents/documents.files';
import { callerHasMemberAccess } from '../membership/membership.service';
import { bookFile, listBooks, parseVolume, replaceBook } from './books.service';

const webStream = (s: Readable) => Readable.toWeb(s) as ReadableStream;

/**
 * /api/books: The Secret to Wealth. Every signed-in user lists them and downloads volume 1;
 * volumes 2 to 4 only members and admins (the one membership rule). Admins replace a volume's PDF.
 */
export const booksRoutes = new Hono<AppEnv>()
  .get('/', access('shared-read'), async (c) => {
    const user = c.get('user');
    const member = user ? await callerHasMemberAccess(c.var.deps.db, user) : false;
    return c.json({ books: await listBooks(c.var.deps.db, member) });
  })
  .get('/:volume/download', access('shared-read'), async (c) => {
    const { db, storage } = c.var.deps;
    const user = c.get('user');
    const volume = parseVolume(c.req.param('volume'));
    if (!volume) return c.json({ error: BOOK_NOT_FOUND }, 404);
    if (volume !== FREE_VOLUME && !(user && (await callerHasMemberAccess(db, user)))) return c.json({ error: bookLockedMessage(volume) }, 403);
    try {
      const file = await bookFile(db, storage, volume);
      return c.body(webStream(file.stream), 200, fileHeaders(file.name, 'application/pdf', file.size));
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: 'The book file is missing. Please tell support.' }, 404);
      throw err;
    }
  })
  // Multipart: `file`, one PDF of at most 10 MB, checked by its content.
  .post('/:volume/upload', access('admin'), uploadBodyLimit(), async (c) => {
    const { db, storage, log } = c.var.deps;
    const user = c.get('user');
    const volume = parseVolume(c.req.param('volume'));
    if (!volume || !user) return c.json({ error: BOOK_NOT_FOUND }, 404);
    return withUploadSlot(db, user.id, async () => {
      try {
        const upload = await receiveUpload(c);
        if (upload.ext !== 'pdf') return c.json({ error: BOOK_PDF_ONLY, field: 'file' }, 415);
        return c.json({ book: await replaceBook(db, storage, volume, user.id, upload, log) }, 201);
      } catch (err) {
        if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? 'file' }, err.status);
        throw err;
      }
    });
  });
