import { and, asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessAccountDetails, businessAccounts } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { BusinessAccount, BusinessAccountValues } from '../../../shared/business-accounts';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, totalOf, totalOver } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { announce } from '../../lib/changes';

// Every query filters by scope.clientId: another client's account is simply not there (404).
const ENTITY = 'business_account' as const;
type AccountRow = typeof businessAccounts.$inferSelect;
type DetailRow = typeof businessAccountDetails.$inferSelect;

const toView = (a: AccountRow, details: DetailRow[]): BusinessAccount => ({
  id: a.id,
  name: a.name,
  description: a.description,
  status: a.status,
  businessAccountUrl: a.businessAccountUrl,
  notes: a.notes,
  details: details
    .filter((d) => d.businessAccountId === a.id)
    .map((d) => ({ id: d.id, label: d.label, value: d.value })),
  createdAt: a.createdAt.toISOString(),
});

/** The client's accounts, newest first, each with its details in the order they were entered: two statements. */
export async function listBusinessAccounts(db: Db, clientId: string, q: PageQuery): Promise<Page<BusinessAccount>> {
  const where = eq(businessAccounts.userId, clientId);
  const accounts = await db
    .select({ ...getTableColumns(businessAccounts), total: totalOver() })
    .from(businessAccounts)
    .where(where)
    .orderBy(desc(businessAccounts.createdAt), desc(businessAccounts.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  const total = await totalOf(q, accounts, () => db.$count(businessAccounts, where));
  if (!accounts.length) return { items: [], total, page: q.page, pageSize: q.pageSize };
  // One query for the details of the whole page, not one per account.
  const details = await db
    .select()
    .from(businessAccountDetails)
    .where(
      and(
        eq(businessAccountDetails.userId, clientId),
        inArray(
          businessAccountDetails.businessAccountId,
          accounts.map((a) => a.id),
        ),
      ),
    )
    .orderBy(asc(businessAccountDetails.id));
  return { items: accounts.map((a) => toView(a, details)), total, page: q.page, pageSize: q.pageSize };
}

export async function businessAccountExists(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select({ id: businessAccounts.id })
    .from(businessAccounts)
    .where(and(eq(businessAccounts.id, id), eq(businessAccounts.userId, clientId)));
  return Boolean(row);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertDetails(tx: Tx, clientId: string, accountId: string, details: BusinessAccountValues['details']) {
  if (!details.length) return [];
  return tx
    .insert(businessAccountDetails)
    .values(details.map((d) => ({ businessAccountId: accountId, userId: clientId, label: d.label, value: d.value })))
    .returning();
}

/** A new account is always saved as Active (as the original product does), with its details, in one transaction. */
export async function addBusinessAccount(db: Db, scope: Scope, input: BusinessAccountValues): Promise<BusinessAccount> {
  const { details, status: _ignored, ...fields } = input;
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, businessAccounts.userId, scope.clientId, LIMITS.businessAccounts, 'business accounts');
    const [account] = await tx
      .insert(businessAccounts)
      .values({ id: crypto.randomUUID(), userId: scope.clientId, ...fields, status: 'Active' })
      .returning();
    const saved = await insertDetails(tx, scope.clientId, account.id, details);
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY, entityId: account.id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'business-accounts' });
    return toView(account, saved);
  });
}

/**
 * Updates the account and replaces its details with the submitted list, in ONE transaction: any
 * failure leaves both as they were. The status is never changed here. null: not the client's account.
 */
export async function updateBusinessAccount(
  db: Db,
  scope: Scope,
  id: string,
  input: BusinessAccountValues,
): Promise<BusinessAccount | null> {
  const { details, status: _ignored, ...fields } = input;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(businessAccounts)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(businessAccounts.id, id), eq(businessAccounts.userId, scope.clientId)))
      .returning();
    if (!account) return null;
    await tx
      .delete(businessAccountDetails)
      .where(and(eq(businessAccountDetails.businessAccountId, id), eq(businessAccountDetails.userId, scope.clientId)));
    const saved = await insertDetails(tx, scope.clientId, id, details);
    await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: id });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'business-accounts' });
    return toView(account, saved);
  });
}

/** Deletes the account; its details go with it (ON DELETE CASCADE). */
export async function deleteBusinessAccount(db: Db, scope: Scope, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(businessAccounts)
      .where(and(eq(businessAccounts.id, id), eq(businessAccounts.userId, scope.clientId)))
      .returning({ id: businessAccounts.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: id });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'business-accounts' });
    return true;
  });
}
