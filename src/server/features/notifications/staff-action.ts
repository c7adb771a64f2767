import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers, notifications } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { auditEntityLabel, type AuditAction, type AuditEntityType } from '../../../shared/audit-labels';
import { notify } from './notifications.service';

// The notice a feature sends when staff change a client's records and the feature has no words
// of its own for it (tasks, membership, scores and support messages do: they send their own).

/** Where the client sees each kind of record (the bell's link); anything else opens the home page. */
const PAGES: Partial<Record<AuditEntityType, string>> = {
  funding_packet: '/funding-packet',
  packet_link: '/funding-packet',
  user_profile: '/account',
  notification_preferences: '/account',
  bank_account: '/bank',
  business_account: '/business-presence',
  business_document: '/documents',
  payment: '/',
  program_request: '/',
  recent_activity: '/',
  credit_loan: '/term-loan',
  store_credit_card: '/store-credit',
  revolving_credit: '/revolving-credit',
  account_receivable: '/account-receivable',
  account_receivable_document: '/account-receivable',
  purchase_order: '/purchase-order',
  purchase_order_document: '/purchase-order',
  tradeline: '/dnb',
  tradeline_invoice: '/dnb',
  first_step_opening: '/first-step-accounts',
  website_template: '/website-template',
  social_media_account: '/social-media',
  automation_request: '/automations',
};

/** Unread staff-action notices about one entity type younger than this are not repeated. */
export const STAFF_ACTION_COALESCE_MINUTES = 10;

const STAFF_ACTION_BODY = 'Every change our team makes is listed under Activity on your account in My Account.';

// Writes only: a reveal or an export reads the data, and is listed in the client's activity log.
type Action = 'create' | 'update' | 'delete';
const ACTIONS: Action[] = ['create', 'update', 'delete'];
const isWrite = (action: AuditAction): action is Action => (ACTIONS as string[]).includes(action);

/** 'Our team added a bank account', 'Our team updated your bank account', 'Our team deleted your bank account'. */
export function staffActionTitle(action: Action, entityType: string): string {
  const label = auditEntityLabel(entityType);
  if (action === 'create') return `Our team added ${label.a}`;
  return `Our team ${action === 'update' ? 'updated' : 'deleted'} ${label.yours}`;
}

export const staffActionLink = (entityType: string) => PAGES[entityType as AuditEntityType] ?? '/';

/**
 * Tells the client of a staff write on their data, in the write's transaction; a client's own
 * write tells no one. A burst of edits makes one notice (and at most one e-mail): nothing new
 * while the client has an unread staff-action notice about the same entity type (matched by its
 * titles) from the last STAFF_ACTION_COALESCE_MINUTES minutes. An admin working on their own data
 * is not told.
 */
export async function notifyStaffAction(
  tx: Db,
  scope: Scope,
  entry: { action: AuditAction; entityType: string },
): Promise<boolean> {
  if (!isWrite(entry.action) || !scope.isAdmin || scope.actorId === scope.clientId) return false;
  const action = entry.action;
  const [recent] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, scope.clientId),
        eq(notifications.kind, 'staff_action'),
        isNull(notifications.readAt),
        inArray(
          notifications.title,
          ACTIONS.map((a) => staffActionTitle(a, entry.entityType)),
        ),
        gt(notifications.createdAt, sql`now() - make_interval(mins => ${STAFF_ACTION_COALESCE_MINUTES})`),
      ),
    )
    .limit(1);
  if (recent) return false;
  // Staff acting on another admin's account (access allows it) tell no one: notices are for clients.
  const [recipient] = await tx.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, scope.clientId));
  if (recipient?.role !== 'client') return false;
  await notify(tx, {
    userId: scope.clientId,
    clientId: scope.clientId,
    kind: 'staff_action',
    title: staffActionTitle(action, entry.entityType),
    body: STAFF_ACTION_BODY,
    link: staffActionLink(entry.entityType),
  });
  return true;
}
