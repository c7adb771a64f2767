import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A local SMTP server collecting what it receives (no TLS, no auth). */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * The attachments of a received message, decoded: each MIME part sent as an attachment (base64, as
 * nodemailer encodes a file), with its file name (RFC 2231 continuations and encoding undone).
 */
export function attachmentsIn(raw: string): ReceivedAttachment[] {
  const found: ReceivedAttachment[] = [];
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      const split = part.indexOf('\r\n\r\n');
      if (split < 0) continue;
      const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
      if (!/^content-disposition:\s*attachment/im.test(head)) continue;
      const pieces = [...head.matchAll(/filename(?:\*(\d+))?(\*)?="?([^";\r\n]*)"?/gi)]
        .sort((x, y) => Number(x[1] ?? 0) - Number(y[1] ?? 0))
        .map((m) => (m[2] ? m[3].replace(/^[\w-]*'[\w-]*'/, '') : m[3]));
      const encoded = /filename\*(\d+\*|\*)=/i.test(head);
      const joined = pieces.join('');
      found.push({
        filename: encoded ? decodeURIComponent(joined) : joined,
        contentType: /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1].trim() ?? '',
        content: Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64'),
      });
    }
  }
  return found;
}
