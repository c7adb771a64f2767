import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, businessBankAccounts } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import { openField, openRow, sealValues } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { mask } from '../../../shared/mask';
import type {
  BankAccount,
  BankAccountValues,
  BankAccountWithClient,
  BankNumberField,
} from '../../../shared/bank-accounts';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toCappedPage, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { announce } from '../../lib/changes';

// Every query filters by scope.clientId: a row of another client is simply not there (404).
type Row = typeof businessBankAccounts.$inferSelect;
const ENTITY = 'bank_account' as const;

/** The row as lists see it: account and routing numbers masked, never in clear. */
function toView(keyring: Keyring, row: Row): BankAccount {
  const { accountNumber, routingNumber, userId, monthlyFees, createdAt, updatedAt, ...rest } = openRow(
    keyring,
    businessBankAccounts,
    row,
  );
  return {
    ...rest,
    clientId: userId,
    monthlyFees: Number(monthlyFees),
    accountNumberMasked: mask(accountNumber),
    routingNumberMasked: mask(routingNumber),
    hasAccountNumber: Boolean(accountNumber),
    hasRoutingNumber: Boolean(routingNumber),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Column values for an insert or update; numbers sealed when present (undefined = keep, '' = remove). */
function columnsFor(keyring: Keyring, rowId: string, input: BankAccountValues) {
  const { accountNumber, routingNumber, monthlyFees, ...fields } = input;
  const numbers = sealValues(keyring, businessBankAccounts, rowId, {
    ...(accountNumber !== undefined ? { accountNumber: accountNumber || null } : {}),
    ...(routingNumber !== undefined ? { routingNumber: routingNumber || null } : {}),
  });
  return { ...fields, ...numbers, monthlyFees: monthlyFees.toFixed(2) };
}

export async function listBankAccounts(
  db: Db,
  keyring: Keyring,
  clientId: string,
  q: PageQuery,
): Promise<Page<BankAccount>> {
  const where = eq(businessBankAccounts.userId, clientId);
  const rows = db
    .select()
    .from(businessBankAccounts)
    .where(where)
    .orderBy(desc(businessBankAccounts.createdAt), desc(businessBankAccounts.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(
    q,
    rows.then((r) => r.map((row) => toView(keyring, row))),
    db.$count(businessBankAccounts, where),
  );
}

/** Admins: every client's accounts (or one client's), a page at a time, each with its client's name. */
export async function listAllBankAccounts(
  db: Db,
  keyring: Keyring,
  asker: Asker,
  q: PageQuery & { clientId?: string },
): Promise<Page<BankAccountWithClient>> {
  const where = and(
    ownedByClient(db, businessBankAccounts.userId, asker),
    q.clientId ? eq(businessBankAccounts.userId, q.clientId) : undefined,
  );
  const rows = db
    .select({ account: businessBankAccounts, clientName: authUsers.name, clientEmail: authUsers.email })
    .from(businessBankAccounts)
    .innerJoin(authUsers, eq(authUsers.id, businessBankAccounts.userId))
    .where(where)
    .orderBy(desc(businessBankAccounts.createdAt), desc(businessBankAccounts.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toCappedPage(
    db,
    q,
    rows.then((r) =>
      r.map((row) => ({ ...toView(keyring, row.account), clientName: row.clientName, clientEmail: row.clientEmail })),
    ),
    businessBankAccounts,
    where,
  );
}

export async function bankAccountExists(db: Db, clientId: string, accountId: string) {
  const [row] = await db
    .select({ id: businessBankAccounts.id })
    .from(businessBankAccounts)
    .where(and(eq(businessBankAccounts.id, accountId), eq(businessBankAccounts.userId, clientId)));
  return Boolean(row);
}

export async function addBankAccount(
  db: Db,
  keyring: Keyring,
  scope: Scope,
  input: BankAccountValues,
): Promise<BankAccount> {
  // The id is bound into the encrypted numbers, so it is made here, before the insert.
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, businessBankAccounts.userId, scope.clientId, LIMITS.bankAccounts, 'bank accounts');
    const [row] = await tx
      .insert(businessBankAccounts)
      .values({ id, userId: scope.clientId, ...columnsFor(keyring, id, input) })
      .returning();
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY, entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'bank-accounts' });
    return toView(keyring, row);
  });
}

/** null when the account is not the scope client's. */
export async function updateBankAccount(
  db: Db,
  keyring: Keyring,
  scope: Scope,
  accountId: string,
  input: BankAccountValues,
): Promise<BankAccount | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(businessBankAccounts)
      .set({ ...columnsFor(keyring, accountId, input), updatedAt: new Date() })
      .where(and(eq(businessBankAccounts.id, accountId), eq(businessBankAccounts.userId, scope.clientId)))
      .returning();
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: accountId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'bank-accounts' });
    return toView(keyring, row);
  });
}

export async function deleteBankAccount(db: Db, scope: Scope, accountId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(businessBankAccounts)
      .where(and(eq(businessBankAccounts.id, accountId), eq(businessBankAccounts.userId, scope.clientId)))
      .returning({ id: businessBankAccounts.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: accountId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'bank-accounts' });
    return true;
  });
}

const numberColumns = {
  'account-number': businessBankAccounts.accountNumber,
  'routing-number': businessBankAccounts.routingNumber,
} as const;

/** The clear number, for its owner or an admin; every reveal (and so every copy) is audited. null: no such account or no number. */
export async function revealBankNumber(
  db: Db,
  keyring: Keyring,
  scope: Scope,
  accountId: string,
  field: BankNumberField,
) {
  const column = numberColumns[field];
  const [row] = await db
    .select({ value: column })
    .from(businessBankAccounts)
    .where(and(eq(businessBankAccounts.id, accountId), eq(businessBankAccounts.userId, scope.clientId)));
  if (!row?.value) return null;
  const value = openField(keyring, column, accountId, row.value);
  await recordAudit(db, scope, { action: 'reveal', entityType: ENTITY, entityId: accountId, field: column.name });
  return value;
}
