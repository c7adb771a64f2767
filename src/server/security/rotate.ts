import { and, asc, eq, gt, is, isNotNull, notLike, or, sql, type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { encryptedColumns, type EncryptedTableInfo } from './encrypted-column';
import { decryptField, encryptField, keyVersionOf } from './field-crypto';
import type { Keyring } from './keyring';

export type RotationResult = {
  /** Per table with encrypted columns: rows touched and values re-encrypted. */
  tables: { table: string; rows: number; values: number }[];
  /** Values still on another key version after the run; anything but 0 is a failure. */
  remaining: number;
};

const BATCH = 200;

/** Every table of the app schema: a column marked with encryptedText() is found wherever it is declared. */
export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
}

/**
 * Re-encrypts with the keyring's current key every value on an older one. One transaction per row
 * (row locked, decrypted, re-encrypted, written), so a crash or a bad value loses nothing and a
 * second run resumes where the first stopped; the app may keep running on PostgreSQL meanwhile.
 */
export async function rotateAll(db: Db, keyring: Keyring, tables: PgTable[] = schemaTables()): Promise<RotationResult> {
  const result: RotationResult = { tables: [], remaining: 0 };
  for (const table of tables) {
    const info = encryptedColumns(table);
    if (info.columns.length === 0) continue;
    result.tables.push({ table: info.name, ...(await rotateTable(db, keyring, table, info)) });
  }
  for (const table of tables) result.remaining += await countStale(db, keyring, table);
  return result;
}

// A value needs rotating when it is set and does not start with the current version's prefix.
function stale(keyring: Keyring, column: PgColumn): SQL {
  return and(isNotNull(column), notLike(column, `enc:v${keyring.current}:%`))!;
}

async function rotateTable(db: Db, keyring: Keyring, table: PgTable, info: EncryptedTableInfo) {
  const [pkKey, pk] = info.primaryKey!;
  const anyStale = or(...info.columns.map(([, c]) => stale(keyring, c)))!;
  let rows = 0;
  let values = 0;
  let after: unknown;
  // Paged by primary key so each row is visited once, even one that fails to rotate.
  for (;;) {
    const page = await db
      .select({ id: pk })
      .from(table)
      .where(after === undefined ? anyStale : and(anyStale, gt(pk, after)))
      .orderBy(asc(pk))
      .limit(BATCH);
    for (const { id } of page) {
      const changed = await rotateRow(db, keyring, table, info, pkKey, pk, id as string | number);
      if (changed) rows++;
      values += changed;
    }
    if (page.length < BATCH) break;
    after = page[page.length - 1].id;
  }
  return { rows, values };
}

async function rotateRow(
  db: Db,
  keyring: Keyring,
  table: PgTable,
  info: EncryptedTableInfo,
  pkKey: string,
  pk: PgColumn,
  rowId: string | number,
) {
  return db.transaction(async (tx) => {
    const selection = Object.fromEntries([[pkKey, pk], ...info.columns]);
    const [row] = (await tx.select(selection).from(table).where(eq(pk, rowId)).for('update')) as Record<
      string,
      string | null
    >[];
    if (!row) return 0;
    const set: Record<string, string> = {};
    for (const [key, column] of info.columns) {
      const stored = row[key];
      if (stored === null || keyVersionOf(stored) === keyring.current) continue;
      const ctx = { table: info.name, column: column.name, rowId };
      set[key] = encryptField(keyring, decryptField(keyring, stored, ctx), ctx);
    }
    if (Object.keys(set).length > 0) await tx.update(table).set(set).where(eq(pk, rowId));
    return Object.keys(set).length;
  });
}

async function countStale(db: Db, keyring: Keyring, table: PgTable): Promise<number> {
  const { columns } = encryptedColumns(table);
  if (columns.length === 0) return 0;
  const counts = columns.map(([, c]) => sql<number>`count(*) filter (where ${stale(keyring, c)})`.mapWith(Number));
  const [row] = await db.select(Object.fromEntries(counts.map((c, i) => [`c${i}`, c]))).from(table);
  return Object.values(row).reduce((a: number, b) => a + Number(b), 0);
}
