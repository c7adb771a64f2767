// Just enough MIME to read what nodemailer sends: headers, multipart bodies, quoted-printable
// and base64 transfer encodings, RFC 2047 encoded words in the subject.

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return m?.[1];
}

export function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function collect(part: Part, out: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) return;
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      collect(splitPart(chunk.replace(/^\r?\n/, '')), out);
    }
  } else if (/^text\/html/i.test(type)) {
    out.html ||= decodeBody(part);
  } else if (/^text\/plain/i.test(type)) {
    out.text ||= decodeBody(part);
  }
}

export type ParsedMail = { from: string; to: string; subject: string; text: string; html: string };

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const out = { text: '', html: '' };
  collect(top, out);
  return {
    from: top.headers.get('from') ?? '',
    to: top.headers.get('to') ?? '',
    subject: decodeEncodedWords(top.headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
  };
}
