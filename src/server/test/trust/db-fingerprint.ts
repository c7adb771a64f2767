import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Session rows are touched by every signed-in request, rate-limit rows by every auth call and limited action: neither is data a request writes.
// Staff presence is a heartbeat an open staff stream writes in the background, after its answer
// (an accepted stream's write can land after the next, rejected, case has started).
const volatile = new Set([
  'auth_sessions',
  'auth_rate_limits',
  'portal_rate_limits',
  'support_presence',
  '__drizzle_migrations',
]);

/** The write counter changeWatcher installs; no table of the portal's. */
const WRITES = 'test_row_writes';

async function watchedTables(db: Db): Promise<string[]> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return tables.rows.map((r) => r.table_name).filter((name) => !volatile.has(name) && name !== WRITES);
}

/** Builds a function returning one string per table that changes when any row of it changes (one query per call). */
export async function fingerprinter(db: Db): Promise<() => Promise<Record<string, string>>> {
  const parts: SQL[] = (await watchedTables(db)).map(
    (name) =>
      sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as fp from ${sql.identifier(name)} t`,
  );
  const query = sql.join(parts, sql` union all `);
  return async () => {
    const { rows } = await db.execute<{ name: string; fp: string }>(query);
    return Object.fromEntries(rows.map((r) => [r.name, r.fp]));
  };
}

/**
 * The tables whose content changed since the previous call, as `fingerprinter` sees them, for a test
 * that asks after every one of thousands of requests. The full fingerprint reads every row of every
 * table; most requests write nothing, so a row trigger on each table counts writes in one row, and
 * the fingerprint is taken only when that count moved (a write may leave the content as it was:
 * the fingerprint decides). A rolled-back write rolls its count back with it. Installs the counter
 * and the triggers in the test's own database.
 */
export async function changeWatcher(db: Db): Promise<() => Promise<string[]>> {
  const tables = await watchedTables(db);
  await db.execute(sql.raw(`create table ${WRITES} (n bigint not null)`));
  await db.execute(sql.raw(`insert into ${WRITES} values (0)`));
  await db.execute(
    sql.raw(`create function ${WRITES}_count() returns trigger language plpgsql as $$
      begin update ${WRITES} set n = n + 1; return null; end $$`),
  );
  for (const name of tables)
    await db.execute(
      sql`create trigger ${sql.identifier(`${WRITES}_count`)} after insert or update or delete on ${sql.identifier(name)}
        for each row execute function ${sql.raw(`${WRITES}_count`)}()`,
    );
  const writes = async () => (await db.execute<{ n: string }>(sql.raw(`select n::text from ${WRITES}`))).rows[0].n;
  const fingerprint = await fingerprinter(db);
  let seen = await writes();
  let last = await fingerprint();
  return async () => {
    const now = await writes();
    if (now === seen) return [];
    const next = await fingerprint();
    const changed = Object.keys(next).filter((k) => next[k] !== last[k]);
    seen = now;
    last = next;
    return changed;
  };
}
