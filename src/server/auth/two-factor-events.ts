import { and, desc, eq, notInArray } from 'drizzle-orm';
import { authSessions } from '../db/schema';
import type { Deps, SessionUser } from '../app-env';
import { recordOwnEvent } from '../features/audit/audit.service';
import { twoFactorChangeMail, type TwoFactorChange } from '../mail/templates';
import type { AuditAction, AuditEntityType } from '../../shared/audit-labels';

const auditOf: Record<TwoFactorChange, { action: AuditAction; entityType: AuditEntityType }> = {
  enabled: { action: 'create', entityType: 'two_factor' },
  disabled: { action: 'delete', entityType: 'two_factor' },
  'recovery-codes': { action: 'update', entityType: 'two_factor_recovery_codes' },
};

/**
 * Which change a successful two-factor request of a signed-in user made. `user` is the user as the
 * request found them: /verify-totp turns two-factor on only for a user who did not have it yet
 * (the same endpoint, without a session, is the code prompt at sign-in).
 */
export function twoFactorChangeOf(path: string, user: SessionUser | null): TwoFactorChange | null {
  if (!user) return null;
  if (path === '/two-factor/verify-totp') return user.twoFactorEnabled ? null : 'enabled';
  if (path === '/two-factor/disable') return 'disabled';
  if (path === '/two-factor/generate-backup-codes') return 'recovery-codes';
  return null;
}

/**
 * Records the change in the user's audit log and tells them by e-mail. Turning two-factor on or
 * off also ends the user's other sessions: the plugin replaces only the session that made the
 * change, and a session signed in with the password alone (an intruder's, or one an admin gate
 * refused) must not carry on as if it had passed the new second step.
 */
export async function announceTwoFactorChange(deps: Deps, user: SessionUser, change: TwoFactorChange) {
  if (change !== 'recovery-codes') {
    // The newest session is the one the plugin has just made for this browser.
    const newest = deps.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id))
      .orderBy(desc(authSessions.createdAt))
      .limit(1);
    await deps.db
      .delete(authSessions)
      .where(and(eq(authSessions.userId, user.id), notInArray(authSessions.id, newest)));
    deps.sessions?.clear();
  }
  await recordOwnEvent(deps.db, user.id, auditOf[change]);
  await deps.mailer.send(twoFactorChangeMail(user.email, user.name, change, `${deps.config.appUrl}/account`));
}
