import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { hasMorePages, type Page } from '../../shared/paging-rules';
import { Button } from '../components/ui/button';

/**
 * Query options for a paged list route: page 1 first, the next page on demand. Keys are plain
 * arrays, so invalidating a prefix refreshes every page loaded so far. `X` types any fields a
 * route answers beside the page (the compliance list's counts).
 */
export const pagedListOptions = <T, X extends object = object>(
  queryKey: QueryKey,
  fetchPage: (page: string) => Promise<Page<T> & X>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(String(pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last: Page<T> & X) => (hasMorePages(last) ? last.page + 1 : undefined),
  });

/** "1,234", or "1,000+" for a total that is a lower bound (one past what was counted). */
export const formatTotal = (p: Pick<Page<unknown>, 'total' | 'totalAtLeast'>) =>
  p.totalAtLeast ? `${(p.total - 1).toLocaleString('en-US')}+` : p.total.toLocaleString('en-US');

/** The loaded pages as one list, with the states lists show and what "Show more" needs. */
export function usePagedList<T, X extends object = object>(
  options: ReturnType<typeof pagedListOptions<T, X>>,
  enabled = true,
) {
  const q = useInfiniteQuery({ ...options, enabled });
  const items = useMemo(() => q.data?.pages.flatMap((p) => p.items), [q.data]);
  return {
    isPending: q.isPending,
    isError: q.isError,
    error: q.error,
    data: items,
    total: q.data?.pages.at(-1)?.total ?? 0,
    /** The total is a lower bound: an all-clients list not counted to its end. */
    totalAtLeast: q.data?.pages.at(-1)?.totalAtLeast,
    /** The newest page loaded, with any fields the route answers beside the items. */
    lastPage: q.data?.pages.at(-1),
    refetch: q.refetch,
    hasNextPage: q.hasNextPage,
    fetchNextPage: q.fetchNextPage,
    isFetchingNextPage: q.isFetchingNextPage,
  };
}
export type PagedList<T, X extends object = object> = ReturnType<typeof usePagedList<T, X>>;

/** "Showing N of M", a button for the next page when there is one, and optionally one for all the rest. */
export function ShowMore({
  list,
  noun,
  onShowAll,
}: {
  list: Pick<PagedList<unknown>, 'data'> &
    Partial<
      Pick<PagedList<unknown>, 'total' | 'totalAtLeast' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>
    >;
  noun: string;
  /** Offered beside Show more: loads every remaining page. */
  onShowAll?: () => void;
}) {
  if (!list.hasNextPage || !list.fetchNextPage) return null;
  const next = list.fetchNextPage;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3 py-2 text-sm text-gray-600">
      <span>
        Showing {list.data?.length ?? 0} of {formatTotal({ total: list.total ?? 0, totalAtLeast: list.totalAtLeast })}{' '}
        {noun}
      </span>
      <Button size="sm" variant="outline" disabled={list.isFetchingNextPage} onClick={() => void next()}>
        {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
      </Button>
      {onShowAll && (
        <Button size="sm" variant="outline" disabled={list.isFetchingNextPage} onClick={onShowAll}>
          Show all
        </Button>
      )}
    </div>
  );
}
