import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-db';
import { changeWatcher } from './db-fingerprint';

// The bad-input test trusts the watcher to see every change a refused request could leave behind.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('changeWatcher', () => {
  it('names a table whose rows changed, and nothing for a write that changed nothing or rolled back', async () => {
    const { db } = database;
    const changes = await changeWatcher(db);
    expect(await changes()).toEqual([]);

    // Raw SQL on a table with no encrypted column to set (its value is sealed text the test never opens).
    const run = (text: string) => db.execute(sql.raw(text));
    await run(`insert into app_settings (key, value) values ('watched', 'one')`);
    expect(await changes()).toEqual(['app_settings']);
    expect(await changes()).toEqual([]);

    // Written, but to the same values: the count moved, the content did not.
    await run(`update app_settings set value = 'one' where key = 'watched'`);
    expect(await changes()).toEqual([]);

    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update app_settings set value = 'two' where key = 'watched'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await changes()).toEqual([]);

    await run(`delete from app_settings where key = 'watched'`);
    expect(await changes()).toEqual(['app_settings']);
  });
});
