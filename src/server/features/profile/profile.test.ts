import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, businessCompliance, recentActivities, userProfiles } from '../../db/schema';
import { COMPLETE_PROFILE_TASK } from '../../../shared/profile';
import { openField } from '../../security/encrypted-column';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: { id: string; agent: TestAgent };
let admin: TestAgent;
const base = () => `/api/clients/${client.id}/profile`;
const valid = {
  businessName: 'Acme Build LLC',
  ownerSsn: '123-45-6789',
  ownerDob: 'January 1st 1980',
  agreement: 'I agree',
};

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.createSignedInUser({ role: 'client' });
  client = { id: c.user.id, agent: c.agent };
  admin = (await t.createSignedInUser({ role: 'admin', name: 'Dana Staff' })).agent;
});
afterAll(() => t?.close());

describe('business owner profile', () => {
  it('starts empty, saves with I AGREE in any case, and shows secrets only masked', async () => {
    expect(await (await client.agent.get(base())).json()).toEqual({ profile: null });
    const res = await client.agent.request('PUT', base(), { json: valid });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({
      businessName: 'Acme Build LLC',
      ownerSsnMasked: '•••• 6789',
      ownerDobMasked: '••••',
      agreementConfirmed: true,
    });
    expect(JSON.stringify(profile)).not.toContain('123-45-6789');
    expect(JSON.stringify(profile)).not.toContain('January');
  });

  it('stores SSN and DOB encrypted, bound to the row', async () => {
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, client.id));
    expect(row.ownerSsn).toMatch(/^enc:v1:/);
    expect(row.ownerDob).toMatch(/^enc:v1:/);
  });

  it('keeps stored secrets when a save leaves them out', async () => {
    const res = await client.agent.request('PUT', base(), { json: { businessName: 'Acme 2', agreement: 'I AGREE' } });
    expect((await res.json()).profile.ownerSsnMasked).toBe('•••• 6789');
  });

  it('refuses a save without the agreement text, or with too few owners for multiple', async () => {
    const noAgree = await client.agent.request('PUT', base(), { json: { ...valid, agreement: 'yes' } });
    expect(noAgree.status).toBe(400);
    expect((await noAgree.json()).error).toBe('You must type "I AGREE" exactly to proceed');
    const owners = await client.agent.request('PUT', base(), {
      json: { ...valid, ownerType: 'multiple', numberOfOwners: 1 },
    });
    expect(owners.status).toBe(400);
    expect((await owners.json()).error).toBe('Please enter 2 or more for multiple owners.');
  });

  it('refuses a name, phone or address with a line break or another control character, with 400 naming the field', async () => {
    const [before] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, client.id));
    for (const [field, label] of [
      ['ownerFirstName', 'Owner First Name'],
      ['ownerLastName', 'Owner Last Name'],
      ['businessName', 'Business Name'],
      ['businessPhone', 'Business Phone'],
      ['ownerHomeAddress', 'Owner Home Address'],
    ]) {
      for (const value of ['Eve\nERROR forged', 'Eve\u2028ERROR', 'Eve\u007f', 'Eve\u009b31m']) {
        const res = await client.agent.request('PUT', base(), { json: { ...valid, [field]: value } });
        expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(await res.json()).toEqual({
          error: `${label} must be one line, without line breaks or other control characters.`,
          field,
        });
      }
    }
    const [after] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, client.id));
    expect(after).toEqual(before);
  });

  it('accepts only an http(s) business website, since it is shown as a link', async () => {
    for (const website of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com/',
      'www.example.com',
      'https://',
    ]) {
      const res = await client.agent.request('PUT', base(), { json: { ...valid, businessWebsite: website } });
      expect(res.status, website).toBe(400);
      expect((await res.json()).error).toBe('Business Website must be a web address starting with http:// or https://');
    }
    const [before] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, client.id));
    expect(before.businessWebsite).toBe('');
    const ok = await client.agent.request('PUT', base(), {
      json: { ...valid, businessWebsite: ' https://acme.example/about ' },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).profile.businessWebsite).toBe('https://acme.example/about');
    const cleared = await client.agent.request('PUT', base(), { json: { ...valid, businessWebsite: '' } });
    expect((await cleared.json()).profile.businessWebsite).toBe('');
  });

  it('reveals a secret with no-store and records the reveal, never the value', async () => {
    const res = await client.agent.request('POST', `${base()}/reveal/ssn`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ value: '123-45-6789' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, client.id));
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'reveal', field: 'owner_ssn', actorId: client.id }),
    );
    expect(JSON.stringify(entries)).not.toContain('6789');
  });

  it("records an admin's save and reveal, which the client reads as Activity on your account", async () => {
    expect((await admin.request('PUT', base(), { json: { ...valid, businessName: 'Edited by staff' } })).status).toBe(
      200,
    );
    expect((await admin.request('POST', `${base()}/reveal/dob`)).status).toBe(200);
    const res = await client.agent.get(`/api/clients/${client.id}/audit?page=1&pageSize=2`);
    const body = await res.json();
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { action: string; actor: string }) => `${r.action} by ${r.actor}`)).toEqual([
      'reveal by Dana Staff (staff)',
      'update by Dana Staff (staff)',
    ]);
    const page2 = await (await client.agent.get(`/api/clients/${client.id}/audit?page=2&pageSize=2`)).json();
    expect(page2.rows.map((r: { action: string; actor: string }) => `${r.action} by ${r.actor}`)).toEqual([
      'reveal by You',
    ]);
  });

  it('answers 404 for a reveal when nothing is on file', async () => {
    const other = await t.createSignedInUser({ role: 'client' });
    expect((await other.agent.request('POST', `/api/clients/${other.user.id}/profile/reveal/ssn`)).status).toBe(404);
  });
});

describe('EIN on the profile', () => {
  let owner: { id: string; agent: TestAgent };
  const url = () => `/api/clients/${owner.id}/profile`;
  beforeAll(async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    owner = { id: c.user.id, agent: c.agent };
  });

  it.each(['12-345678', '123-456789', '12-34567890', 'AB-1234567', '12_3456789'])(
    'refuses %j with the format in words',
    async (ein) => {
      const res = await owner.agent.request('PUT', url(), { json: { ...valid, ein } });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('Please enter the EIN as NN-NNNNNNN');
    },
  );

  it('formats 9 digits as NN-NNNNNNN, stores it encrypted bound to the row, and answers it only masked', async () => {
    const res = await owner.agent.request('PUT', url(), { json: { ...valid, ein: ' 987654321 ' } });
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({ einMasked: '•••• 4321', hasEin: true });
    expect(JSON.stringify(profile)).not.toMatch(/987654321|98-7654321/);
    const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, owner.id));
    expect(row.ein).toMatch(/^enc:v1:/);
    expect(row.ein).not.toContain('7654321');
    // Bound to its row: the same ciphertext does not open under another client's row id.
    expect(openField(t.keyring, userProfiles.ein, owner.id, row.ein!)).toBe('98-7654321');
    expect(() => openField(t.keyring, userProfiles.ein, client.id, row.ein!)).toThrow();
  });

  it('keeps the EIN when a save leaves it out, reveals it (audited) and removes it when sent empty', async () => {
    const kept = await owner.agent.request('PUT', url(), { json: { ...valid, businessName: 'Kept' } });
    expect((await kept.json()).profile).toMatchObject({ businessName: 'Kept', einMasked: '•••• 4321' });
    const reveal = await owner.agent.request('POST', `${url()}/reveal/ein`);
    expect(reveal.status).toBe(200);
    expect(reveal.headers.get('cache-control')).toBe('no-store');
    expect(await reveal.json()).toEqual({ value: '98-7654321' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.clientId, owner.id));
    expect(entries).toContainEqual(expect.objectContaining({ action: 'reveal', field: 'ein', actorId: owner.id }));
    expect(JSON.stringify(entries)).not.toContain('7654321');
    const removed = await owner.agent.request('PUT', url(), { json: { ...valid, ein: '' } });
    expect((await removed.json()).profile).toMatchObject({ einMasked: '', hasEin: false });
    const none = await owner.agent.request('POST', `${url()}/reveal/ein`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'No EIN is on file.' });
  });

  it("another client cannot reveal the owner's EIN", async () => {
    await owner.agent.request('PUT', url(), { json: { ...valid, ein: '12-3456789' } });
    const stranger = await t.createSignedInUser({ role: 'client' });
    const res = await stranger.agent.request('POST', `${url()}/reveal/ein`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('3456789');
  });
});

describe('completion rule: Complete Your My Account Section', () => {
  const complete = {
    businessName: 'Complete Co LLC',
    businessWebsite: 'https://complete.example',
    ownerFirstName: 'Casey',
    ownerLastName: 'Client',
    ownerSsn: '123-45-6789',
    ownerDob: 'January 1st 1980',
    creditProfile: 'Delaware',
    businessStructure: 'llc',
    businessPhone: '(302) 555-0100',
    forwardPhone: '(302) 555-0101',
    businessAddress: '1 Main St, Dover, DE',
    ownerHomeAddress: '2 Home Rd, Dover, DE',
    businessEmail: 'biz@complete.example',
    forwardEmail: 'fwd@complete.example',
    ownerType: 'sole',
    numberOfOwners: 1,
    agreement: 'i agree',
  };

  async function clientWithTask() {
    const c = await t.createSignedInUser({ role: 'client' });
    await t.db
      .insert(businessCompliance)
      .values({ userId: c.user.id, taskName: COMPLETE_PROFILE_TASK, taskDueDate: new Date('2030-01-01') });
    const task = async () =>
      (await t.db.select().from(businessCompliance).where(eq(businessCompliance.userId, c.user.id)))[0];
    return { ...c, task, path: `/api/clients/${c.user.id}/profile` };
  }

  it("marks the task Completed with due date now when the client's save fills every required field", async () => {
    const c = await clientWithTask();
    const started = Date.now();
    const res = await c.agent.request('PUT', c.path, { json: complete });
    expect(res.status).toBe(200);
    expect((await res.json()).taskCompleted).toBe(true);
    const task = await c.task();
    expect(task.taskStatus).toBe('Completed');
    expect(task.taskDueDate!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(task.taskDueDate!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('leaves a recent activity like every other completion, once', async () => {
    const c = await clientWithTask();
    const activities = () => t.db.select().from(recentActivities).where(eq(recentActivities.userId, c.user.id));
    expect(await activities()).toEqual([]);
    expect((await (await c.agent.request('PUT', c.path, { json: complete })).json()).taskCompleted).toBe(true);
    // The same entry the compliance page's complete leaves (compliance.service completeTask).
    expect(await activities()).toEqual([
      expect.objectContaining({
        title: COMPLETE_PROFILE_TASK,
        notes: 'Compliance task completed.',
        status: 'Completed',
      }),
    ]);
    expect((await (await c.agent.request('PUT', c.path, { json: complete })).json()).taskCompleted).toBe(true);
    expect(await activities()).toHaveLength(1);
  });

  it('counts stored SSN and DOB when a later save leaves them out', async () => {
    const c = await clientWithTask();
    const { ownerSsn: _s, ownerDob: _d, ...withoutSecrets } = complete;
    const first = await c.agent.request('PUT', c.path, { json: withoutSecrets });
    expect((await first.json()).taskCompleted).toBe(false);
    expect((await c.task()).taskStatus).toBe('Awaiting Completion');
    await c.agent.request('PUT', c.path, {
      json: { ...withoutSecrets, ownerSsn: complete.ownerSsn, ownerDob: complete.ownerDob, businessName: '' },
    });
    expect((await c.task()).taskStatus).toBe('Awaiting Completion');
    const last = await c.agent.request('PUT', c.path, { json: withoutSecrets });
    expect((await last.json()).taskCompleted).toBe(true);
    expect((await c.task()).taskStatus).toBe('Completed');
  });

  it.each([
    ['a missing business website', { businessWebsite: '' }],
    ['a missing owner home address', { ownerHomeAddress: '' }],
    ['a missing business structure', { businessStructure: '' }],
    ['a missing state', { creditProfile: '' }],
    ['an empty SSN', { ownerSsn: '' }],
  ])('leaves the task open with %s', async (_name, change) => {
    const c = await clientWithTask();
    const res = await c.agent.request('PUT', c.path, { json: { ...complete, ...change } });
    expect(res.status).toBe(200);
    expect((await res.json()).taskCompleted).toBe(false);
    expect((await c.task()).taskStatus).toBe('Awaiting Completion');
  });

  it('rejects an invalid business email (400), so nothing completes', async () => {
    const c = await clientWithTask();
    const res = await c.agent.request('PUT', c.path, { json: { ...complete, businessEmail: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Please enter a valid email address');
    expect((await c.task()).taskStatus).toBe('Awaiting Completion');
  });

  it("does not complete the task when an admin saves the client's complete profile", async () => {
    const c = await clientWithTask();
    const res = await admin.request('PUT', c.path, { json: complete });
    expect(res.status).toBe(200);
    expect((await res.json()).taskCompleted).toBe(false);
    expect((await c.task()).taskStatus).toBe('Awaiting Completion');
  });

  it('completes the task when an admin saves their own profile', async () => {
    const a = await t.createSignedInUser({ role: 'admin' });
    await t.db.insert(businessCompliance).values({ userId: a.user.id, taskName: COMPLETE_PROFILE_TASK });
    const res = await a.agent.request('PUT', `/api/clients/${a.user.id}/profile`, { json: complete });
    expect((await res.json()).taskCompleted).toBe(true);
  });
});

describe("notice when staff change a client's contact e-mail", () => {
  const subject = 'Your contact email was changed';

  it('mails the client old and new value, escaped, when e-mail alerts are on (no users row counts as on)', async () => {
    const c = await t.createSignedInUser({ role: 'client', name: 'Casey <Client>' });
    const path = `/api/clients/${c.user.id}/profile`;
    await c.agent.request('PUT', path, {
      json: { businessEmail: 'old@biz.example', forwardEmail: 'fwd@biz.example', agreement: 'I AGREE' },
    });
    expect(await t.outbox(c.email)).toHaveLength(0); // the client's own change sends nothing
    const res = await admin.request('PUT', path, {
      json: { businessEmail: 'new@biz.example', forwardEmail: 'fwd@biz.example', agreement: 'I AGREE' },
    });
    expect(res.status).toBe(200);
    const mail = await t.lastMail(c.email, subject);
    expect(mail.text).toContain('Business email: changed from old@biz.example to new@biz.example');
    expect(mail.text).not.toContain('Forward email');
    expect(mail.html).toContain('Casey &#60;Client&#62;');
    expect(mail.html).not.toContain('<Client>');
  });

  it('sends no contact-email notice when the e-mails stay the same (the plain staff-action one instead), and no e-mail at all when the client turned e-mail alerts off', async () => {
    const c = await t.createSignedInUser({ role: 'client' });
    const path = `/api/clients/${c.user.id}/profile`;
    await admin.request('PUT', path, { json: { businessName: 'No email change', agreement: 'I AGREE' } });
    expect((await t.outbox(c.email)).map((m) => m.subject)).toEqual([
      'Total Business Build-Out - Our team updated your business owner profile',
    ]);
    await c.agent.request('PUT', `/api/clients/${c.user.id}/preferences`, {
      json: { pushAlertEnabled: true, emailAlertEnabled: false },
    });
    await admin.request('PUT', path, { json: { forwardEmail: 'changed@biz.example', agreement: 'I AGREE' } });
    expect(await t.outbox(c.email)).toHaveLength(1);
    // The bell still tells the client.
    const bell = await (await c.agent.get('/api/me/notifications')).json();
    expect(bell.notifications.map((n: { title: string }) => n.title)).toContain('Our team changed your contact email');
  });
});
