import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { openField, openRow, sealValues } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { mask } from '../../../shared/mask';
import type { profileInput, SecretProfileField } from '../../../shared/profile';
import { recordAudit } from '../audit/audit.service';

const secretColumns = { ssn: userProfiles.ownerSsn, dob: userProfiles.ownerDob } as const;

/** The profile as lists and forms see it: secrets masked, never in clear. */
export async function getProfile(db: Db, keyring: Keyring, clientId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, clientId));
  if (!row) return null;
  const { ownerSsn, ownerDob, ...rest } = openRow(keyring, userProfiles, row);
  return { ...rest, ownerSsnMasked: mask(ownerSsn), ownerDobMasked: ownerDob ? '••••' : '', hasSsn: Boolean(ownerSsn), hasDob: Boolean(ownerDob) };
}

/** Insert or update in one statement, so two tabs saving at once cannot create two rows. */
export async function saveProfile(db: Db, keyring: Keyring, scope: Scope, input: z.output<typeof profileInput>) {
  const { agreement: _agreement, ownerSsn, ownerDob, ...fields } = input;
  const secrets = sealValues(keyring, userProfiles, scope.clientId, {
    ...(ownerSsn !== undefined ? { ownerSsn: ownerSsn || null } : {}),
    ...(ownerDob !== undefined ? { ownerDob: ownerDob || null } : {}),
  });
  const values = { ...fields, ...secrets, agreementConfirmed: true, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ userId: scope.clientId, ...values })
      .onConflictDoUpdate({ target: userProfiles.userId, set: values });
    await recordAudit(tx, scope, { action: 'update', entityType: 'user_profile', entityId: scope.clientId });
  });
  return getProfile(db, keyring, scope.clientId);
}

/** The clear value of one secret, for its owner or an admin; every reveal is audited. */
export async function revealProfileField(db: Db, keyring: Keyring, scope: Scope, field: SecretProfileField) {
  const column = secretColumns[field];
  const [row] = await db.select({ value: column }).from(userProfiles).where(eq(userProfiles.userId, scope.clientId));
  if (!row?.value) return null;
  const value = openField(keyring, column, scope.clientId, row.value);
  await recordAudit(db, scope, { action: 'reveal', entityType: 'user_profile', entityId: scope.clientId, field: column.name });
  return value;
}
