import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { programRequests } from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: { id: string; email: string; agent: TestAgent };
let b: { id: string; agent: TestAgent };
const STAFF = 'staff-desk@example.test';
const path = (clientId: string) => `/api/clients/${clientId}/program-requests`;

beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAIL: STAFF });
  const ua = await t.createSignedInUser({ role: 'client', name: 'Ana <b>Bold</b>' });
  a = { id: ua.user.id, email: ua.email, agent: ua.agent };
  const ub = await t.createSignedInUser({ role: 'client' });
  b = { id: ub.user.id, agent: ub.agent };
});
afterAll(() => t?.close());

describe('program requests', () => {
  it('mails staff the request with client, program, plan and note (escaped), and records it', async () => {
    const res = await a.agent.post(path(a.id), { programId: 'advanced', note: 'Call me after 5pm <please> & thanks' });
    expect(res.status).toBe(201);
    const mail = await t.lastMail(STAFF, 'Payment Request');
    expect(mail.subject).toBe('Total Business Build-Out - Payment Request for Advanced Business Build-Out Program');
    for (const part of [
      a.id,
      a.email,
      'Advanced Business Build-Out Program',
      '$1,635/month for 3 months, TOTAL $4,900',
      'contact the client with payment instructions',
    ]) {
      expect(mail.html).toContain(part);
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('exceed $12,400');
    expect(mail.html).toContain('Call me after 5pm &#60;please&#62; &#38; thanks');
    expect(mail.html).toContain('Ana &#60;b&#62;Bold&#60;/b&#62;');
    expect(mail.html).not.toContain('<please>');
    expect(mail.html).not.toContain('<b>Bold');
    const rows = await t.db.select().from(programRequests).where(eq(programRequests.userId, a.id));
    expect(rows).toEqual([
      expect.objectContaining({ programId: 'advanced', note: 'Call me after 5pm <please> & thanks' }),
    ]);
  });

  it('takes the note as optional', async () => {
    const res = await a.agent.post(path(a.id), { programId: 'standard' });
    expect(res.status).toBe(201);
    const mail = await t.lastMail(STAFF, 'Standard Business Build-Out Program');
    expect(mail.text).toContain('$1,600/month for 2 months, TOTAL $3,200');
    expect(mail.text).toContain('The client left no note.');
  });

  it('rejects an unknown program or an over-long note (400) and records nothing', async () => {
    const before = (await t.db.select().from(programRequests)).length;
    const bad = await a.agent.post(path(a.id), { programId: 'platinum' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Please select a program.');
    const long = await a.agent.post(path(a.id), { programId: 'standard', note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe('The note can be at most 2000 characters.');
    expect((await t.db.select().from(programRequests)).length).toBe(before);
  });

  it("refuses a request on another client's id (404)", async () => {
    const res = await b.agent.post(path(a.id), { programId: 'enterprise' });
    expect(res.status).toBe(404);
    expect(await t.db.select().from(programRequests).where(eq(programRequests.userId, b.id))).toEqual([]);
  });

  it('answers 502 with the original product message and records nothing when the mail cannot be queued', async () => {
    const spy = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('outbox down'));
    try {
      const res = await b.agent.post(path(b.id), { programId: 'enterprise' });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: 'Failed to send payment request. Please try again.' });
      expect(await t.db.select().from(programRequests).where(eq(programRequests.userId, b.id))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
