import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createLogger } from '../lib/logger';
import { CONTROL_CHARACTERS } from '../../shared/text';
import { attachmentsIn, startSmtpServer } from '../test/smtp';
import { createLocalStorage } from '../storage';
import { MAIL_ATTACHMENTS } from '../../shared/limits';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { openTestDatabase, type TestDatabase } from '../test/test-db';
import { createMailer, REMOVED_BODY, type DeliveredMail } from './mailer';
import { existingAccountMail, resetPasswordMail, verificationMail } from './templates';

const FROM = 'Portal Tests <no-reply@example.test>';
const log = createLogger('silent');
const message = (to: string, subject = 'Hello') => ({
  to,
  subject,
  html: `<p>${subject}</p>`,
  text: `${subject} in text`,
});

describe('mailer and outbox', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it('delivers through SMTP and marks the outbox row sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: FROM, log });
      const to = uniqueEmail('smtp');
      const id = await mailer.send(message(to, 'Delivered subject'));
      await mailer.settle();

      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null, to });
      expect((await row(id)).sentAt).toBeInstanceOf(Date);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual([to]);
      expect(smtp.received[0].from).toBe('no-reply@example.test');
      expect(smtp.received[0].raw).toContain('Subject: Delivered subject');
      expect(smtp.received[0].raw).toContain('Delivered subject in text');
    } finally {
      await smtp.close();
    }
  });

  it("sends a message's extra headers (a digest's List-Unsubscribe), kept in the outbox for retries", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: FROM, log });
      const to = uniqueEmail('smtp');
      const headers = {
        'List-Unsubscribe': '<https://portal.example/api/digest/unsubscribe?token=abc.def>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      const id = await mailer.send({ ...message(to, 'With headers'), headers });
      await mailer.settle();
      expect((await row(id)).headers).toEqual(headers);
      // Long header lines are folded (RFC 5322): compared unfolded.
      expect(smtp.received[0].raw.replace(/\r\n[ \t]+/g, ' ')).toContain(
        'List-Unsubscribe: <https://portal.example/api/digest/unsubscribe?token=abc.def>',
      );
      expect(smtp.received[0].raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await smtp.close();
    }
  });

  it('keeps a message pending when SMTP is down, and drain() delivers it once SMTP is back', async () => {
    // A port nothing listens on: start a server to get a free port, then stop it.
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();

    const mailer = createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, log });
    const to = uniqueEmail('retry');
    const before = Date.now();
    const id = await mailer.send(message(to, 'Retried subject'));
    await mailer.settle();

    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(before + 20_000); // backed off (30 s)
    expect(await mailer.drain()).toBe(0); // not due yet

    const smtp = await startSmtpServer(port);
    try {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      expect(await mailer.drain()).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(smtp.received.map((m) => m.to)).toEqual([[to]]);
      expect(await mailer.drain()).toBe(0); // never sent twice
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and marks the row failed', async () => {
    const probe = await startSmtpServer();
    await probe.close();
    const mailer = createMailer({ db: database.db, smtpUrl: probe.url, from: FROM, log });
    const id = await mailer.send(message(uniqueEmail('doomed')));
    await mailer.settle();
    await database.db
      .update(mailOutbox)
      .set({ attempts: 7, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    expect(await mailer.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 8 });
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    expect(await mailer.drain()).toBe(0);
  });

  it("records 'logged' when no SMTP server is configured", async () => {
    const mailer = createMailer({ db: database.db, from: FROM, log });
    const id = await mailer.send(message(uniqueEmail('console')));
    await mailer.settle();
    expect(await row(id)).toMatchObject({ status: 'logged', attempts: 1, lastError: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });

  it('drops the body of a delivered sign-in link from the outbox, keeps its metadata, and prints the link in console mode', async () => {
    const infos: string[] = [];
    const delivered: DeliveredMail[] = [];
    const capture = { ...log, info: (m: string) => void infos.push(m) };
    const mailer = createMailer({ db: database.db, from: FROM, log: capture, onDelivered: (m) => delivered.push(m) });
    const to = uniqueEmail('sensitive');
    const link = 'http://localhost:3000/api/auth/reset-password/SeCrEtToKeN123?callbackURL=%2Fupdate-password';
    const id = await mailer.send(resetPasswordMail(to, link));
    const plainId = await mailer.send(existingAccountMail(to, 'http://localhost:3000/signin'));
    await mailer.settle();

    const stored = await row(id);
    expect(stored).toMatchObject({
      status: 'logged',
      to,
      subject: expect.stringContaining('Reset your password'),
      html: REMOVED_BODY,
      text: REMOVED_BODY,
    });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(JSON.stringify(stored)).not.toContain('SeCrEtToKeN123');
    // The developer still gets the link on the console, and the recipient the whole message.
    expect(infos.some((m) => m.includes(link))).toBe(true);
    expect(delivered.find((m) => m.id === id)?.text).toContain(link);
    expect(delivered.find((m) => m.id === id)?.html).not.toContain('portal:sensitive');
    // A mail without a sign-in link keeps its body.
    expect((await row(plainId)).text).toContain('/signin');
  });

  it('prints a mail in console mode on one line: a name with a line break cannot forge a log line', async () => {
    const out: string[] = [];
    for (const m of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(' ')));
    try {
      const mailer = createMailer({ db: database.db, from: FROM, log: createLogger('info', 'text') });
      const link = 'http://localhost:3000/api/auth/verify-email?token=OneLineToKeN789&callbackURL=%2Fsignin';
      // A name saved before names were checked.
      await mailer.send(
        verificationMail(uniqueEmail('eve'), 'Eve\n2026-01-01T00:00:00.000Z ERROR forged\u2028\u0085', link),
      );
      await mailer.settle();
    } finally {
      vi.restoreAllMocks();
    }
    expect(out).toHaveLength(1);
    expect(out[0]).not.toMatch(CONTROL_CHARACTERS);
    expect(out[0]).toMatch(/^\S+ INFO mail \(no SMTP_URL set, not sent\) to=/);
    // The link is still there whole, for the developer to open.
    expect(out[0]).toContain('http://localhost:3000/api/auth/verify-email?token=OneLineToKeN789&callbackURL=%2Fsignin');
    expect(out[0]).toContain('Eve\\n2026-01-01T00:00:00.000Z ERROR forged');
  });

  it('keeps a sign-in link for the retries until it is delivered, then drops it; SMTP gets the clean message', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const mailer = createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, log });
    const to = uniqueEmail('sensitive-retry');
    const link = 'http://localhost:3000/api/auth/verify-email?token=VeRiFyToKeN456&callbackURL=%2Fsignin';
    const id = await mailer.send(verificationMail(to, 'Pat', link));
    await mailer.settle();
    expect(await row(id)).toMatchObject({ status: 'pending' });
    expect((await row(id)).text).toContain(link); // still needed for the next attempt

    const smtp = await startSmtpServer(port);
    try {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      expect(await mailer.drain()).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'sent', html: REMOVED_BODY, text: REMOVED_BODY });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].raw).toContain('VeRiFyToKeN456');
      expect(smtp.received[0].raw).not.toContain('portal:sensitive');
    } finally {
      await smtp.close();
    }
  });

  it('attempts every message at once, not only at the next retry round', async () => {
    const mailer = createMailer({ db: database.db, from: FROM, log });
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await mailer.send(message(uniqueEmail('burst'), `Burst ${i}`)));
    await mailer.settle();
    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'logged'));
  });
});

describe('attachments', () => {
  let database: TestDatabase;
  let filesDir: string;
  let storage: ReturnType<typeof createLocalStorage>;
  beforeAll(async () => {
    database = await openTestDatabase();
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-mail-files-'));
    storage = createLocalStorage(filesDir);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  const store = (key: string, bytes: Buffer, contentType = 'application/pdf') =>
    storage.put(key, Readable.from([bytes]), { contentType, size: bytes.length });
  const row = async (id: number) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it('sends stored files read at delivery; one that is gone or too large is left out, the mail still goes', async () => {
    const smtp = await startSmtpServer();
    try {
      const pdf = Buffer.from('%PDF-1.7 a small test file\n');
      await store('mail-test/one.pdf', pdf);
      await store('mail-test/big.bin', Buffer.alloc(MAIL_ATTACHMENTS.maxBytes + 1), 'application/octet-stream');
      const mailer = createMailer({ db: database.db, smtpUrl: smtp.url, from: FROM, log, storage });
      const id = await mailer.send({
        ...message(uniqueEmail('attach'), 'With files'),
        attachments: [
          { key: 'mail-test/one.pdf', filename: 'Agreement - signed.pdf', contentType: 'application/pdf' },
          { key: 'mail-test/gone.pdf', filename: 'Gone.pdf', contentType: 'application/pdf' },
          { key: 'mail-test/big.bin', filename: 'Big.bin', contentType: 'application/octet-stream' },
        ],
      });
      await mailer.settle();
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
      const files = attachmentsIn(smtp.received[0].raw);
      expect(files.map((f) => [f.filename, f.contentType])).toEqual([['Agreement - signed.pdf', 'application/pdf']]);
      expect(files[0].content.equals(pdf)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('refuses more than the bound, or an attachment that is not a storage key, before storing anything', async () => {
    const mailer = createMailer({ db: database.db, from: FROM, log, storage });
    const to = uniqueEmail('too-many');
    const one = { key: 'mail-test/one.pdf', filename: 'a.pdf', contentType: 'application/pdf' };
    await expect(
      mailer.send({ ...message(to), attachments: Array.from({ length: MAIL_ATTACHMENTS.max + 1 }, () => one) }),
    ).rejects.toThrow();
    await expect(mailer.send({ ...message(to), attachments: [{ ...one, key: '../etc/passwd' }] })).rejects.toThrow();
    await expect(mailer.send({ ...message(to), attachments: [{ ...one, filename: 'a\nb.pdf' }] })).rejects.toThrow();
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);
  });

  it('names the attachments on the console when no SMTP server is configured', async () => {
    const infos: string[] = [];
    const mailer = createMailer({
      db: database.db,
      from: FROM,
      log: { ...log, info: (m: string) => void infos.push(m) },
      storage,
    });
    const id = await mailer.send({
      ...message(uniqueEmail('console-attach'), 'Console files'),
      attachments: [{ key: 'mail-test/one.pdf', filename: 'Agreement - signed.pdf', contentType: 'application/pdf' }],
    });
    await mailer.settle();
    expect(await row(id)).toMatchObject({ status: 'logged' });
    expect(infos.find((m) => m.includes('Console files'))).toContain('attachments="Agreement - signed.pdf"');
  });
});

describe('mail from the app through SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the sign-up verification mail over SMTP', async () => {
    const email = uniqueEmail('smtp-signup');
    expect((await t.signUp({ email, password: 'secret123' })).status).toBe(200);
    await t.mailer.settle();
    const [mail] = await t.outbox(email);
    expect(mail.status).toBe('sent');
    const got = smtp.received.find((m) => m.to.includes(email));
    expect(got).toBeDefined();
    expect(got!.raw).toContain('Verify your email');
    expect(got!.raw).toContain('/api/auth/verify-email');
    expect(got!.raw).not.toContain('secret123');
    // The outbox keeps who, what and when, but no longer the link.
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(stored).toMatchObject({ to: email, status: 'sent', html: REMOVED_BODY, text: REMOVED_BODY });
    expect(stored.subject).toContain('Verify your email');
  });
});
