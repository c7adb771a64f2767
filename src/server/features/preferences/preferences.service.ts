import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAccounts, authUsers, users } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Preferences, PreferencesInput } from '../../../shared/profile';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

// Without a users row (first-login setup not run yet) the columns' defaults apply: all on.
const DEFAULTS: Preferences = { pushAlertEnabled: true, emailAlertEnabled: true, weeklyDigestEnabled: true };
const columns = {
  pushAlertEnabled: users.pushAlertEnabled,
  emailAlertEnabled: users.emailAlertEnabled,
  weeklyDigestEnabled: users.weeklyDigestEnabled,
};

export async function getPreferences(db: Db, clientId: string): Promise<Preferences> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, clientId));
  return row ?? DEFAULTS;
}

/** Upsert: the users row may not exist yet; an admin's change is audited in the same transaction. */
export async function savePreferences(db: Db, scope: Scope, input: PreferencesInput): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ id: scope.clientId, ...input })
      .onConflictDoUpdate({ target: users.id, set: input })
      .returning(columns);
    await recordAudit(tx, scope, {
      action: 'update',
      entityType: 'notification_preferences',
      entityId: scope.clientId,
    });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'notification_preferences' });
    return row;
  });
}

/** Password status for Security Settings: when it last changed and whether a password exists at all. */
export async function getSecurityStatus(db: Db, clientId: string) {
  const [user] = await db
    .select({ lastPasswordChange: authUsers.lastPasswordChange })
    .from(authUsers)
    .where(eq(authUsers.id, clientId));
  if (!user) return null;
  const [credential] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(
      and(
        eq(authAccounts.userId, clientId),
        eq(authAccounts.providerId, 'credential'),
        isNotNull(authAccounts.password),
      ),
    )
    .limit(1);
  return { lastPasswordChange: user.lastPasswordChange?.toISOString() ?? null, hasPassword: Boolean(credential) };
}
