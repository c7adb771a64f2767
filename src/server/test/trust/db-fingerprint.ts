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

/** Builds a function returning one string per table that changes when any row of it changes (one query per call). */
export async function fingerprinter(db: Db): Promise<() => Promise<Record<string, string>>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const parts: SQL[] = tables.rows
    .filter((r) => !volatile.has(r.table_name))
    .map(
      ({ table_name }) =>
        sql`select ${table_name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as fp from ${sql.identifier(table_name)} t`,
    );
  const query = sql.join(parts, sql` union all `);
  return async () => {
    const { rows } = await db.execute<{ name: string; fp: string }>(query);
    return Object.fromEntries(rows.map((r) => [r.name, r.fp]));
  };
}
