import { ShowMore, type PagedList } from '../../lib/paged-list';
import type { DocumentRow } from './api';
import { DocumentList } from './document-list';
import { LoadFailed, Loading } from '../../components/load-states';
import { requestIdOf } from '../../lib/api-error';

/** One section's documents, a page at a time. */
export function SectionList({
  query,
  showClient,
  empty,
}: {
  query: PagedList<DocumentRow>;
  showClient: boolean;
  empty?: string;
}) {
  // The server's reason (a 4xx says why); a 500's own message would only repeat the request id LoadFailed shows.
  const reason = requestIdOf(query.error) ? '' : (query.error?.message ?? '');
  // A failed load has no data and is no longer pending: the error first, or it would spin for good.
  if (query.isError && !query.data)
    return <LoadFailed message={`Could not load the documents. ${reason}`.trim()} query={query} />;
  if (!query.data) return <Loading label="Loading documents..." />;
  return (
    <>
      <DocumentList documents={query.data} showClient={showClient} empty={empty} />
      <ShowMore list={query} noun="documents" />
    </>
  );
}
