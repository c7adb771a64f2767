import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { socialMediaAccounts } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { openField, sealValues } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import type { SocialAccount, socialAccountInput, socialAccountUpdate } from '../../../shared/web-presence';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

// A client's social media accounts. Every query filters by the scope's client: another client's
// account is simply not there (404). The password is sealed with the row's id and leaves the
// server only through the audited reveal.

export type SocialAccountValues = z.output<typeof socialAccountInput>;
export type SocialAccountChanges = z.output<typeof socialAccountUpdate>;

type Row = typeof socialMediaAccounts.$inferSelect;
const t = socialMediaAccounts;

/** Everything but the password: its column is not even read for lists. */
const listColumns = {
  id: t.id,
  userId: t.userId,
  platform: t.platform,
  username: t.username,
  hasPassword: t.password,
  profileUrl: t.profileUrl,
  notes: t.notes,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};

function toView(
  row: Pick<Row, 'id' | 'userId' | 'platform' | 'username' | 'profileUrl' | 'notes' | 'createdAt' | 'updatedAt'> & {
    hasPassword: string | null;
  },
): SocialAccount {
  return {
    id: row.id,
    clientId: row.userId,
    platform: row.platform,
    username: row.username,
    hasPassword: Boolean(row.hasPassword),
    profileUrl: row.profileUrl,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSocialAccounts(db: Db, clientId: string, q: PageQuery): Promise<Page<SocialAccount>> {
  const where = eq(t.userId, clientId);
  const { limit, offset } = pageWindow(q);
  const rows = db
    .select(listColumns)
    .from(t)
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit)
    .offset(offset);
  return toPage(
    q,
    rows.then((r) => r.map(toView)),
    db.$count(t, where),
  );
}

export async function socialAccountExists(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, clientId)));
  return Boolean(row);
}

export async function addSocialAccount(
  db: Db,
  keyring: Keyring,
  scope: Scope,
  input: SocialAccountValues,
): Promise<SocialAccount> {
  // The id is bound into the sealed password, so it is made here, before the insert.
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, t.userId, scope.clientId, LIMITS.socialAccounts, 'social media accounts');
    const [row] = await tx
      .insert(t)
      .values({
        id,
        userId: scope.clientId,
        platform: input.platform,
        username: input.username,
        profileUrl: input.profileUrl,
        notes: input.notes,
        ...sealValues(keyring, t, id, { password: input.password }),
      })
      .returning(listColumns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'social_media_account', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'social_media_account' });
    return toView(row);
  });
}

/** null when the account is not the scope client's. An omitted password keeps the stored one. */
export async function updateSocialAccount(
  db: Db,
  keyring: Keyring,
  scope: Scope,
  id: string,
  input: SocialAccountChanges,
): Promise<SocialAccount | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({
        platform: input.platform,
        username: input.username,
        profileUrl: input.profileUrl,
        notes: input.notes,
        ...(input.password !== undefined ? sealValues(keyring, t, id, { password: input.password }) : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(t.id, id), eq(t.userId, scope.clientId)))
      .returning(listColumns);
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: 'social_media_account', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'social_media_account' });
    return toView(row);
  });
}

export async function deleteSocialAccount(db: Db, scope: Scope, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(t)
      .where(and(eq(t.id, id), eq(t.userId, scope.clientId)))
      .returning({ id: t.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: 'social_media_account', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: 'social_media_account' });
    return true;
  });
}

/** The password in clear, for its owner or an admin; every reveal (and so every copy) is audited. null: no such account or no password. */
export async function revealSocialPassword(db: Db, keyring: Keyring, scope: Scope, id: string) {
  const [row] = await db
    .select({ value: t.password })
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, scope.clientId)));
  if (!row?.value) return null;
  const value = openField(keyring, t.password, id, row.value);
  await recordAudit(db, scope, {
    action: 'reveal',
    entityType: 'social_media_account',
    entityId: id,
    field: t.password.name,
  });
  return value;
}
