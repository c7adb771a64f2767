import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { recentActivities } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Activity, activityInput, activityUpdate } from '../../../shared/activities';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

const columns = {
  id: recentActivities.id,
  title: recentActivities.title,
  notes: recentActivities.notes,
  status: recentActivities.status,
  createdAt: recentActivities.createdAt,
};
const selectActivities = (db: Db) => db.select(columns).from(recentActivities);
type Row = Awaited<ReturnType<typeof selectActivities>>[number];
const toActivity = (row: Row): Activity => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Route parameters are text: anything but a positive 32-bit integer names no activity. */
export const parseActivityId = (raw: string | undefined) =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

const mine = (clientId: string, id: number) => and(eq(recentActivities.id, id), eq(recentActivities.userId, clientId));

/** A client's activities, newest first (ties: newest id). */
export async function listActivities(db: Db, clientId: string, q: PageQuery): Promise<Page<Activity>> {
  const where = eq(recentActivities.userId, clientId);
  const rows = selectActivities(db)
    .where(where)
    .orderBy(desc(recentActivities.createdAt), desc(recentActivities.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(
    q,
    rows.then((r) => r.map(toActivity)),
    db.$count(recentActivities, where),
  );
}

export async function activityExists(db: Db, clientId: string, id: number) {
  const [row] = await db.select({ id: recentActivities.id }).from(recentActivities).where(mine(clientId, id));
  return Boolean(row);
}

export async function addActivity(db: Db, scope: Scope, input: z.output<typeof activityInput>): Promise<Activity> {
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, recentActivities.userId, scope.clientId, LIMITS.activities, 'activities');
    const [row] = await tx
      .insert(recentActivities)
      .values({ userId: scope.clientId, ...input })
      .returning(columns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'recent_activity', entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'recent_activity' });
    return toActivity(row);
  });
}

export async function updateActivity(
  db: Db,
  scope: Scope,
  id: number,
  input: z.output<typeof activityUpdate>,
): Promise<Activity | null> {
  return db.transaction(async (tx) => {
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(changes).length
      ? await tx.update(recentActivities).set(changes).where(mine(scope.clientId, id)).returning(columns)
      : await selectActivities(tx).where(mine(scope.clientId, id));
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: 'recent_activity', entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'recent_activity' });
    return toActivity(row);
  });
}

export async function deleteActivity(db: Db, scope: Scope, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(recentActivities)
      .where(mine(scope.clientId, id))
      .returning({ id: recentActivities.id });
    if (!row) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: 'recent_activity', entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: 'recent_activity' });
    return true;
  });
}
