import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { automationRequests, automations } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { PNG } from '../training/training-media';

type T = { db: Db; storage: Storage };

/** An automation last in the catalogue, with a stored PNG image unless `image` is false. */
export async function insertAutomation(t: T, o: { name?: string; image?: boolean } = {}) {
  const id = randomUUID();
  let image = {};
  if (o.image !== false) {
    const key = `automations/${randomUUID()}.png`;
    await t.storage.put(key, Readable.from([PNG]), { contentType: 'image/png', size: PNG.length });
    image = { imageKey: key, imageContentType: 'image/png', imageSize: PNG.length };
  }
  await t.db.insert(automations).values({
    id,
    name: o.name ?? 'Fixture automation',
    description: '<p>Fixture</p>',
    status: 'active',
    displayOrder: sql`(select coalesce(max(display_order), 0) + 1 from automations)`,
    ...image,
  });
  return id;
}

/** A client's automation request, received. */
export async function insertAutomationRequest(t: T, userId: string, description = 'Fixture request') {
  const id = randomUUID();
  await t.db.insert(automationRequests).values({ id, userId, type: 'Fixture', description });
  return id;
}
