import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ShowMore, type PagedList } from '../../lib/paged-list';
import type { DocumentRow } from './api';
import { DocumentList } from './document-list';

/** One section's documents, a page at a time. */
export function SectionList({ query, showClient, empty }: { query: PagedList<DocumentRow>; showClient: boolean; empty?: string }) {
  // A failed load has no data and is no longer pending: the error first, or it would spin for good.
  if (query.isError && !query.data) {
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        Could not load the documents. {query.error?.message}
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> Loading documents...
      </p>
    );
  }
  return (
    <>
      <DocumentList documents={query.data} showClient={showClient} empty={empty} />
      <ShowMore list={query} noun="documents" />
    </>
  );
}
