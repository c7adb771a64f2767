// The paging constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. paging.ts re-exports them beside its schemas (one source for both sides).

/** No list response carries more than this many items, whoever asks. */
export const MAX_PAGE_SIZE = 100;

/**
 * What every paged list route answers. `totalAtLeast`: the list was not counted to its end (an
 * all-clients list past COUNT_CAP rows), so there are at least `total` rows and more to page through.
 */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number; totalAtLeast?: true };

/** Whether a page is followed by another. */
export const hasMorePages = (p: Pick<Page<unknown>, 'page' | 'pageSize' | 'total'>) => p.page * p.pageSize < p.total;
