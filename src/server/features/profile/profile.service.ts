import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Deps } from '../../app-env';
import { businessCompliance, userProfiles } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { openField, openRow, sealValues } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { mask } from '../../../shared/mask';
import {
  COMPLETE_PROFILE_TASK,
  isProfileComplete,
  type profileInput,
  type SecretProfileField,
} from '../../../shared/profile';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { completeTask } from '../compliance/compliance.service';
import { sendNotification } from '../notifications/notifications.service';
import { contactEmailChangedMail, type EmailChange } from './profile.mail';
import { announce } from '../../lib/changes';

const secretColumns = { ssn: userProfiles.ownerSsn, dob: userProfiles.ownerDob, ein: userProfiles.ein } as const;

/** The profile as lists and forms see it: secrets masked, never in clear. */
export async function getProfile(db: Db, keyring: Keyring, clientId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, clientId));
  if (!row) return null;
  const { ownerSsn, ownerDob, ein, ...rest } = openRow(keyring, userProfiles, row);
  return {
    ...rest,
    ownerSsnMasked: mask(ownerSsn),
    ownerDobMasked: ownerDob ? '••••' : '',
    einMasked: mask(ein),
    hasSsn: Boolean(ownerSsn),
    hasDob: Boolean(ownerDob),
    hasEin: Boolean(ein),
  };
}

/** Insert or update in one statement, so two tabs saving at once cannot create two rows. */
export async function saveProfile(
  deps: Pick<Deps, 'db' | 'keyring' | 'mailer' | 'log'>,
  scope: Scope,
  input: z.output<typeof profileInput>,
) {
  const { db, keyring } = deps;
  const { agreement: _agreement, ownerSsn, ownerDob, ein, ...fields } = input;
  const secrets = sealValues(keyring, userProfiles, scope.clientId, {
    ...(ownerSsn !== undefined ? { ownerSsn: ownerSsn || null } : {}),
    ...(ownerDob !== undefined ? { ownerDob: ownerDob || null } : {}),
    ...(ein !== undefined ? { ein: ein || null } : {}),
  });
  const values = { ...fields, ...secrets, agreementConfirmed: true, updatedAt: new Date() };
  // The client's own save (or an admin saving their own profile) may complete the task; staff edits never do.
  const savedByClient = !scope.isAdmin || scope.actorId === scope.clientId;
  const staffEdit = scope.isAdmin && scope.actorId !== scope.clientId;
  const { taskCompleted, mailId } = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ businessEmail: userProfiles.businessEmail, forwardEmail: userProfiles.forwardEmail })
      .from(userProfiles)
      .where(eq(userProfiles.userId, scope.clientId))
      .for('update');
    const [saved] = await tx
      .insert(userProfiles)
      .values({ userId: scope.clientId, ...values })
      .onConflictDoUpdate({ target: userProfiles.userId, set: values })
      .returning();
    const emailChanges = staffEdit ? contactEmailChanges(old ?? { businessEmail: '', forwardEmail: '' }, fields) : [];
    await recordAudit(tx, scope, { action: 'update', entityType: 'user_profile', entityId: scope.clientId });
    announce({ clientId: scope.clientId, area: 'profile' });
    // Staff changed where the client's mail goes: a notice of its own, with old and new values,
    // instead of the usual one.
    const mail = emailChanges.length ? await notifyEmailChange(tx, scope.clientId, emailChanges) : null;
    if (!emailChanges.length) await notifyStaffAction(tx, scope, { action: 'update', entityType: 'user_profile' });
    let completed = false;
    if (savedByClient && isProfileComplete(openRow(keyring, userProfiles, saved))) {
      // The one rule for every completion (compliance page, dashboard buttons, this save): Completed,
      // due now, audited, and a recent-activity entry the first time.
      const tasks = await tx
        .select({ id: businessCompliance.id })
        .from(businessCompliance)
        .where(
          and(
            eq(businessCompliance.userId, scope.clientId),
            eq(businessCompliance.taskName, COMPLETE_PROFILE_TASK),
            eq(businessCompliance.kind, 'task'),
          ),
        );
      for (const task of tasks) if (await completeTask(tx, scope, task.id)) completed = true;
    }
    return { taskCompleted: completed, mailId: mail };
  });
  // Queued with the change; delivered now rather than at the outbox's next round (which retries a failure).
  if (mailId)
    await deps.mailer
      .drain([mailId])
      .catch((e: unknown) => deps.log.warn(`contact e-mail notice ${mailId} not delivered yet: ${String(e)}`));
  return { profile: await getProfile(db, keyring, scope.clientId), taskCompleted };
}

function contactEmailChanges(
  before: { businessEmail: string; forwardEmail: string },
  after: { businessEmail: string; forwardEmail: string },
): EmailChange[] {
  const changes: EmailChange[] = [];
  if (before.businessEmail !== after.businessEmail)
    changes.push({ label: 'Business email', from: before.businessEmail, to: after.businessEmail });
  if (before.forwardEmail !== after.forwardEmail)
    changes.push({ label: 'Forward email', from: before.forwardEmail, to: after.forwardEmail });
  return changes;
}

/**
 * Staff changed the client's business or forward e-mail: a notification, whose e-mail (old and new
 * values) goes when the client's e-mail alerts are on, as in the original product. Returns the queued mail's id.
 */
async function notifyEmailChange(tx: Db, clientId: string, changes: EmailChange[]) {
  const { mailId } = await sendNotification(tx, {
    userId: clientId,
    clientId,
    kind: 'staff_action',
    title: 'Our team changed your contact email',
    body: changes.map((c) => `${c.label}: ${c.to || '(none)'}`).join(', '),
    link: '/account',
    mail: (to) => contactEmailChangedMail(to.email, to.name, changes),
  });
  return mailId;
}

/** The clear value of one secret, for its owner or an admin; every reveal is audited. */
export async function revealProfileField(db: Db, keyring: Keyring, scope: Scope, field: SecretProfileField) {
  const column = secretColumns[field];
  const [row] = await db.select({ value: column }).from(userProfiles).where(eq(userProfiles.userId, scope.clientId));
  if (!row?.value) return null;
  const value = openField(keyring, column, scope.clientId, row.value);
  await recordAudit(db, scope, {
    action: 'reveal',
    entityType: 'user_profile',
    entityId: scope.clientId,
    field: column.name,
  });
  return value;
}
