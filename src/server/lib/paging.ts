import { sql } from 'drizzle-orm';
import type { Page, PageQuery } from '../../shared/paging';

/** LIMIT and OFFSET of the page a query asks for. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** Runs a page's rows and its total count together and answers the shared page shape. */
export async function toPage<T>(q: PageQuery, rows: Promise<T[]>, total: Promise<number>): Promise<Page<T>> {
  const [items, count] = await Promise.all([rows, total]);
  return { items, total: count, page: q.page, pageSize: q.pageSize };
}

/**
 * A column for a page's rows: how many rows the query matched, counted before LIMIT cut the page,
 * so the rows and their total are one statement.
 */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page whose rows carry totalOver(). A page past the end has no row to carry it:
 * only then is `count` asked.
 */
export async function totalOf(q: PageQuery, rows: { total: number }[], count: () => Promise<number>) {
  if (rows.length) return rows[0].total;
  return q.page === 1 ? 0 : count();
}

/** The shared page shape from rows that carry totalOver(), each mapped to the answer's item. */
export async function pageOf<R extends { total: number }, T>(
  q: PageQuery,
  rows: R[],
  count: () => Promise<number>,
  toItem: (row: R) => T,
): Promise<Page<T>> {
  return { items: rows.map(toItem), total: await totalOf(q, rows, count), page: q.page, pageSize: q.pageSize };
}
