import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { JOIN_LINK, JOIN_LINK_LABEL } from '../../../shared/membership-rules';
import { booksQuery, useDownloadBook } from './api';
import { BookCard } from './book-card';
import { WealthDocuments } from './wealth-documents';
import { LoadFailed } from '../../components/load-states';
import { useIsPortalAdmin } from '../../app/portal-admin';

export const BOOKS_HEADING = 'The Secret to Wealth: Volumes 1 & 2';

/** /wealth-secrets: the four books (volume 1 free, the others for members and admins) and the Secret to Wealth documents. */
export function BooksPage() {
  useDocumentTitle(BOOKS_HEADING);
  // Shared content managed by administrators: a staff member sees it as any signed-in user does.
  const { user } = useAuth();
  const isAdmin = useIsPortalAdmin();
  const books = useQuery(booksQuery());
  const download = useDownloadBook(isAdmin ? null : (user?.id ?? null));
  const someLocked = books.data?.some((b) => b.locked);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{BOOKS_HEADING}</h1>
        <p className="text-sm text-gray-600">
          {isAdmin
            ? 'Every volume is open to administrators. Replace a volume’s PDF with the button on its card.'
            : 'Volume 1 is free. Volumes 2 to 4 are included with a membership.'}
        </p>
      </header>
      {someLocked && (
        <Alert tone="info">
          Want all four volumes?{' '}
          <Link to={JOIN_LINK} className="font-medium text-brand-800 underline underline-offset-2">
            See {JOIN_LINK_LABEL}
          </Link>{' '}
          to become a member.
        </Alert>
      )}
      {books.isPending ? (
        <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
          <Spinner className="size-4" label="" /> Loading books...
        </p>
      ) : books.isError ? (
        <LoadFailed message={`Could not load the books. ${books.error.message}`} query={books} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {books.data.map((book) => (
            <BookCard
              key={book.volume}
              book={book}
              isAdmin={isAdmin}
              downloading={download.isPending && download.variables?.volume === book.volume}
              onDownload={() =>
                download.mutate(book, {
                  onSuccess: () => toast.success(`Volume ${book.volume} downloaded.`),
                  onError: (e) => toast.error(e.message),
                })
              }
            />
          ))}
        </div>
      )}
      <WealthDocuments clientId={isAdmin ? null : (user?.id ?? null)} isAdmin={isAdmin} />
    </div>
  );
}
