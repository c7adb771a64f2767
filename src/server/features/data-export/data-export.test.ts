import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { readZip } from '../../test/zip';
import { SECRET_HIDDEN, WRONG_EXPORT_PASSWORD } from '../../../shared/data-export';
import { LIMITS, TOO_MANY_EXPORTS } from '../../../shared/limits';
import { describeAudit } from '../../../shared/audit-labels';
import { EXPORT_AREAS, NOT_EXPORTED, tableNameOf } from './export-areas';
import { secretsOf, seedEveryArea } from './export-fixtures';

type Client = { id: string; email: string; password: string; agent: TestAgent };
let t: TestApp;
let a: Client;
let b: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ REQUIRE_ADMIN_2FA: 'false' });
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Client Alpha', b: 'Client Bravo', admin: 'Staff Admin' }));
  await seedEveryArea(t, a.agent, a.id, 'ALPHA');
  await seedEveryArea(t, b.agent, b.id, 'BRAVO');
}, 60_000);
afterAll(() => t?.close());

async function exportZip(agent: TestAgent, clientId: string, body: unknown = {}) {
  const res = await agent.post(`/api/clients/${clientId}/export`, body);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="all-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const entries = readZip(Buffer.from(await res.arrayBuffer()));
  const all = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`).join('\n');
  return { entries, all, text: (name: string) => entries.get(name)?.toString('utf8') ?? '' };
}

const exportsOf = (clientId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, 'export')));

describe("a client's data export", () => {
  it('holds data.json, a CSV per area with the client’s rows, and every uploaded file; nothing of another client; secrets hidden', async () => {
    const zip = await exportZip(a.agent, a.id);
    expect(zip.entries.has('README.txt')).toBe(true);
    const data = JSON.parse(zip.text('data.json')) as {
      clientId: string;
      secretsIncluded: boolean;
      areas: Record<string, Record<string, unknown>[]>;
    };
    expect(data).toMatchObject({ clientId: a.id, secretsIncluded: false });
    for (const area of EXPORT_AREAS) {
      expect(data.areas[area.name], `data.json area ${area.name}`).toBeInstanceOf(Array);
      expect(data.areas[area.name].length, `rows of ${area.name}`).toBeGreaterThan(0);
      const csv = zip.text(`tables/${area.name}.csv`);
      expect(csv.split('\r\n').filter(Boolean).length, `tables/${area.name}.csv`).toBe(
        data.areas[area.name].length + 1,
      );
    }
    expect(zip.text('tables/tasks.csv')).toContain('ALPHA annual filing');
    expect(zip.text('tables/support-messages.csv')).toContain('ALPHA support question');
    expect(zip.text('tables/first-step-openings.csv')).toContain('2024-02-03');
    // Files, in their folders, byte for byte.
    expect(zip.text('files/business-documents/Standard Corporate/ALPHA articles.pdf')).toContain('ALPHA articles');
    expect(zip.text('files/receivable-documents/ALPHA receivables invoice.pdf')).toContain('ALPHA receivables invoice');
    expect(zip.text('files/purchase-order-documents/ALPHA purchase-orders invoice.pdf')).toContain(
      'ALPHA purchase-orders invoice',
    );
    expect(zip.text('files/support-attachments/ALPHA screenshot.pdf')).toContain('ALPHA screenshot');
    // Only the caller's data: client B's canary is nowhere, nor B's id.
    expect(zip.all).not.toContain('BRAVO');
    expect(zip.all).not.toContain(b.id);
    // No storage paths, no session tokens or password hashes.
    expect(zip.all).not.toMatch(/storageKey|storage_key|documents\/[a-z0-9-]+\/[a-z0-9-]+\.pdf/);
    // The calendar feed: that it is on, never its token's hash.
    expect(data.areas['calendar-feed']).toHaveLength(1);
    expect(zip.all).not.toMatch(/calendar-token-hash|tokenHash|token_hash/);
    // The push devices: which, never their endpoints or keys.
    expect(data.areas['push-devices']).toHaveLength(1);
    expect(zip.all).not.toMatch(/push-endpoint|push-p256dh|push-auth|p256dh/);
    // A packet's share links and their opens, never a link's token hash.
    expect(zip.text('tables/packet-share-links.csv')).toContain('ALPHA lender');
    expect(zip.all).not.toContain('packet-token-hash');
    // Secrets: hidden, never in clear.
    for (const secret of Object.values(secretsOf('ALPHA'))) expect(zip.all).not.toContain(secret);
    expect(zip.text('tables/profile.csv')).toContain(SECRET_HIDDEN);
    expect(data.areas.profile[0].ein).toBe(SECRET_HIDDEN);
    // The bank's address and phone on the account are plain columns.
    expect(zip.text('tables/bank-accounts.csv').split('\n')[0]).toMatch(/\baddress,phone\b/);
    expect(zip.text('tables/bank-accounts.csv')).toContain('ALPHA 12 Elm St');
    expect(data.areas['bank-accounts'][0].accountNumber).toBe(SECRET_HIDDEN);
  });

  it('includes the secrets in clear only after the password is confirmed again; a wrong one is a 403 with nothing downloaded', async () => {
    const before = (await exportsOf(a.id)).length;
    const wrong = await a.agent.post(`/api/clients/${a.id}/export`, { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('content-type')).toMatch(/json/);
    const body = await wrong.text();
    expect(JSON.parse(body).error).toBe(WRONG_EXPORT_PASSWORD);
    for (const secret of Object.values(secretsOf('ALPHA'))) expect(body).not.toContain(secret);
    expect((await exportsOf(a.id)).length).toBe(before);

    const zip = await exportZip(a.agent, a.id, { password: a.password });
    const data = JSON.parse(zip.text('data.json'));
    expect(data.secretsIncluded).toBe(true);
    const s = secretsOf('ALPHA');
    expect(zip.text('tables/profile.csv')).toContain(s.ssn);
    expect(zip.text('tables/profile.csv')).toContain(s.dob);
    expect(zip.text('tables/profile.csv')).toContain(s.ein);
    expect(zip.text('tables/bank-accounts.csv')).toContain(s.accountNumber);
    expect(zip.text('tables/bank-accounts.csv')).toContain(s.routingNumber);
    expect(zip.text('tables/store-cards.csv')).toContain(s.cardPassword);
    expect(zip.text('tables/social-accounts.csv')).toContain(s.socialPassword);
    expect(zip.all).not.toContain(SECRET_HIDDEN);
    expect(zip.all).not.toContain('BRAVO');
    // Another client's password does not open A's secrets either.
    expect((await a.agent.post(`/api/clients/${a.id}/export`, { password: b.password })).status).toBe(403);
  });

  it('is audited: who, when, with or without secrets; the client reads it in their activity', async () => {
    const rows = await exportsOf(a.id);
    expect(rows.map((r) => [r.actorId, r.entityType, r.field])).toEqual([
      [a.id, 'data_export', 'without_secrets'],
      [a.id, 'data_export', 'with_secrets'],
    ]);
    expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
    const activity = await (await a.agent.get(`/api/clients/${a.id}/audit`)).json();
    expect(describeAudit(activity.rows[0])).toBe('You downloaded all of your data, secrets included');
  });

  it("an admin acting for the client exports that client's data (their own password opens the secrets), audited as the admin", async () => {
    const plain = await exportZip(admin.agent, b.id);
    expect(plain.all).toContain('BRAVO support question');
    expect(plain.all).not.toContain('ALPHA');
    expect(plain.all).not.toContain(secretsOf('BRAVO').ssn);
    expect((await admin.agent.post(`/api/clients/${b.id}/export`, { password: b.password })).status).toBe(403);
    const full = await exportZip(admin.agent, b.id, { password: admin.password });
    expect(full.text('tables/profile.csv')).toContain(secretsOf('BRAVO').ssn);
    const rows = await exportsOf(b.id);
    expect(rows.map((r) => [r.actorId, r.field])).toEqual([
      [admin.id, 'without_secrets'],
      [admin.id, 'with_secrets'],
    ]);
    // The client is told each time staff download their data.
    const told = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'staff_action')));
    expect(told.map((n) => n.title).sort()).toEqual([
      'Our team downloaded a copy of your data',
      'Our team downloaded a copy of your data, including your secrets',
    ]);
  });

  it("client A cannot export client B's data, a guest nothing", async () => {
    expect((await a.agent.post(`/api/clients/${b.id}/export`, {})).status).toBe(404);
    expect((await t.request('POST', `/api/clients/${a.id}/export`, { json: {} })).status).toBe(401);
  });

  it(`allows ${LIMITS.dataExportsPerHour} downloads an hour per client, then a 429 that says the limit`, async () => {
    const c = await t.createSignedInUser({ name: 'Client Limit' });
    for (let i = 0; i < LIMITS.dataExportsPerHour; i++)
      expect((await c.agent.post(`/api/clients/${c.user.id}/export`, {})).status).toBe(200);
    const res = await c.agent.post(`/api/clients/${c.user.id}/export`, {});
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).error).toBe(TOO_MANY_EXPORTS);
  });

  it('refuses unexpected fields with a 400 sentence', async () => {
    const res = await a.agent.post(`/api/clients/${a.id}/export`, { password: 'x', secrets: true });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/Unexpected field/);
  });
});

describe('export coverage', () => {
  it('every table holding a client’s rows is exported or named in NOT_EXPORTED with a reason', async () => {
    const { rows } = await t.db.execute<{ table_name: string }>(sql`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name in ('user_id', 'client_id')`);
    const exported = new Set(EXPORT_AREAS.map(tableNameOf));
    const missing = rows.map((r) => r.table_name).filter((name) => !exported.has(name) && !(name in NOT_EXPORTED));
    expect(missing, 'per-client tables neither exported nor listed in NOT_EXPORTED (export-areas.ts)').toEqual([]);
    for (const name of ['auth_users', 'users', 'user_profile']) expect(exported.has(name)).toBe(true);
  });
});
