import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { BookRow } from '../../../shared/books';
import { fetchFile, uploadTarget } from '../../lib/file-requests';
import { saveResponse } from '../../lib/save-download';

export const bookKeys = { all: ['books'] as const };

/** The four books, `locked` for the signed-in user. */
export const booksQuery = () =>
  queryOptions({
    queryKey: bookKeys.all,
    queryFn: async () => (await unwrap(await api.books.$get())).books,
  });

const bookParam = (volume: number) => ({ param: { volume: String(volume) } });
export const bookUpload = (volume: number) => uploadTarget(api.books[':volume'].upload, bookParam(volume));

/**
 * A book's Download button: fetches the PDF (so a refusal shows the server's sentence), saves it,
 * and after volume 1 completes the client's 'Download Your Free Guide' task through the
 * dashboard's own completion route (admins complete nothing).
 */
export function useDownloadBook(clientId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (book: Pick<BookRow, 'volume' | 'fileName' | 'free'>) => {
      const res = await fetchFile(
        api.books[':volume'].download.$path(bookParam(book.volume)),
        {},
        'The book could not be downloaded. Please try again.',
      );
      await saveResponse(res, book.fileName);
      if (book.free && clientId) {
        await unwrap(await api.clients[':clientId']['free-guide'].complete.$post({ param: { clientId } }));
        await queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
      }
    },
  });
}
