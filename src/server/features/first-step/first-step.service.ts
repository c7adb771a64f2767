import { and, asc, count, eq, sql, getTableColumns } from 'drizzle-orm';
import { ConflictError } from '../../lib/domain-errors';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { firstStepAccounts, firstStepOpenings } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Bureau, firstStepAccountInput } from '../../../shared/credit';
import {
  FIRST_STEP_MESSAGES,
  type FirstStepAccount,
  type FirstStepAccountForClient,
  type FirstStepOpening,
} from '../../../shared/first-step';
import { LIMITS, limitReached } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { announce } from '../../lib/changes';

// The catalog is one shared list admins maintain (no client's data: its writes are not in any
// client's audit log); an opening is a client's own row, filtered by the scope's client.

type AccountRow = typeof firstStepAccounts.$inferSelect;
type OpeningRow = typeof firstStepOpenings.$inferSelect;
export type FirstStepAccountValues = z.output<typeof firstStepAccountInput>;
const ENTITY = 'first_step_opening' as const;

const toView = (r: AccountRow): FirstStepAccount => ({
  id: r.id,
  vendor: r.vendor,
  sells: r.sells,
  requirements: r.requirements,
  bureaus: r.bureaus as Bureau[],
  applicationUrl: r.applicationUrl,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const openingView = (o: Pick<OpeningRow, 'id' | 'bureaus' | 'dateOpened' | 'lastReported'>): FirstStepOpening => ({
  id: o.id,
  bureaus: o.bureaus as Bureau[],
  dateOpened: o.dateOpened,
  lastReported: o.lastReported,
});

const order = [asc(firstStepAccounts.vendor), asc(firstStepAccounts.id)] as const;

/** The catalog, by vendor, a page at a time. */
export async function listFirstStepAccounts(db: Db, q: PageQuery): Promise<Page<FirstStepAccount>> {
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ ...getTableColumns(firstStepAccounts), total: totalOver() })
    .from(firstStepAccounts)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return pageOf(q, rows, () => db.$count(firstStepAccounts), toView);
}

/** The catalog with the client's opening of each account (joined: one query a page). */
export async function listForClient(db: Db, clientId: string, q: PageQuery): Promise<Page<FirstStepAccountForClient>> {
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      total: totalOver(),
      account: firstStepAccounts,
      opening: {
        id: firstStepOpenings.id,
        bureaus: firstStepOpenings.bureaus,
        dateOpened: firstStepOpenings.dateOpened,
        lastReported: firstStepOpenings.lastReported,
      },
    })
    .from(firstStepAccounts)
    .leftJoin(
      firstStepOpenings,
      and(eq(firstStepOpenings.firstStepAccountId, firstStepAccounts.id), eq(firstStepOpenings.userId, clientId)),
    )
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return pageOf(
    q,
    rows,
    () => db.$count(firstStepAccounts),
    (x) => ({ ...toView(x.account), opening: x.opening?.id ? openingView(x.opening as OpeningRow) : null }),
  );
}

export async function firstStepAccountExists(db: Db, id: string) {
  const [row] = await db
    .select({ id: firstStepAccounts.id })
    .from(firstStepAccounts)
    .where(eq(firstStepAccounts.id, id));
  return Boolean(row);
}

export async function createFirstStepAccount(db: Db, input: FirstStepAccountValues): Promise<FirstStepAccount> {
  return db.transaction(async (tx) => {
    // One catalog: the lock serialises admins' creates across instances until this commits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('first_step_accounts'))`);
    const [{ n }] = await tx.select({ n: count() }).from(firstStepAccounts);
    if (n >= LIMITS.firstStepAccounts)
      throw new ConflictError(limitReached(LIMITS.firstStepAccounts, 'First Step Accounts'));
    const [row] = await tx
      .insert(firstStepAccounts)
      .values({ id: crypto.randomUUID(), ...input })
      .returning();
    return toView(row);
  });
}

export async function updateFirstStepAccount(
  db: Db,
  id: string,
  input: FirstStepAccountValues,
): Promise<FirstStepAccount | null> {
  const [row] = await db
    .update(firstStepAccounts)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(firstStepAccounts.id, id))
    .returning();
  return row ? toView(row) : null;
}

/** Removes the account and (cascade) every member's opening of it, and so those tradelines. */
export async function deleteFirstStepAccount(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(firstStepAccounts)
    .where(eq(firstStepAccounts.id, id))
    .returning({ id: firstStepAccounts.id });
  return rows.length > 0;
}

/** Marks the account opened for the scope's client, with the account's bureaus; 409 when it already is. */
export async function openFirstStepAccount(
  db: Db,
  scope: Scope,
  accountId: string,
  dateOpened: string,
): Promise<FirstStepOpening | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ bureaus: firstStepAccounts.bureaus })
      .from(firstStepAccounts)
      .where(eq(firstStepAccounts.id, accountId));
    if (!account) return null;
    const [row] = await tx
      .insert(firstStepOpenings)
      .values({
        id: crypto.randomUUID(),
        userId: scope.clientId,
        firstStepAccountId: accountId,
        bureaus: account.bureaus,
        dateOpened,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError(FIRST_STEP_MESSAGES.alreadyOpened);
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY, entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'first-step-accounts' });
    return openingView(row);
  });
}

/** Undoes the scope client's opening (and so its tradeline); false when it was not opened. */
export async function undoFirstStepOpening(db: Db, scope: Scope, accountId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(firstStepOpenings)
      .where(and(eq(firstStepOpenings.firstStepAccountId, accountId), eq(firstStepOpenings.userId, scope.clientId)))
      .returning({ id: firstStepOpenings.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: rows[0].id });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'first-step-accounts' });
    return true;
  });
}
