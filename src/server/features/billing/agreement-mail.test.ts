import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDocuments, mailOutbox } from '../../db/schema';
import { attachmentsIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ProgramAgreement } from '../../../shared/billing';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal Tests <no-reply@example.test>' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('the signed agreement by e-mail', () => {
  it('goes to the client with the filed PDF attached, read from storage when the mail is sent', async () => {
    const { a } = await t.clientsAndAdmin({ a: 'Ana Client' });
    const current = (await (
      await a.agent.get(`/api/clients/${a.id}/agreement?programId=standard`)
    ).json()) as ProgramAgreement;
    const res = await a.agent.post(`/api/clients/${a.id}/agreements`, {
      programId: 'standard',
      templateId: current.template.id,
      fullName: 'Ana Client',
      consent: true,
    });
    expect(res.status).toBe(201);
    const { agreement } = await res.json();

    // Queued in the signing's transaction; the retry loop (here: drain) sends it.
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email.toLowerCase()));
    const [doc] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.id, agreement.documentId));
    expect(queued.attachments).toEqual([
      {
        key: doc.storageKey,
        filename: expect.stringMatching(/^Service Agreement - .+\.pdf$/),
        contentType: 'application/pdf',
      },
    ]);
    await t.mailer.drain();
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id)))[0].status).toBe('sent');

    const got = smtp.received.find((m) => m.to.includes(a.email.toLowerCase()));
    expect(got).toBeDefined();
    const files = attachmentsIn(got!.raw);
    expect(files).toHaveLength(1);
    expect(files[0].filename).toBe(queued.attachments![0].filename);
    expect(files[0].contentType).toBe('application/pdf');
    // The bytes the client got are the document filed in Business Documents.
    const download = await a.agent.get(`/api/clients/${a.id}/documents/${doc.id}/download`);
    const filed = Buffer.from(await download.arrayBuffer());
    expect(sha256(files[0].content)).toBe(sha256(filed));
    expect(files[0].content.subarray(0, 4).toString()).toBe('%PDF');
    // The body still carries the fingerprint of the signed text.
    expect(got!.raw.replace(/=\r\n/g, '')).toContain(agreement.sha256);
  });
});
