import { randomUUID } from 'node:crypto';
import { and, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { portalInstances, uploadSlots } from '../db/schema';
import type { Logger } from './logger';
import { schedulePeriodic } from './periodic';

/** This process. What it holds in the database (upload slots) carries this id. */
export const INSTANCE_ID = randomUUID();

const HEARTBEAT_MS = 15_000;
/** An instance that has not beaten for this long is dead (three beats missed). */
export const DEAD_AFTER_SECONDS = 45;

/** Instances beating now; this process always counts (a test app beats nowhere). */
export const liveInstances = (db: Db) =>
  db
    .select({ id: portalInstances.id })
    .from(portalInstances)
    .where(sql`${portalInstances.heartbeatAt} > now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`);

/** Removes dead instances and what they held; on the embedded database every other instance is dead. */
async function releaseDead(db: Db, onlyProcess: boolean) {
  const dead = onlyProcess
    ? await db.delete(portalInstances).where(ne(portalInstances.id, INSTANCE_ID)).returning({ id: portalInstances.id })
    : await db
        .delete(portalInstances)
        .where(sql`${portalInstances.heartbeatAt} <= now() - make_interval(secs => ${DEAD_AFTER_SECONDS})`)
        .returning({ id: portalInstances.id });
  const slots = await db
    .delete(uploadSlots)
    .where(
      onlyProcess
        ? ne(uploadSlots.instanceId, INSTANCE_ID)
        : and(ne(uploadSlots.instanceId, INSTANCE_ID), notInArray(uploadSlots.instanceId, liveInstances(db))),
    )
    .returning({ id: uploadSlots.id });
  return { instances: dead.length, slots: slots.length };
}

/**
 * Registers this process and beats every 15 s. At start, what dead processes held is released: on
 * the embedded database (one process owns it, under the data-directory lock) every other
 * instance's upload slots at once, so a client whose uploads died with a crash can upload again
 * after the restart; on PostgreSQL those of instances that stopped beating. stop() releases ours.
 */
export async function startInstance(db: Db, log: Logger, opts: { onlyProcess: boolean }) {
  await db.insert(portalInstances).values({ id: INSTANCE_ID });
  const released = await releaseDead(db, opts.onlyProcess);
  if (released.slots)
    log.info(
      `released ${released.slots} upload slots held by ${released.instances || 'a'} stopped process${released.instances === 1 ? '' : 'es'}`,
    );
  const stopBeat = schedulePeriodic(
    async () => {
      await db
        .update(portalInstances)
        .set({ heartbeatAt: sql`now()` })
        .where(sql`${portalInstances.id} = ${INSTANCE_ID}`);
      const later = await releaseDead(db, opts.onlyProcess);
      if (later.slots) log.info(`released ${later.slots} upload slots held by stopped processes`);
    },
    // Errors (the database is down) wait for the next beat; the outage is reported by the requests.
    { firstDelayMs: HEARTBEAT_MS, intervalMs: HEARTBEAT_MS, onError: () => undefined },
  );
  return async () => {
    await stopBeat();
    await db
      .delete(uploadSlots)
      .where(sql`${uploadSlots.instanceId} = ${INSTANCE_ID}`)
      .catch(() => undefined);
    await db
      .delete(portalInstances)
      .where(sql`${portalInstances.id} = ${INSTANCE_ID}`)
      .catch(() => undefined);
  };
}
