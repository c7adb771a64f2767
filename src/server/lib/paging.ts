import type { Page, PageQuery } from '../../shared/paging';

/** LIMIT and OFFSET of the page a query asks for. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** Runs a page's rows and its total count together and answers the shared page shape. */
export async function toPage<T>(q: PageQuery, rows: Promise<T[]>, total: Promise<number>): Promise<Page<T>> {
  const [items, count] = await Promise.all([rows, total]);
  return { items, total: count, page: q.page, pageSize: q.pageSize };
}
