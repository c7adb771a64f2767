import { count, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LimitReachedError } from './domain-errors';
import type { Db } from '../db/client';
import { limitReached } from '../../shared/limits';

/**
 * Refuses (409, with the limit in words) a client's new record once they have `max` of this kind.
 * Call inside the create's transaction: the advisory lock serialises this client's creates of this
 * kind across instances until it commits, so two at once cannot both pass the count. `message`:
 * the refusal's own sentence, where the one asking is not the client (staff's notes on a client).
 */
export async function enforceRecordLimit(
  tx: Db,
  userColumn: PgColumn,
  clientId: string,
  max: number,
  what: string,
  message = limitReached(max, what),
) {
  const table = userColumn.table as PgTable;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${getTableName(table)}), hashtext(${clientId}))`);
  const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(userColumn, clientId));
  if (n >= max) throw new LimitReachedError(message);
}
