import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessBankAccounts,
  businessDocuments,
  portalInstances,
  recentActivities,
  uploadSlots,
} from '../../db/schema';
import { DEAD_AFTER_SECONDS, INSTANCE_ID } from '../../lib/instance';
import { LIMITS } from '../../../shared/limits';
import { createTestApp, type TestAgent, type TestApp } from '../test-app';
import { makePdf } from '../zip';

// Everything a client can repeat has a cap, answered with a 4xx sentence that names it, and a
// refused request writes nothing.
let t: TestApp;
let cast: Awaited<ReturnType<TestApp['clientsAndAdmin']>>;

beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_BYTES: '3000' });
  cast = await t.clientsAndAdmin();
});
afterAll(() => t?.close());

const countOf = async (table: PgTable, column: PgColumn, clientId: string) =>
  (await t.db.select({ n: count() }).from(table).where(eq(column, clientId)))[0].n;

/** Copies the client's newest row of `table` until they have `n`. */
async function fillTo(table: PgTable, column: PgColumn, clientId: string, n: number, textId: boolean) {
  const rows = (await t.db.select().from(table).where(eq(column, clientId))) as Record<string, unknown>[];
  const { id: _id, ...template } = rows[0];
  const copies = Array.from({ length: n - rows.length }, () =>
    textId ? { ...template, id: randomUUID() } : { ...template },
  );
  for (let i = 0; i < copies.length; i += 250) await t.db.insert(table).values(copies.slice(i, i + 250));
}

const upload = (agent: TestAgent, clientId: string, bytes: Buffer) => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'statement.pdf', { type: 'application/pdf' }));
  form.append('documentType', 'Bank_Statements');
  return agent.request('POST', `/api/clients/${clientId}/documents/upload`, { body: form });
};

describe('records per client', () => {
  it(`refuses bank account ${LIMITS.bankAccounts + 1} with a 409 naming the limit`, async () => {
    const { a } = cast;
    expect((await a.agent.post(`/api/clients/${a.id}/bank-accounts`, { bankName: 'First' })).status).toBe(201);
    await fillTo(businessBankAccounts, businessBankAccounts.userId, a.id, LIMITS.bankAccounts, true);
    const res = await a.agent.post(`/api/clients/${a.id}/bank-accounts`, { bankName: 'One too many' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(
      'You have reached the limit of 500 bank accounts. Delete some you no longer need, or contact support.',
    );
    expect(await countOf(businessBankAccounts, businessBankAccounts.userId, a.id)).toBe(LIMITS.bankAccounts);
    // Another client is not affected.
    expect((await cast.b.agent.post(`/api/clients/${cast.b.id}/bank-accounts`, { bankName: 'Mine' })).status).toBe(201);
  });

  it('holds when creates race: 10 at once at limit - 3 leave exactly the limit', async () => {
    const { b } = cast;
    await fillTo(businessBankAccounts, businessBankAccounts.userId, b.id, LIMITS.bankAccounts - 3, true);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        b.agent.post(`/api/clients/${b.id}/bank-accounts`, { bankName: `Race ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await countOf(businessBankAccounts, businessBankAccounts.userId, b.id)).toBe(LIMITS.bankAccounts);
  });

  it(`refuses activity ${LIMITS.activities + 1}`, async () => {
    const { a } = cast;
    expect((await a.agent.post(`/api/clients/${a.id}/activities`, { title: 'First' })).status).toBe(201);
    await fillTo(recentActivities, recentActivities.userId, a.id, LIMITS.activities, false);
    const res = await a.agent.post(`/api/clients/${a.id}/activities`, { title: 'One too many' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/limit of 2,000 activities/);
  });
});

describe('stored bytes per client', () => {
  it("refuses an upload past the quota with 'Your storage is full...' and keeps no file", async () => {
    const { b } = cast;
    const pdf = makePdf('x'.repeat(1200));
    expect(pdf.length).toBeGreaterThan(1500);
    expect((await upload(b.agent, b.id, pdf)).status).toBe(201);
    const res = await upload(b.agent, b.id, pdf);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/^Your storage is full: you can keep up to 2\.9 KB of files\./);
    expect(await countOf(businessDocuments, businessDocuments.userId, b.id)).toBe(1);
    const root = path.join(t.filesDir, 'objects');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
      fs.statSync(path.join(root, p)).isFile(),
    );
    // The first upload's file only (no other test of this file has stored one yet).
    expect(files).toHaveLength(1);
  });
});

describe('uploads in flight', () => {
  it(`answers 429 while ${LIMITS.uploadsInFlight} uploads of the user are in progress; a dead process's do not count`, async () => {
    const { admin } = cast;
    const c = await t.createSignedInUser();
    const slots = Array.from({ length: LIMITS.uploadsInFlight }, () => ({
      id: randomUUID(),
      userId: c.user.id,
      instanceId: INSTANCE_ID,
    }));
    await t.db.insert(uploadSlots).values(slots);
    const res = await upload(c.agent, c.user.id, makePdf());
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe('You can upload 3 files at a time. Wait for one to finish, then try again.');
    // Another user (an admin uploading for this client) has slots of their own.
    expect((await upload(admin.agent, c.user.id, makePdf())).status).toBe(201);
    // Slots of another instance that is alive (it beat just now) count...
    await t.db.insert(portalInstances).values({ id: 'other-live-instance' });
    await t.db.update(uploadSlots).set({ instanceId: 'other-live-instance' }).where(eq(uploadSlots.userId, c.user.id));
    expect((await upload(c.agent, c.user.id, makePdf())).status).toBe(429);
    // ...and are released as soon as it is known dead (it stopped beating), not ten minutes later.
    await t.db
      .update(portalInstances)
      .set({ heartbeatAt: new Date(Date.now() - (DEAD_AFTER_SECONDS + 1) * 1000) })
      .where(eq(portalInstances.id, 'other-live-instance'));
    expect((await upload(c.agent, c.user.id, makePdf())).status).toBe(201);
    // Finished uploads give their slot back.
    expect(await t.db.select().from(uploadSlots).where(eq(uploadSlots.userId, c.user.id))).toEqual([]);
  });
});

describe('staff-notifying actions', () => {
  it(`allow ${LIMITS.staffNoticesPerHour} an hour per client across Contact Support and program requests, then 429`, async () => {
    const c = await t.createSignedInUser();
    await c.agent.post('/api/me/setup');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await c.agent.post(`/api/clients/${c.user.id}/contact-support`)).status);
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await c.agent.post(`/api/clients/${c.user.id}/program-requests`, { programId: 'standard' })).status,
      );
    expect(statuses.slice(0, 5).every((s) => s < 400)).toBe(true);
    expect(statuses[5]).toBe(429);
    const res = await c.agent.post(`/api/clients/${c.user.id}/contact-support`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error).toBe(
      'You can send at most 5 requests to our staff an hour. Please try again later.',
    );
    // Staff acting for the client are not held back.
    expect((await cast.admin.agent.post(`/api/clients/${c.user.id}/contact-support`)).status).toBeLessThan(429);
  });
});
