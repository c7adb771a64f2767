import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export type StoredMail = ParsedMail & { id: number; recipients: string[]; receivedAt: string };

/** A local SMTP server that keeps every message it receives, in order, in memory. */
export async function startMailServer() {
  const mails: StoredMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks).toString('utf8'));
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          mails.push({ id: mails.length + 1, recipients, receivedAt: new Date().toISOString(), ...parsed });
          callback();
        } catch (e) {
          callback(e instanceof Error ? e : new Error(String(e)));
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mailsTo: (address: string) => mails.filter((m) => m.recipients.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;
