import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { encryptedColumns } from '../security/encrypted-column';
import { decryptField } from '../security/field-crypto';
import type { Keyring } from '../security/keyring';
import { schemaTables } from '../security/rotate';

export type SealedSample = { table: string; column: string; rowId: string | number; stored: string };

/** One stored value of every encrypted column that has any: enough to tell whether a key opens a restored database. */
export async function sealedSamples(db: Db): Promise<SealedSample[]> {
  const samples: SealedSample[] = [];
  for (const table of schemaTables()) {
    const info = encryptedColumns(table);
    if (!info.primaryKey) continue;
    const [, pk] = info.primaryKey;
    for (const [, column] of info.columns) {
      const [row] = (await db.select({ id: pk, stored: column }).from(table).where(isNotNull(column)).limit(1)) as {
        id: string | number;
        stored: string;
      }[];
      if (row) samples.push({ table: info.name, column: column.name, rowId: row.id, stored: row.stored });
    }
  }
  return samples;
}

/** The samples this keyring cannot decrypt (a missing key version, or another key altogether). */
export function unreadableWith(keyring: Keyring, samples: SealedSample[]): SealedSample[] {
  return samples.filter((s) => {
    try {
      decryptField(keyring, s.stored, { table: s.table, column: s.column, rowId: s.rowId });
      return false;
    } catch {
      return true;
    }
  });
}
