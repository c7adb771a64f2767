import type { ReactNode } from 'react';
import { ShowMore, type PagedList } from '../lib/paged-list';
import { Card, CardContent } from './ui/card';
import { LoadFailed, Loading } from './load-states';

/** A plain query of a list, or a paged one (which adds "Show more"). */
type ListQuery<T> = Pick<PagedList<T>, 'isPending' | 'isError' | 'data'> & { refetch: () => unknown } & Partial<
    Omit<PagedList<T>, 'isPending' | 'isError' | 'data' | 'refetch'>
  >;

/**
 * The loading, error (with Retry) and empty states every list screen shows, in one place; renders
 * `children` with the loaded items once there are some, then "Show more" while pages remain.
 */
export function QueryStates<T>({
  query,
  noun,
  loading,
  error,
  empty,
  children,
}: {
  query: ListQuery<T>;
  /** Plural noun for "Showing 100 of 240 accounts" (paged lists). */
  noun?: string;
  loading: string;
  error: string;
  empty: { title: string; hint: ReactNode; icon?: ReactNode };
  children: (data: T[]) => ReactNode;
}) {
  // A failed load has no data and is no longer pending: the error first, or it would spin for good.
  if (query.isError && !query.data) return <LoadFailed message={error} query={query} />;
  if (!query.data) return <Loading label={loading} />;
  if (query.data.length === 0)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          {empty.icon}
          <p className="font-medium text-gray-900">{empty.title}</p>
          <p className="text-sm text-gray-600">{empty.hint}</p>
        </CardContent>
      </Card>
    );
  return (
    <>
      {children(query.data)}
      {noun && <ShowMore list={query} noun={noun} />}
    </>
  );
}
