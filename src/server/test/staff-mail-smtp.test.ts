import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { startSmtpServer } from './smtp';

// The staff and client e-mails, captured from a real SMTP server rather than the outbox.
describe('e-mails over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'staff-smtp@example.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const to = (addr: string) => smtp.received.filter((m) => m.to.includes(addr));
  // nodemailer folds long headers and wraps long lines (quoted-printable soft breaks): undo both.
  const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

  it('delivers the new-client notice and the program request to the staff address', async () => {
    const c = await t.createSignedInUser({ name: 'Smtp Client' });
    expect((await c.agent.request('POST', '/api/me/setup')).status).toBe(201);
    const req = await c.agent.request('POST', `/api/clients/${c.user.id}/program-requests`, {
      json: { programId: 'standard', note: 'Call me' },
    });
    expect(req.status).toBeLessThan(300);
    await t.mailer.settle();
    const staff = to('staff-smtp@example.test');
    expect(staff).toHaveLength(2);
    expect(body(staff[0].raw)).toContain(c.email);
    expect(body(staff[1].raw)).toContain(
      'Subject: Total Business Build-Out - Payment Request for Standard Business Build-Out Program',
    );
    expect(body(staff[1].raw)).toContain('$1,600/month for 2 months, TOTAL $3,200');
    expect(body(staff[1].raw)).toContain('Call me');
  });

  it("delivers the admin's e-mail-change notice to the client", async () => {
    const c = await t.createSignedInUser({ name: 'Notice Client' });
    const admin = await t.createSignedInUser({ role: 'admin' });
    const path = `/api/clients/${c.user.id}/profile`;
    expect(
      (await admin.agent.request('PUT', path, { json: { businessEmail: 'old@example.test', agreement: 'I AGREE' } }))
        .status,
    ).toBe(200);
    expect(
      (await admin.agent.request('PUT', path, { json: { businessEmail: 'new@example.test', agreement: 'I AGREE' } }))
        .status,
    ).toBe(200);
    await t.mailer.settle();
    const mails = to(c.email.toLowerCase());
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(body(mails[mails.length - 1].raw)).toContain('new@example.test');
  });
});
