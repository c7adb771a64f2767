import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// A page's small children (a task's uploads, a record's documents) come in the page's own statement
// as JSON built by the database, already in the answer's shape, instead of in one more statement.

/** A timestamptz as text, the way JavaScript's toISOString() writes it (what the answers' dates are). */
export const isoText = (at: SQL | AnyColumn) =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A json column's value: parsed by the driver already, or text (parsed here); null when the aggregate found nothing. */
export const fromJson = <T>(value: T | string | null, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * `alias.column`, spelled out: drizzle writes a single-table query's columns without their table,
 * which inside a correlated subquery would name the inner table's column of the same name.
 */
export const columnOf = (alias: string, column: AnyColumn) =>
  sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
