import { QueryClient, type InvalidateOptions, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';

/**
 * A QueryClient whose invalidation always asks the server again. TanStack Query reuses a fetch
 * already in flight for a query that has no data yet, instead of starting a new one: a list whose
 * first load began before a write (a file chosen as the page opens) would keep that older answer,
 * without the new row, until something else refetched it. Those first loads are cancelled (back to
 * "loading") first, so the refetch that follows the invalidation sees the write.
 */
class WriteAwareQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstLoads = this.getQueryCache()
      .findAll(filters)
      .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
    if (firstLoads.length === 0) return super.invalidateQueries(filters, options);
    return Promise.all(firstLoads.map((q) => q.cancel({ revert: true }))).then(() =>
      super.invalidateQueries(filters, options),
    );
  }
}

/** The signed-in app's query cache (auth-context clears it on sign-out). */
export const queryClient = new WriteAwareQueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
