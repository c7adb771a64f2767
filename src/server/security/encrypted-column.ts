import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, text, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { decryptField, encryptField, type FieldContext, type Sealed } from './field-crypto';
import type { Keyring } from './keyring';

export type { Sealed } from './field-crypto';

// Each value is encrypted with its table, column and row id as associated data, so a ciphertext
// copied elsewhere does not decrypt. That is why writes go through sealValues(keyring, table, rowId,
// values) rather than a drizzle custom type (whose toDriver() never sees the row): generate the row
// id in the app (crypto.randomUUID()) before the insert. Renaming the table or column in SQL makes
// existing values undecryptable: re-encrypt them in the migration's companion script.
const ENCRYPTED = Symbol.for('portal.security.encryptedColumn');

/** A text column holding `enc:v<N>:...` ciphertext: `ownerSsn: encryptedText('owner_ssn')`. */
export function encryptedText(name: string) {
  const builder = text(name).$type<Sealed>();
  // drizzle hands the builder's config object to the built column; the mark travels with it, and
  // encrypted-column.test.ts fails if a drizzle upgrade stops that.
  (builder as unknown as { config: Record<symbol, unknown> }).config[ENCRYPTED] = true;
  return builder;
}

export type EncryptedTableInfo = {
  name: string;
  /** The single-column primary key, whose value is the row id bound into each ciphertext (set when `columns` is not empty). */
  primaryKey: [key: string, column: PgColumn] | undefined;
  /** Property key → column, for every column built with encryptedText(). */
  columns: [key: string, column: PgColumn][];
};

const cache = new WeakMap<PgTable, EncryptedTableInfo>();

/** The encrypted columns of a table (the registry is the schema itself: a column is marked where it is declared). */
export function encryptedColumns(table: PgTable): EncryptedTableInfo {
  const cached = cache.get(table);
  if (cached) return cached;
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const columns = all.filter(
    ([, c]) => (c as unknown as { config: Record<symbol, unknown> }).config[ENCRYPTED] === true,
  );
  const name = getTableName(table);
  const info: EncryptedTableInfo = { name, primaryKey: columns.length ? primaryKeyOf(table, all) : undefined, columns };
  cache.set(table, info);
  return info;
}

function primaryKeyOf(table: PgTable, all: [string, PgColumn][]): [string, PgColumn] {
  const inline = all.filter(([, c]) => c.primary);
  // getTableConfig() rebuilds the columns of primaryKey({ columns }), so match them by SQL name.
  const composite = getTableConfig(table).primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
  const pk =
    inline.length === 1 && composite.length === 0
      ? inline[0]
      : composite.length === 1 && inline.length === 0
        ? all.find(([, c]) => c.name === composite[0])
        : undefined;
  if (!pk)
    throw new Error(
      `Table ${getTableName(table)} has encrypted columns but no single-column primary key to bind them to.`,
    );
  return pk;
}

/** Select/insert shapes with the Sealed columns as plain strings. */
type Unseal<V> = V extends Sealed ? string : V;
export type Opened<T> = { [K in keyof T]: Unseal<T[K]> };

function contextFor(info: EncryptedTableInfo, column: PgColumn, rowId: string | number): FieldContext {
  return { table: info.name, column: column.name, rowId };
}

/** Encrypts exactly the encrypted columns present in `values`; the rest is returned unchanged. */
export function sealValues<T extends PgTable, V extends Partial<Opened<T['$inferInsert']>>>(
  keyring: Keyring,
  table: T,
  rowId: string | number,
  values: V,
): { [K in keyof V]: K extends keyof T['$inferInsert'] ? T['$inferInsert'][K] : V[K] } {
  const info = encryptedColumns(table);
  const out: Record<string, unknown> = { ...values };
  for (const [key, column] of info.columns) {
    if (key in out)
      out[key] = encryptField(keyring, out[key] as string | null | undefined, contextFor(info, column, rowId));
  }
  return out as never;
}

/** Decrypts the encrypted columns present in a selected row; the row must include the primary key. */
export function openRow<T extends PgTable, R extends Partial<T['$inferSelect']>>(
  keyring: Keyring,
  table: T,
  row: R,
): Opened<R> {
  const info = encryptedColumns(table);
  const present = info.columns.filter(([key]) => key in row);
  if (present.length === 0) return row as Opened<R>;
  const [pkKey] = info.primaryKey!;
  const rowId = (row as Record<string, unknown>)[pkKey];
  if (typeof rowId !== 'string' && typeof rowId !== 'number') {
    throw new Error(`openRow(${info.name}): select the primary key "${pkKey}" with the encrypted columns.`);
  }
  const out: Record<string, unknown> = { ...row };
  for (const [key, column] of present)
    out[key] = decryptField(keyring, out[key] as string | null, contextFor(info, column, rowId));
  return out as Opened<R>;
}

/** Decrypts one value of an encrypted column (e.g. a reveal request). */
export function openField(
  keyring: Keyring,
  column: PgColumn,
  rowId: string | number,
  stored: string | null | undefined,
): string | null {
  const info = encryptedColumns(column.table);
  if (!info.columns.some(([, c]) => c === column))
    throw new Error(`${info.name}.${column.name} is not an encrypted column.`);
  return decryptField(keyring, stored, contextFor(info, column, rowId));
}
