import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, firstStepAccounts, firstStepOpenings, users } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { LIMITS, limitReached } from '../../../shared/limits';
import { MEMBERS_ONLY_ERROR, type FirstStepAccountForClient } from '../../../shared/first-step';
import type { Page } from '../../../shared/paging';
import type { TradelinesResponse } from '../../../shared/tradelines';

let t: TestApp;
type Who = { id: string; agent: TestAgent };
let member: Who;
let other: Who;
let nonMember: Who;
let admin: Who;

const vendor = {
  vendor: 'Uline',
  sells: 'Shipping supplies',
  requirements: 'EIN, D-U-N-S number',
  bureaus: ['dnb', 'experian'],
  applicationUrl: 'https://www.uline.com/',
};
const catalog = '/api/first-step-accounts';
const mine = (clientId: string) => `/api/clients/${clientId}/first-step-accounts`;
const opening = (clientId: string, accountId: string) => `${mine(clientId)}/${accountId}/opening`;
const setPaid = (id: string, isPaid: boolean) =>
  t.db.insert(users).values({ id, isPaid }).onConflictDoUpdate({ target: users.id, set: { isPaid } });

async function addAccount(json: unknown = vendor) {
  const res = await admin.agent.post(catalog, json);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).account as { id: string; vendor: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  member = await make('client', 'Mia Member');
  other = await make('client', 'Otto Member');
  nonMember = await make('client', 'Nora Nonmember');
  admin = await make('admin', 'Staff Admin');
  await setPaid(member.id, true);
  await setPaid(other.id, true);
});
afterAll(() => t?.close());

describe('First Step Accounts', () => {
  it('is members only on the server: a non-member is refused with a sentence pointing to Business Programs; members and admins read', async () => {
    const account = await addAccount();
    for (const [path, method, json] of [
      [catalog, 'GET', undefined],
      [mine(nonMember.id), 'GET', undefined],
      [opening(nonMember.id, account.id), 'POST', { dateOpened: '2026-01-05' }],
      [opening(nonMember.id, account.id), 'DELETE', undefined],
    ] as const) {
      const res = await nonMember.agent.request(method, path, json ? { json } : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error).toBe(MEMBERS_ONLY_ERROR);
    }
    expect(MEMBERS_ONLY_ERROR).toBe(
      'First Step Accounts are exclusive to registered members. See Business Programs to become a member.',
    );
    expect(await t.db.select().from(firstStepOpenings).where(eq(firstStepOpenings.userId, nonMember.id))).toEqual([]);

    for (const who of [member, admin]) expect((await who.agent.get(catalog)).status).toBe(200);
    const list = (await (await member.agent.get(mine(member.id))).json()) as Page<FirstStepAccountForClient>;
    expect(list.items.find((a) => a.id === account.id)).toMatchObject({ ...vendor, opening: null });
    // An admin reads (and acts) for any client, a non-member's too.
    expect((await admin.agent.get(mine(nonMember.id))).status).toBe(200);
    expect((await t.request('GET', catalog)).status).toBe(401);

    // Membership ended: refused again.
    await setPaid(member.id, false);
    expect((await member.agent.get(mine(member.id))).status).toBe(403);
    await setPaid(member.id, true);
  });

  it('only admins write the catalog; clients (members too) get 403 and nothing changes', async () => {
    const account = await addAccount({ ...vendor, vendor: 'Quill' });
    expect((await member.agent.post(catalog, vendor)).status).toBe(403);
    expect((await member.agent.request('PUT', `${catalog}/${account.id}`, { json: vendor })).status).toBe(403);
    expect((await member.agent.request('DELETE', `${catalog}/${account.id}`)).status).toBe(403);
    const [row] = await t.db.select().from(firstStepAccounts).where(eq(firstStepAccounts.id, account.id));
    expect(row.vendor).toBe('Quill');

    const res = await admin.agent.request('PUT', `${catalog}/${account.id}`, {
      json: { ...vendor, vendor: 'Quill.com', bureaus: ['dnb'] },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).account).toMatchObject({ vendor: 'Quill.com', bureaus: ['dnb'] });
    expect((await admin.agent.request('PUT', `${catalog}/no-such-id`, { json: vendor })).status).toBe(404);
    expect((await admin.agent.request('DELETE', `${catalog}/${account.id}`)).status).toBe(200);
    expect((await admin.agent.request('DELETE', `${catalog}/${account.id}`)).status).toBe(404);
  });

  it('refuses a bad account with a sentence', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...vendor, vendor: '  ' }, /Enter the vendor/],
      [{ ...vendor, bureaus: ['transunion'] }, /Choose bureaus from/],
      [{ ...vendor, applicationUrl: 'javascript:alert(1)' }, /must be a web address/],
      [{ ...vendor, extra: true }, /Unexpected field: extra/],
    ];
    for (const [json, message] of cases) {
      const res = await admin.agent.post(catalog, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
  });

  it('a member marks an account opened with the date (it becomes a tradeline with the vendor’s bureaus), once, and undoes it', async () => {
    const account = await addAccount({ ...vendor, vendor: 'Grainger', bureaus: ['dnb', 'equifax'] });
    expect((await member.agent.post(opening(member.id, account.id), {})).status).toBe(400);
    expect(
      (await (await member.agent.post(opening(member.id, account.id), { dateOpened: '2026-13-01' })).json()).error,
    ).toMatch(/valid date opened/);
    const res = await member.agent.post(opening(member.id, account.id), { dateOpened: '2026-01-05' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).opening).toMatchObject({
      bureaus: ['dnb', 'equifax'],
      dateOpened: '2026-01-05',
      lastReported: '',
    });
    const again = await member.agent.post(opening(member.id, account.id), { dateOpened: '2026-01-06' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe('You have already marked this account as opened.');

    const list = (await (
      await member.agent.get(`${mine(member.id)}?pageSize=100`)
    ).json()) as Page<FirstStepAccountForClient>;
    expect(list.items.find((a) => a.id === account.id)?.opening).toMatchObject({ dateOpened: '2026-01-05' });
    const lines = (await (await member.agent.get(`/api/clients/${member.id}/tradelines`)).json()) as TradelinesResponse;
    expect(lines.tradelines.items).toEqual([
      expect.objectContaining({
        source: 'first-step',
        name: 'Grainger',
        bureaus: ['dnb', 'equifax'],
        dateOpened: '2026-01-05',
      }),
    ]);
    // Its tradeline is recorded through the tradeline route, like a card's.
    const openingId = lines.tradelines.items[0].id;
    expect(
      (
        await member.agent.request('PUT', `/api/clients/${member.id}/tradelines/first-step/${openingId}`, {
          json: { bureaus: ['dnb'], dateOpened: '2026-01-05', lastReported: '2026-02-01' },
        })
      ).status,
    ).toBe(200);
    // Another member cannot touch it.
    expect(
      (await other.agent.request('PUT', `/api/clients/${member.id}/tradelines/first-step/${openingId}`, { json: {} }))
        .status,
    ).toBe(404);
    expect(
      (await other.agent.request('PUT', `/api/clients/${other.id}/tradelines/first-step/${openingId}`, { json: {} }))
        .status,
    ).toBe(404);

    expect((await member.agent.request('DELETE', opening(member.id, account.id))).status).toBe(200);
    expect((await member.agent.request('DELETE', opening(member.id, account.id))).status).toBe(404);
    expect((await (await member.agent.get(`/api/clients/${member.id}/tradelines`)).json()).tradelines.total).toBe(0);
    // A client's own openings are not audited.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.clientId, member.id))).toEqual([]);
  });

  it("keeps members apart: another member's id is a 404, and openings stay per member", async () => {
    const account = await addAccount({ ...vendor, vendor: 'Summa Office Supplies' });
    expect((await other.agent.get(mine(member.id))).status).toBe(404);
    expect((await other.agent.post(opening(member.id, account.id), { dateOpened: '2026-01-05' })).status).toBe(404);
    expect((await other.agent.request('DELETE', opening(member.id, account.id))).status).toBe(404);
    expect((await member.agent.post(opening(member.id, account.id), { dateOpened: '2026-01-05' })).status).toBe(201);
    const otherList = (await (
      await other.agent.get(`${mine(other.id)}?pageSize=100`)
    ).json()) as Page<FirstStepAccountForClient>;
    expect(otherList.items.find((a) => a.id === account.id)?.opening).toBeNull();
    expect((await member.agent.post(opening(member.id, 'no-such-account'), { dateOpened: '2026-01-05' })).status).toBe(
      404,
    );
  });

  it('an admin marks opened and undoes for a client, audited with the client as subject; deleting the account removes openings', async () => {
    const account = await addAccount({ ...vendor, vendor: 'Crown Office Supplies' });
    expect((await admin.agent.post(opening(other.id, account.id), { dateOpened: '2026-02-01' })).status).toBe(201);
    expect((await admin.agent.request('DELETE', opening(other.id, account.id))).status).toBe(200);
    expect((await admin.agent.post(opening(other.id, account.id), { dateOpened: '2026-02-02' })).status).toBe(201);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, other.id), eq(auditLog.entityType, 'first_step_opening')));
    expect(audits.map((a) => [a.actorId, a.action])).toEqual([
      [admin.id, 'create'],
      [admin.id, 'delete'],
      [admin.id, 'create'],
    ]);
    expect((await admin.agent.request('DELETE', `${catalog}/${account.id}`)).status).toBe(200);
    expect(
      await t.db.select().from(firstStepOpenings).where(eq(firstStepOpenings.firstStepAccountId, account.id)),
    ).toEqual([]);
  });

  it(`holds at most ${LIMITS.firstStepAccounts} accounts`, async () => {
    const n = await t.db.$count(firstStepAccounts);
    const rows = Array.from({ length: LIMITS.firstStepAccounts - n }, (_, i) => ({
      id: crypto.randomUUID(),
      vendor: `Vendor ${i}`,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insert(firstStepAccounts).values(rows.slice(i, i + 200));
    const res = await admin.agent.post(catalog, vendor);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(limitReached(LIMITS.firstStepAccounts, 'First Step Accounts'));
    const page = (await (await member.agent.get(`${catalog}?pageSize=100`)).json()) as Page<unknown>;
    expect(page.items).toHaveLength(100);
    expect(page.total).toBe(LIMITS.firstStepAccounts);
  });
});
