import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';

const database = await openPglite(undefined, undefined, { migrate: false });
afterAll(() => database.close());

describe('the embedded database shares the event loop', () => {
  it('a long chain of awaited statements lets a timer (or a request) in while it runs', async () => {
    let doneWhenItRan: number | undefined;
    let done = 0;
    setTimeout(() => (doneWhenItRan = done), 0);
    const started = performance.now();
    // Without the turns, PGlite settles every statement at once and the timer waits for the whole chain.
    while (doneWhenItRan === undefined && performance.now() - started < 5_000) {
      await database.db.execute(sql`select 1`);
      done++;
    }
    expect(doneWhenItRan).toBeDefined();
  });

  it('statements inside a transaction still run as one unit, and answer as before', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table turns (n int)`);
      for (let n = 0; n < 50; n++) await tx.execute(sql`insert into turns values (${n})`);
      return tx.execute<{ total: number }>(sql`select sum(n)::int as total from turns`);
    });
    expect(rows.rows[0].total).toBe(1225);
  });
});
