import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers } from '../db/schema';
import { COUNT_CAP } from '../../shared/paging';
import { openTestDatabase, type TestDatabase } from '../test/test-db';
import { cappedTotal } from './paging';

// An all-clients list counts its rows only up to COUNT_CAP (or the end of the page asked for):
// exact below that, "at least" above it, and a deep page is still counted far enough to page on.
let database: TestDatabase;
const clients = COUNT_CAP + 5;
const isClient = eq(authUsers.role, 'client');

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`insert into auth_users (id, name, email, email_verified, role)
    select 'capped-' || g, 'Client ' || g, 'capped-' || g || '@example.test', true, 'client'
    from generate_series(1, ${clients}) g`);
});
afterAll(() => database.close());

describe('cappedTotal', () => {
  it('is exact when fewer rows match than the cap', async () => {
    const few = sql`${authUsers.id} in ('capped-1', 'capped-2', 'capped-3')`;
    expect(await cappedTotal(database.db, authUsers, few, { page: 1, pageSize: 50 })).toEqual({ total: 3 });
  });

  it('says "at least cap + 1" past the cap, so the list still offers the next page', async () => {
    const first = await cappedTotal(database.db, authUsers, isClient, { page: 1, pageSize: 50 });
    expect(first).toEqual({ total: COUNT_CAP + 1, totalAtLeast: true });
    // The last page within the cap still has one after it.
    const atCap = await cappedTotal(database.db, authUsers, isClient, { page: COUNT_CAP / 50, pageSize: 50 });
    expect(atCap.total).toBeGreaterThan(COUNT_CAP);
  });

  it('counts as far as a page past the cap needs, and exactly at the end', async () => {
    const deep = await cappedTotal(database.db, authUsers, isClient, { page: 21, pageSize: 50 });
    expect(deep).toEqual({ total: clients });
  });
});
