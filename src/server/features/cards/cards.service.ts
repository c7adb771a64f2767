import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { authUsers, revolvingCredits, storeCreditCards } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import { openField, openRow, sealValues } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { mask } from '../../../shared/mask';
import type { Bureau, CardKind, revolvingCreditInput, storeCardInput, StoreCardSecret } from '../../../shared/credit';
import {
  PASSWORD_MASK,
  type Card,
  type CardTradeline,
  type RevolvingCredit,
  type StoreCard,
  type WithClient,
} from '../../../shared/cards';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toCappedPage, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { announce } from '../../lib/changes';

// Store cards and revolving credits: one set of functions, the kind picks the table. Every query
// filters by the scope's client: another client's card is simply not there (404). The tradeline
// columns are written by the tradelines routes only; cards read them for their lists.

export type StoreCardValues = z.output<typeof storeCardInput>;
export type RevolvingCreditValues = z.output<typeof revolvingCreditInput>;
export type CardValues = StoreCardValues | RevolvingCreditValues;

const TABLES = { store: storeCreditCards, revolving: revolvingCredits } as const;
const ENTITY = { store: 'store_credit_card', revolving: 'revolving_credit' } as const;
const LIMIT = {
  store: [LIMITS.storeCards, 'store cards'],
  revolving: [LIMITS.revolvingCredits, 'revolving credit cards'],
} as const;

// Both tables share these columns; drizzle's builders accept either through this one type.
type CardTable = typeof revolvingCredits;
const tableOf = (kind: CardKind) => TABLES[kind] as unknown as CardTable;

type StoreRow = typeof storeCreditCards.$inferSelect;
type RevolvingRow = typeof revolvingCredits.$inferSelect;
type CommonRow = Omit<StoreRow, 'accountNumber' | 'username' | 'password'>;

const money = (v: string | null) => (v === null ? null : Number(v));
const moneyColumn = (n: number | null) => (n === null ? null : n.toFixed(2));

function common(row: CommonRow) {
  const tradeline: CardTradeline = {
    bureaus: row.bureaus as Bureau[],
    dateOpened: row.dateOpened,
    lastReported: row.lastReported,
  };
  return {
    id: row.id,
    clientId: row.userId,
    issuer: row.issuer,
    cardType: row.cardType,
    creditLimit: money(row.creditLimit),
    apr: row.apr,
    benefits: row.benefits,
    requirements: row.requirements,
    applicationUrl: row.applicationUrl,
    tradeline,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A card as lists see it: a store card's secrets masked, never in clear. */
function toView(keyring: Keyring, kind: CardKind, row: StoreRow | RevolvingRow): Card {
  if (kind === 'revolving') {
    const r = row as RevolvingRow;
    return { ...common(r), kind, rewards: r.rewards, annualFee: money(r.annualFee) } satisfies RevolvingCredit;
  }
  const { accountNumber, username, password } = openRow(keyring, storeCreditCards, row as StoreRow);
  return {
    ...common(row as StoreRow),
    kind,
    accountNumberMasked: mask(accountNumber),
    usernameMasked: mask(username),
    passwordMasked: password ? PASSWORD_MASK : '',
    hasAccountNumber: Boolean(accountNumber),
    hasUsername: Boolean(username),
    hasPassword: Boolean(password),
  } satisfies StoreCard;
}

/** Column values for an insert or update: secrets sealed (undefined = keep, '' = remove); no tradeline columns. */
function columnsFor(keyring: Keyring, kind: CardKind, rowId: string, input: CardValues) {
  const fields = {
    issuer: input.issuer,
    cardType: input.cardType,
    creditLimit: moneyColumn(input.creditLimit),
    apr: input.apr,
    benefits: input.benefits,
    requirements: input.requirements,
    applicationUrl: input.applicationUrl,
  };
  if (kind === 'revolving') {
    const r = input as RevolvingCreditValues;
    return { ...fields, rewards: r.rewards, annualFee: moneyColumn(r.annualFee) };
  }
  const { accountNumber, username, password } = input as StoreCardValues;
  const secrets = sealValues(keyring, storeCreditCards, rowId, {
    ...(accountNumber !== undefined ? { accountNumber: accountNumber || null } : {}),
    ...(username !== undefined ? { username: username || null } : {}),
    ...(password !== undefined ? { password: password || null } : {}),
  });
  return { ...fields, ...secrets };
}

export async function listCards(
  db: Db,
  keyring: Keyring,
  kind: CardKind,
  clientId: string,
  q: PageQuery,
): Promise<Page<Card>> {
  const table = tableOf(kind);
  const where = eq(table.userId, clientId);
  const rows = db
    .select()
    .from(table)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(
    q,
    rows.then((r) => r.map((row) => toView(keyring, kind, row))),
    db.$count(table, where),
  );
}

/** Admins: every client's cards of this kind (or one client's), a page at a time, each with its client's name. */
export async function listAllCards(
  db: Db,
  keyring: Keyring,
  kind: CardKind,
  asker: Asker,
  q: PageQuery & { clientId?: string },
): Promise<Page<WithClient<Card>>> {
  const table = tableOf(kind);
  const where = and(ownedByClient(db, table.userId, asker), q.clientId ? eq(table.userId, q.clientId) : undefined);
  const rows = db
    .select({ card: table, clientName: authUsers.name, clientEmail: authUsers.email })
    .from(table)
    .innerJoin(authUsers, eq(authUsers.id, table.userId))
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toCappedPage(
    db,
    q,
    rows.then((r) =>
      r.map((row) => ({
        ...toView(keyring, kind, row.card),
        clientName: row.clientName,
        clientEmail: row.clientEmail,
      })),
    ),
    table,
    where,
  );
}

export async function cardExists(db: Db, kind: CardKind, clientId: string, cardId: string) {
  const table = tableOf(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, cardId), eq(table.userId, clientId)));
  return Boolean(row);
}

export async function addCard(
  db: Db,
  keyring: Keyring,
  kind: CardKind,
  scope: Scope,
  input: CardValues,
): Promise<Card> {
  const table = tableOf(kind);
  // The id is bound into the encrypted secrets, so it is made here, before the insert.
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, table.userId, scope.clientId, LIMIT[kind][0], LIMIT[kind][1]);
    const [row] = await tx
      .insert(table)
      .values({
        id,
        userId: scope.clientId,
        ...(columnsFor(keyring, kind, id, input) as Partial<CardTable['$inferInsert']>),
      })
      .returning();
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY[kind], entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY[kind] });
    announce({ clientId: scope.clientId, area: kind === 'store' ? 'store-cards' : 'revolving-credits' });
    return toView(keyring, kind, row);
  });
}

/** null when the card is not the scope client's. */
export async function updateCard(
  db: Db,
  keyring: Keyring,
  kind: CardKind,
  scope: Scope,
  cardId: string,
  input: CardValues,
): Promise<Card | null> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({
        ...(columnsFor(keyring, kind, cardId, input) as Partial<CardTable['$inferInsert']>),
        updatedAt: new Date(),
      })
      .where(and(eq(table.id, cardId), eq(table.userId, scope.clientId)))
      .returning();
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: ENTITY[kind], entityId: cardId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY[kind] });
    announce({ clientId: scope.clientId, area: kind === 'store' ? 'store-cards' : 'revolving-credits' });
    return toView(keyring, kind, row);
  });
}

export async function deleteCard(db: Db, kind: CardKind, scope: Scope, cardId: string): Promise<boolean> {
  const table = tableOf(kind);
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(table)
      .where(and(eq(table.id, cardId), eq(table.userId, scope.clientId)))
      .returning({ id: table.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY[kind], entityId: cardId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY[kind] });
    announce({ clientId: scope.clientId, area: kind === 'store' ? 'store-cards' : 'revolving-credits' });
    return true;
  });
}

const secretColumns = {
  'account-number': storeCreditCards.accountNumber,
  username: storeCreditCards.username,
  password: storeCreditCards.password,
} as const;

/** A store card's secret in clear, for its owner or an admin; every reveal (and so every copy) is audited. null: no such card or nothing on file. */
export async function revealCardSecret(db: Db, keyring: Keyring, scope: Scope, cardId: string, field: StoreCardSecret) {
  const column = secretColumns[field];
  const [row] = await db
    .select({ value: column })
    .from(storeCreditCards)
    .where(and(eq(storeCreditCards.id, cardId), eq(storeCreditCards.userId, scope.clientId)));
  if (!row?.value) return null;
  const value = openField(keyring, column, cardId, row.value);
  await recordAudit(db, scope, { action: 'reveal', entityType: ENTITY.store, entityId: cardId, field: column.name });
  return value;
}
