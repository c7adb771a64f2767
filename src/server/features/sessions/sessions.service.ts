import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authSessions } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { describeDevice } from '../../../shared/user-agent';
import { SESSIONS_LISTED, type SessionView } from '../../../shared/sessions';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

// Sessions are named by their id only: the token is the cookie's secret and never leaves the server.

/** The user's sessions that have not expired, the most recently used first. */
export async function listSessions(db: Db, userId: string, currentId: string | null): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      updatedAt: authSessions.updatedAt,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date())))
    .orderBy(desc(authSessions.updatedAt), desc(authSessions.id))
    .limit(SESSIONS_LISTED);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ipAddress: r.ipAddress,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    current: r.id === currentId,
  }));
}

/**
 * Deleting the rows is the whole sign-out: migration 0008's trigger tells every instance's session
 * cache to drop them. This instance drops its own copies before answering, so even a request that
 * races the notification is refused.
 */
function forget(deps: Pick<Deps, 'sessions'>, tokens: string[]) {
  for (const token of tokens) deps.sessions?.onNotification(`s:${token}`);
}

/** Ends one of the user's own sessions; false when it is not theirs (or already gone). */
export async function revokeSession(
  deps: Pick<Deps, 'db' | 'sessions'>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await deps.db
    .delete(authSessions)
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId)))
    .returning({ token: authSessions.token });
  forget(
    deps,
    rows.map((r) => r.token),
  );
  return rows.length > 0;
}

/** 'Sign out everywhere else': every session of the user but the current one. */
export async function revokeOtherSessions(
  deps: Pick<Deps, 'db' | 'sessions'>,
  userId: string,
  currentId: string | null,
): Promise<number> {
  const rows = await deps.db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, userId), currentId ? ne(authSessions.id, currentId) : undefined))
    .returning({ token: authSessions.token });
  forget(
    deps,
    rows.map((r) => r.token),
  );
  return rows.length;
}

/** An admin ends every session of a client (audited, in one transaction with the deletion). */
export async function revokeClientSessions(deps: Pick<Deps, 'db' | 'sessions'>, scope: Scope): Promise<number> {
  const tokens = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(authSessions)
      .where(eq(authSessions.userId, scope.clientId))
      .returning({ token: authSessions.token });
    await recordAudit(tx, scope, { action: 'delete', entityType: 'sign_in_sessions', entityId: scope.clientId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: 'sign_in_sessions' });
    return rows.map((r) => r.token);
  });
  forget(deps, tokens);
  return tokens.length;
}
