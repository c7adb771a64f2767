import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { z } from 'zod';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, automationRequests } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import { pageWindow, toCappedPage, toPage } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { notify, notifyStaff } from '../notifications/notifications.service';
import { isDocumentId } from '../documents/documents.service';
import { LIMITS, limitReached } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import {
  REQUEST_STATE_LABELS,
  REQUEST_TRANSITIONS,
  type AutomationRequest,
  type allRequestListQuery,
  type automationRequestInput,
  type automationRequestStateInput,
  type ownRequestListQuery,
} from '../../../shared/automations';
import { automationRequestMail } from './automation-request-mail';

const columns = {
  id: automationRequests.id,
  clientId: automationRequests.userId,
  clientName: authUsers.name,
  clientEmail: authUsers.email,
  type: automationRequests.type,
  description: automationRequests.description,
  priority: automationRequests.priority,
  state: automationRequests.state,
  declineReason: automationRequests.declineReason,
  createdAt: automationRequests.createdAt,
  updatedAt: automationRequests.updatedAt,
};
type Row = {
  id: string;
  clientId: string;
  clientName: string | null;
  clientEmail: string | null;
  type: string;
  description: string;
  priority: AutomationRequest['priority'];
  state: AutomationRequest['state'];
  declineReason: string;
  createdAt: Date;
  updatedAt: Date;
};
const toRequest = ({ clientEmail, clientName, ...r }: Row): AutomationRequest => ({
  ...r,
  clientName: clientName || clientEmail || '',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const listWhere = (conds: (SQL | undefined)[]) => and(...conds.filter((c): c is SQL => !!c));

/** A page of requests; `everyClient`: the staff's list, whose total is capped (cappedTotal). */
function pageOf(
  db: Db,
  where: SQL | undefined,
  q: PageQuery,
  { everyClient = false } = {},
): Promise<Page<AutomationRequest>> {
  const { limit, offset } = pageWindow(q);
  const rows = db
    .select(columns)
    .from(automationRequests)
    .innerJoin(authUsers, eq(authUsers.id, automationRequests.userId))
    .where(where)
    .orderBy(desc(automationRequests.createdAt), desc(automationRequests.id))
    .limit(limit)
    .offset(offset)
    .then((r) => r.map(toRequest));
  return everyClient
    ? toCappedPage(db, q, rows, automationRequests, where)
    : toPage(q, rows, db.$count(automationRequests, where));
}

/** A client's own requests, newest first. */
export const listOwnRequests = (db: Db, clientId: string, q: z.output<typeof ownRequestListQuery>) =>
  pageOf(
    db,
    listWhere([eq(automationRequests.userId, clientId), q.state ? eq(automationRequests.state, q.state) : undefined]),
    q,
  );

/** Every client's requests for admins, newest first, optionally of one state or one client. */
export const listAllRequests = (db: Db, asker: Asker, q: z.output<typeof allRequestListQuery>) =>
  pageOf(
    db,
    listWhere([
      ownedByClient(db, automationRequests.userId, asker),
      q.clientId ? eq(automationRequests.userId, q.clientId) : undefined,
      q.state ? eq(automationRequests.state, q.state) : undefined,
    ]),
    q,
    { everyClient: true },
  );

/** Requests not yet done or declined. */
const openCount = (db: Db, clientId: string) =>
  db.$count(
    automationRequests,
    and(eq(automationRequests.userId, clientId), inArray(automationRequests.state, ['received', 'in_progress'])),
  );

/**
 * Records a client's request (at most LIMITS.openAutomationRequests open at once, counted under a
 * per-client lock), notifies every admin in the same transaction, then mails staff through the outbox.
 */
export async function createRequest(
  deps: Deps,
  scope: Scope,
  input: z.output<typeof automationRequestInput>,
): Promise<AutomationRequest> {
  const { db } = deps;
  const [client] = await db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(eq(authUsers.id, scope.clientId));
  if (!client) throw new NotFoundError('Not found');
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('automation_requests'), hashtext(${scope.clientId}))`);
    if ((await openCount(tx, scope.clientId)) >= LIMITS.openAutomationRequests)
      throw new ConflictError(limitReached(LIMITS.openAutomationRequests, 'open automation requests'));
    await tx.insert(automationRequests).values({ id, userId: scope.clientId, ...input });
    await recordAudit(tx, scope, { action: 'create', entityType: 'automation_request', entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'automation_request' });
    await notifyStaff(tx, {
      kind: 'automation_request',
      clientId: scope.clientId,
      title: `${client.name || client.email} requested an automation${input.type ? `: ${input.type}` : ''}`,
      body: input.description,
      link: '/automations',
    });
  });
  // After the commit: a request refused at the limit queues no mail. The outbox retries delivery;
  // only queueing can fail here (the database itself), and then admins still have the notification.
  await deps.mailer.send(automationRequestMail(deps.config.staffEmail, client, input)).catch((e: unknown) => {
    deps.log.error(
      `automation request mail for ${scope.clientId} could not be queued: ${e instanceof Error ? e.message : String(e)}`,
    );
  });
  const [row] = await db
    .select(columns)
    .from(automationRequests)
    .innerJoin(authUsers, eq(authUsers.id, automationRequests.userId))
    .where(eq(automationRequests.id, id));
  return toRequest(row);
}

/**
 * Staff move a request along REQUEST_TRANSITIONS (409 otherwise; declined carries the reason);
 * audited for the client, who is notified in the same transaction. Null when there is no such
 * request among the clients the asker works (a staff member's other clients' are not there).
 */
export async function changeRequestState(
  db: Db,
  asker: Asker,
  requestId: string | undefined,
  input: z.output<typeof automationRequestStateInput>,
): Promise<AutomationRequest | null> {
  if (!isDocumentId(requestId)) return null;
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: automationRequests.userId, state: automationRequests.state, type: automationRequests.type })
      .from(automationRequests)
      .where(and(eq(automationRequests.id, requestId), ownedByClient(db, automationRequests.userId, asker)))
      .for('update');
    if (!row) return false;
    if (!REQUEST_TRANSITIONS[row.state].includes(input.state)) {
      throw new ConflictError(
        `A request that is ${REQUEST_STATE_LABELS[row.state]} cannot be moved to ${REQUEST_STATE_LABELS[input.state]}.`,
      );
    }
    const declineReason = input.state === 'declined' ? input.reason : '';
    await tx
      .update(automationRequests)
      .set({ state: input.state, declineReason, updatedAt: new Date() })
      .where(eq(automationRequests.id, requestId));
    await recordAudit(
      tx,
      { clientId: row.userId, actorId: asker.id, isAdmin: true },
      { action: 'update', entityType: 'automation_request', entityId: requestId },
    );
    await notify(tx, {
      userId: row.userId,
      clientId: row.userId,
      kind: 'automation_request',
      title: `Your automation request${row.type ? ` (${row.type})` : ''} is now ${REQUEST_STATE_LABELS[input.state]}`,
      body: declineReason ? `Reason: ${declineReason}` : '',
      link: '/automations',
    });
    return true;
  });
  if (!done) return null;
  const [row] = await db
    .select(columns)
    .from(automationRequests)
    .innerJoin(authUsers, eq(authUsers.id, automationRequests.userId))
    .where(eq(automationRequests.id, requestId));
  return toRequest(row);
}
