import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import type { BookRow } from '../../../shared/books';
import { saveResponse } from '../../lib/save-download';

export const bookKeys = { all: ['books'] as const };

/** The four books, `locked` for the signed-in user. */
export const booksQuery = () =>
  queryOptions({
    queryKey: bookKeys.all,
    queryFn: async () => (await unwrap<{ books: BookRow[] }>(await api.books.$get())).books,
  });

export const bookDownloadUrl = (volume: number) => `/api/books/${volume}/download`;
export const bookUploadUrl = (volume: number) => `/api/books/${volume}/upload`;

/**
 * A book's Download button: fetches the PDF (so a refusal shows the server's sentence), saves it,
 * and after volume 1 completes the client's 'Download Your Free Guide' task through the
 * dashboard's own completion route (admins complete nothing).
 */
export function useDownloadBook(clientId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (book: Pick<BookRow, 'volume' | 'fileName' | 'free'>) => {
      const res = await fetch(bookDownloadUrl(book.volume), { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error || 'The book could not be downloaded. Please try again.');
      }
      await saveResponse(res, book.fileName);
      if (book.free && clientId) {
        await unwrap<{ completed: boolean }>(await api.clients[':clientId']['free-guide'].complete.$post({ param: { clientId } }));
        await queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
      }
    },
  });
}
