import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, socialMediaAccounts } from '../../db/schema';
import { LIMITS } from '../../../shared/limits';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: { id: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
const base = (clientId: string) => `/api/clients/${clientId}/social-accounts`;
const insta = {
  platform: '  Instagram ',
  username: 'alpha.widgets',
  password: 'Gr4m secret!',
  profileUrl: 'https://instagram.example.test/alpha',
  notes: 'Main brand account',
};

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, agent: u.agent };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Staff Admin');
});
afterAll(() => t?.close());

async function add(agent: TestAgent, clientId: string, json: unknown) {
  const res = await agent.request('POST', base(clientId), { json });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).account as { id: string; [k: string]: unknown };
}

describe('social media accounts', () => {
  it('round-trip every field; the password is sealed at rest and in no list or write response', async () => {
    const account = await add(a.agent, a.id, insta);
    expect(account).toMatchObject({
      clientId: a.id,
      platform: 'Instagram',
      username: 'alpha.widgets',
      hasPassword: true,
      profileUrl: insta.profileUrl,
      notes: 'Main brand account',
    });
    expect(JSON.stringify(account)).not.toContain('Gr4m');
    const res = await a.agent.get(base(a.id));
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('Gr4m');
    const page = JSON.parse(text);
    expect(page).toMatchObject({ total: 1, page: 1 });
    expect(page.items[0]).not.toHaveProperty('password');
    const [row] = await t.db.select().from(socialMediaAccounts).where(eq(socialMediaAccounts.id, account.id));
    expect(row.password).toMatch(/^enc:v1:/);
    expect(row.password).not.toContain('Gr4m');
  });

  it('reveal the password in clear, no-store, each reveal audited with who asked (the client and an admin)', async () => {
    const account = await add(a.agent, a.id, { ...insta, platform: 'Facebook' });
    const url = `${base(a.id)}/${account.id}/reveal/password`;
    for (const agent of [a.agent, admin.agent]) {
      const res = await agent.request('POST', url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ value: 'Gr4m secret!' });
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityId, account.id)));
    expect(entries.map((e) => [e.action, e.entityType, e.field, e.actorId]).sort()).toEqual(
      [
        ['reveal', 'social_media_account', 'password', a.id],
        ['reveal', 'social_media_account', 'password', admin.id],
      ].sort(),
    );
    // GET is no way round the POST.
    expect((await a.agent.get(url)).status).toBe(404);
  });

  it('edit keeps an omitted password and replaces a sent one; admin edits and deletes are audited', async () => {
    const account = await add(a.agent, a.id, { ...insta, platform: 'Mastodon' });
    const url = `${base(a.id)}/${account.id}`;
    const edited = await a.agent.request('PATCH', url, {
      json: { platform: 'Linkedin', username: 'alpha-inc', profileUrl: '', notes: '' },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect((await edited.json()).account).toMatchObject({
      platform: 'Linkedin',
      username: 'alpha-inc',
      profileUrl: '',
      notes: '',
      hasPassword: true,
    });
    expect(await (await a.agent.request('POST', `${url}/reveal/password`)).json()).toEqual({ value: 'Gr4m secret!' });
    expect(
      (
        await admin.agent.request('PATCH', url, {
          json: { platform: 'Linkedin', username: 'alpha-inc', password: 'n3w pass' },
        })
      ).status,
    ).toBe(200);
    expect(await (await a.agent.request('POST', `${url}/reveal/password`)).json()).toEqual({ value: 'n3w pass' });
    expect((await admin.agent.request('DELETE', url)).status).toBe(200);
    expect((await a.agent.request('DELETE', url)).status).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, account.id), eq(auditLog.actorId, admin.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['delete', 'update']);
  });

  it('refuse a missing platform, username or password and any profile URL but http(s), in plain words (nothing saved)', async () => {
    const before = await t.db.$count(socialMediaAccounts, eq(socialMediaAccounts.userId, a.id));
    const cases: [unknown, string][] = [
      [{ ...insta, platform: '  ' }, 'Enter the platform.'],
      [{ ...insta, username: '' }, 'Enter the username.'],
      [{ ...insta, password: '' }, 'Enter the password.'],
      [{ platform: 'X', username: 'y' }, 'Password must be text.'],
      [
        { ...insta, profileUrl: 'javascript:alert(document.cookie)' },
        'Profile URL must be a web address starting with http:// or https://',
      ],
      [
        { ...insta, profileUrl: 'JavaScript:alert(1)' },
        'Profile URL must be a web address starting with http:// or https://',
      ],
      [
        { ...insta, profileUrl: 'data:text/html,<script>alert(1)</script>' },
        'Profile URL must be a web address starting with http:// or https://',
      ],
      [
        { ...insta, profileUrl: 'instagram.com/alpha' },
        'Profile URL must be a web address starting with http:// or https://',
      ],
      [{ ...insta, secret: 1 }, 'Unexpected field: secret'],
    ];
    for (const [json, error] of cases) {
      const res = await a.agent.request('POST', base(a.id), { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    const account = await add(a.agent, a.id, { ...insta, platform: 'Youtube' });
    const patch = await a.agent.request('PATCH', `${base(a.id)}/${account.id}`, {
      json: { ...insta, profileUrl: 'javascript:alert(1)' },
    });
    expect(patch.status).toBe(400);
    expect(await t.db.$count(socialMediaAccounts, eq(socialMediaAccounts.userId, a.id))).toBe(before + 1);
  });

  it("client B cannot list, edit, delete or reveal client A's account (404); nothing changes, nothing audited", async () => {
    const account = await add(a.agent, a.id, { ...insta, platform: 'Twitter' });
    for (const [method, path] of [
      ['GET', base(a.id)],
      ['PATCH', `${base(a.id)}/${account.id}`],
      ['DELETE', `${base(a.id)}/${account.id}`],
      ['POST', `${base(a.id)}/${account.id}/reveal/password`],
      // B on B's own client id, naming A's account (IDOR).
      ['PATCH', `${base(b.id)}/${account.id}`],
      ['DELETE', `${base(b.id)}/${account.id}`],
      ['POST', `${base(b.id)}/${account.id}/reveal/password`],
    ] as const) {
      const res = await b.agent.request(
        method,
        path,
        method === 'PATCH' ? { json: { ...insta, username: 'bravo-took-it' } } : {},
      );
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toContain('Gr4m');
    }
    const [row] = await t.db.select().from(socialMediaAccounts).where(eq(socialMediaAccounts.id, account.id));
    expect(row.username).toBe('alpha.widgets');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, b.id))).toEqual([]);
  });

  it(`stop at ${LIMITS.socialAccounts} per client with the limit in words`, async () => {
    const c = await t.createSignedInUser();
    const first = await add(c.agent, c.user.id, insta);
    const [row] = await t.db.select().from(socialMediaAccounts).where(eq(socialMediaAccounts.id, first.id));
    await t.db
      .insert(socialMediaAccounts)
      .values(Array.from({ length: LIMITS.socialAccounts - 1 }, () => ({ ...row, id: randomUUID(), password: null })));
    const res = await c.agent.request('POST', base(c.user.id), { json: insta });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(
      `You have reached the limit of ${LIMITS.socialAccounts} social media accounts. Delete some you no longer need, or contact support.`,
    );
    expect(await t.db.$count(socialMediaAccounts, eq(socialMediaAccounts.userId, c.user.id))).toBe(
      LIMITS.socialAccounts,
    );
  });
});
