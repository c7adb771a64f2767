import type { Transporter } from 'nodemailer';
import { jobFailed } from '../db/unavailable';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { escapeControls, type Logger } from '../lib/logger';
import { StorageNotFoundError, type Storage } from '../storage/storage';
import { MAIL_ATTACHMENTS } from '../../shared/limits';
import { mailAttachments, type MailAttachment } from '../../shared/mail';

/** `sensitive`: the body holds a sign-in link (reset, verification), removed from the outbox once delivered. */
export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  sensitive?: boolean;
  /** Extra headers (List-Unsubscribe), stored with the row so a retry by any instance sends them. */
  headers?: Record<string, string>;
  /** Stored files sent with it (at most MAIL_ATTACHMENTS.max), read from storage when it goes out. */
  attachments?: MailAttachment[];
};
export type DeliveredMail = {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** The files that went with it (in console mode, the ones named). */
  attachments?: { filename: string; contentType: string }[];
};

// The flag travels with the stored row (so a retry by any instance honours it) as a comment at the
// start of the HTML, taken off before sending.
const SENSITIVE_MARK = '<!--portal:sensitive-->';
export const REMOVED_BODY = '[removed after delivery: it contained a sign-in link]';

/** A value as the console printer shows it: quoted, with every control character escaped. */
const quoted = (s: string) => escapeControls(JSON.stringify(s));

/**
 * The outbox row of a message, for the mailer's send and for a feature queueing one inside its own
 * transaction: its attachments checked (a bad one is a programming error, refused before anything
 * is stored).
 */
export function outboxValues({ sensitive, attachments, ...msg }: MailMessage) {
  return {
    ...msg,
    html: sensitive ? SENSITIVE_MARK + msg.html : msg.html,
    ...(attachments?.length ? { attachments: mailAttachments.parse(attachments) } : {}),
    // Due now by this process's clock, the one claim() compares with: the database's now() is
    // microsecond-precise and could fall after a millisecond Date, leaving the row unclaimed.
    nextAttemptAt: new Date(),
  };
}

/** A stored object's bytes, or null when it is larger than `max` (read no further than that). */
async function readBounded(storage: Storage, key: string, max: number): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (object.size > max) {
    object.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of object.stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > max) {
      object.stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempt - 1));

// Every message is written to the outbox first, so a crash or an SMTP outage never loses one;
// delivery is attempted at once and retried by `drain` with exponential backoff.
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: Logger;
  /** Where attachments are read from (the app's file storage). */
  storage?: Storage;
  /** Called with each message as delivered (tests read links from it; the outbox may no longer hold them). */
  onDelivered?: (mail: DeliveredMail) => void;
}) {
  const { db, log } = opts;
  // nodemailer is loaded with the first message to send, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const smtp = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(opts.smtpUrl)));
  const inFlight = new Set<Promise<unknown>>();

  async function claim(ids?: number[]) {
    const now = new Date();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, now),
          ids ? inArray(mailOutbox.id, ids) : undefined,
        ),
      )
      .limit(20)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /**
   * The row's attachments as nodemailer takes them. A file that is gone (the client deleted the
   * document) or grew past the bound is left out with a warning: the message still goes, its body
   * says where the file is. A storage that cannot be read throws, and the message is retried.
   */
  async function readAttachments(row: typeof mailOutbox.$inferSelect) {
    const listed = attachmentsOf(row);
    const files: { filename: string; contentType: string; content: Buffer }[] = [];
    for (const a of listed) {
      if (!opts.storage) throw new Error('the mailer has no storage to read attachments from');
      let content: Buffer | null;
      try {
        content = await readBounded(opts.storage, a.key, MAIL_ATTACHMENTS.maxBytes);
      } catch (e) {
        if (!(e instanceof StorageNotFoundError)) throw e;
        log.warn(`mail id=${row.id}: attachment ${quoted(a.filename)} is no longer stored, sent without it`);
        continue;
      }
      if (!content) {
        log.warn(`mail id=${row.id}: attachment ${quoted(a.filename)} is over the size limit, sent without it`);
        continue;
      }
      files.push({ filename: a.filename, contentType: a.contentType, content });
    }
    return files;
  }

  /** The attachments a row lists; a list that fails the schema (edited by hand) sends none. */
  function attachmentsOf(row: typeof mailOutbox.$inferSelect): MailAttachment[] {
    if (!row.attachments) return [];
    const parsed = mailAttachments.safeParse(row.attachments);
    if (!parsed.success) log.warn(`mail id=${row.id}: its attachments are not valid, sent without them`);
    return parsed.success ? parsed.data : [];
  }

  async function deliver(row: typeof mailOutbox.$inferSelect) {
    const sensitive = row.html.startsWith(SENSITIVE_MARK);
    const html = sensitive ? row.html.slice(SENSITIVE_MARK.length) : row.html;
    try {
      let sent: DeliveredMail['attachments'];
      if (opts.smtpUrl) {
        const files = await readAttachments(row);
        sent = files.map((f) => ({ filename: f.filename, contentType: f.contentType }));
        await (
          await smtp()
        ).sendMail({
          from: opts.from,
          to: row.to,
          subject: row.subject,
          html,
          text: row.text,
          ...(row.headers ? { headers: row.headers } : {}),
          ...(files.length ? { attachments: files } : {}),
        });
      } else {
        // Without SMTP the console is how a developer gets the link: it is printed, whatever the outbox keeps.
        // On one line, its line breaks and any other control character escaped: a value in the mail (a
        // user's name) cannot print a line that passes for one of the log's own.
        // Attachments are named, not read: the console line has no place for their bytes.
        const listed = attachmentsOf(row);
        sent = listed.map((a) => ({ filename: a.filename, contentType: a.contentType }));
        const names = listed.length ? ` attachments=${quoted(listed.map((a) => a.filename).join(', '))}` : '';
        log.info(
          `mail (no SMTP_URL set, not sent) to=${quoted(row.to)} subject=${quoted(row.subject)} text=${quoted(row.text)}${names}`,
        );
      }
      opts.onDelivered?.({
        id: row.id,
        to: row.to,
        subject: row.subject,
        html,
        text: row.text,
        ...(row.headers ? { headers: row.headers } : {}),
        ...(sent?.length ? { attachments: sent } : {}),
      });
      await db
        .update(mailOutbox)
        .set({
          status: transport ? 'sent' : 'logged',
          sentAt: new Date(),
          lastError: null,
          // Metadata stays; a delivered sign-in link has no business in the database.
          ...(sensitive ? { html: REMOVED_BODY, text: REMOVED_BODY } : {}),
        })
        .where(eq(mailOutbox.id, row.id));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const failed = row.attempts >= MAX_ATTEMPTS;
      log.warn(`mail delivery failed id=${row.id} attempt=${row.attempts}${failed ? ' (giving up)' : ''}: ${message}`);
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  async function drain(ids?: number[]) {
    const rows = await claim(ids);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  function track<T>(p: Promise<T>) {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  }

  return {
    /** Stores the message and starts its delivery; resolves once it is safely in the outbox. */
    async send(msg: MailMessage) {
      const [row] = await db.insert(mailOutbox).values(outboxValues(msg)).returning({ id: mailOutbox.id });
      track(drain([row.id]).catch(jobFailed(db, log, 'mail drain')));
      return row.id;
    },
    drain,
    /** Waits for deliveries started by `send` (tests, shutdown). */
    async settle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    startRetryLoop(intervalMs = 30_000) {
      const timer = setInterval(() => {
        track(drain().catch(jobFailed(db, log, 'mail retry')));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
