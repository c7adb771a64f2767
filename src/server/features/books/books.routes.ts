import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { acceptUpload } from '../../uploads/accept';
import { sendDownload } from '../../uploads/serve';
import { receiveUpload, uploadBodyLimit, UploadError } from '../../uploads/upload';
import { BOOK_NOT_FOUND, BOOK_PDF_ONLY } from '../../../shared/books';
import { callerHasMemberAccess } from '../membership/membership.service';
import { listBooks, openBook, parseVolume, replaceBook } from './books.service';

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
  .get('/:volume/download', access('shared-read'), (c) => {
    const { db, storage } = c.var.deps;
    return sendDownload(c, 'The book file is missing. Please tell support.', () =>
      openBook(db, storage, c.get('user') ?? null, c.req.param('volume')),
    );
  })
  // Multipart: `file`, one PDF of at most 10 MB, checked by its content.
  .post('/:volume/upload', access('admin'), uploadBodyLimit(), async (c) => {
    const { db, storage, log } = c.var.deps;
    const user = c.get('user');
    const volume = parseVolume(c.req.param('volume'));
    if (!volume || !user) return c.json({ error: BOOK_NOT_FOUND }, 404);
    return acceptUpload(c, { actorId: user.id, field: 'file' }, async () => {
      const upload = await receiveUpload(c);
      if (upload.ext !== 'pdf') throw new UploadError(415, BOOK_PDF_ONLY);
      return c.json({ book: await replaceBook(db, storage, volume, user.id, upload, log) }, 201);
    });
  });
