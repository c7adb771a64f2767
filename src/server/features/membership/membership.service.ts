import { eq } from 'drizzle-orm';
import type { Deps, SessionUser } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, users } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  hasMemberAccess,
  MEMBERSHIP_ACTIVE_TITLE,
  MEMBERSHIP_ENDED_TITLE,
  type Membership,
} from '../../../shared/membership';
import { recordAudit } from '../audit/audit.service';
import { sendNotification } from '../notifications/notifications.service';
import { membershipChangedMail } from './membership.mail';

/** A client's membership; without a users row (not set up yet) the column's default: not a member. */
export async function getMembership(db: Db, clientId: string): Promise<Membership> {
  const [row] = await db.select({ isPaid: users.isPaid }).from(users).where(eq(users.id, clientId));
  return { isPaid: row?.isPaid ?? false };
}

/**
 * The server's one place that applies the membership rule to a signed-in caller: an admin, or a
 * user whose users row says ispaid. Every paid gate calls this.
 */
export async function callerHasMemberAccess(db: Db, user: Pick<SessionUser, 'id' | 'role'>): Promise<boolean> {
  if (hasMemberAccess({ role: user.role, isPaid: false })) return true;
  const { isPaid } = await getMembership(db, user.id);
  return hasMemberAccess({ role: user.role, isPaid });
}

/**
 * An administrator sets or clears a client's membership. Upserts the users row; when the value
 * changes, the audit entry and the client's notification (with its e-mail when their e-mail
 * alerts are on: notify decides) commit with it. Null when the id names no client.
 */
export async function setMembership(
  deps: Pick<Deps, 'db' | 'mailer' | 'config'>,
  scope: Scope,
  isPaid: boolean,
): Promise<(Membership & { changed: boolean }) | null> {
  const { db } = deps;
  const [client] = await db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, scope.clientId));
  if (!client || client.role !== 'client') return null;
  const link = isPaid ? '/wealth-secrets' : '/';
  const url = `${deps.config.appUrl}${link}`;
  const mailId = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isPaid: users.isPaid })
      .from(users)
      .where(eq(users.id, scope.clientId))
      .for('update');
    await tx
      .insert(users)
      .values({ id: scope.clientId, isPaid })
      .onConflictDoUpdate({ target: users.id, set: { isPaid } });
    if ((before?.isPaid ?? false) === isPaid) return undefined;
    await recordAudit(tx, scope, { action: 'update', entityType: 'membership', entityId: scope.clientId });
    const sent = await sendNotification(tx, {
      userId: scope.clientId,
      clientId: scope.clientId,
      kind: 'membership_changed',
      title: isPaid ? MEMBERSHIP_ACTIVE_TITLE : MEMBERSHIP_ENDED_TITLE,
      body: isPaid ? 'Volumes 2 to 4 of The Secret to Wealth are open to you.' : 'See Business Programs to join again.',
      link,
      mail: (to) => membershipChangedMail(to.email, to.name, isPaid, url),
    });
    return sent.mailId;
  });
  // Queued with the change; delivered now rather than at the outbox's next round.
  if (mailId) await deps.mailer.drain([mailId]).catch(() => undefined);
  return { isPaid, changed: mailId !== undefined };
}
