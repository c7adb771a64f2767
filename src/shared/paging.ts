import { z } from 'zod';
import { MAX_PAGE_SIZE } from './paging-rules';
export { MAX_PAGE_SIZE, type Page } from './paging-rules';

/** How far an all-clients list counts its rows before it says "1,000+": counting 100,000 took 100 ms. */
export const COUNT_CAP = 1000;

/** `page` (1-based) and `pageSize` (1-`max`) query fields, for a list route's schema. */
export const pageFields = (defaultSize = 50, max = MAX_PAGE_SIZE) => ({
  page: z.coerce
    .number({ message: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(100_000, 'Page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, `Page size must be between 1 and ${max}`)
    .max(max, `Page size must be between 1 and ${max}`)
    .default(defaultSize),
});

/** The query of a list route that takes nothing but the page. */
export const pageQuery = z.object(pageFields()).strict();
export type PageQuery = { page: number; pageSize: number };

/** An admin's all-clients list: a page, optionally of one client's records only. */
export const adminListQuery = z
  .object({
    ...pageFields(),
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Client id must be 1-100 letters, digits, - or _')
      .optional(),
  })
  .strict();
