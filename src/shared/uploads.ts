// Rules for uploaded documents, shared by the browser (checks before sending) and the server
// (which checks again, and checks the content too).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File is too large. The maximum size is 10 MB.';
export const UPLOAD_ACCEPT = '.pdf,.doc,.docx';
export const documentExtensions = ['pdf', 'doc', 'docx'] as const;
export type DocumentExtension = (typeof documentExtensions)[number];
export const ONLY_DOCUMENTS = 'Only PDF, DOC and DOCX files are allowed.';
export const CONTENT_MISMATCH =
  'The file’s content does not match its type. Only real PDF, DOC and DOCX files are allowed.';
export const BAD_FILE_NAME = 'The file name is not allowed. Use a plain name such as report.pdf.';
export const DOUBLE_EXTENSION = 'The file name has more than one extension. Rename it, for example to report.pdf.';
export const INVISIBLE_CHARACTERS =
  'The file name contains invisible or text-direction characters that can disguise its real type. Rename it, for example to report.pdf.';

// Unicode format characters (category Cf): the bidi controls U+202A-U+202E and U+2066-U+2069,
// which show "invoice\u202Efdp.exe" as "invoiceexe.pdf", the zero-width characters and direction
// marks U+200B-U+200F, U+FEFF, the soft hyphen and the like. All are invisible in a name.
const invisible = /\p{Cf}/u;

export const contentTypes: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

// Inner "extensions" that make a name like report.php.pdf look like something else.
const executable = new Set(
  'exe com bat cmd scr msi dll sh bash ps1 psm1 vbs vbe js mjs cjs jse wsf wsh hta jar app apk py pyc pl rb cgi php php3 php4 php5 php7 phtml phar asp aspx jsp jspx html htm xhtml shtml svg xml swf lnk reg'.split(
    ' ',
  ),
);

/** The document extension of an uploaded file's name, or the reason the name is refused. */
export function checkUploadName(
  raw: string,
): { ok: true; ext: DocumentExtension; name: string } | { ok: false; error: string } {
  return checkNameAgainst(raw, documentExtensions, ONLY_DOCUMENTS);
}

// Support Chat attachments: the document kinds plus pictures (never SVG, which can carry script).
export const chatExtensions = ['pdf', 'doc', 'docx', 'png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export type ChatExtension = (typeof chatExtensions)[number];
export const CHAT_UPLOAD_ACCEPT = '.pdf,.doc,.docx,.png,.jpg,.jpeg,.gif,.webp';
export const ONLY_CHAT_FILES = 'Only PDF, DOC, DOCX, PNG, JPEG, GIF and WebP files can be attached.';
export const CHAT_CONTENT_MISMATCH =
  'The file’s content does not match its type. Only real PDF, DOC, DOCX, PNG, JPEG, GIF and WebP files can be attached.';

/** A chat attachment's extension from its name (the document rules, pictures allowed too). */
export function checkChatUploadName(
  raw: string,
): { ok: true; ext: ChatExtension; name: string } | { ok: false; error: string } {
  return checkNameAgainst(raw, chatExtensions, ONLY_CHAT_FILES);
}

function checkNameAgainst<E extends string>(
  raw: string,
  allowed: readonly E[],
  refusal: string,
): { ok: true; ext: E; name: string } | { ok: false; error: string } {
  const name = raw.trim();
  if (invisible.test(raw)) return { ok: false, error: INVISIBLE_CHARACTERS };
  if (
    !name ||
    name.length > 200 ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    /[/\\\u0000-\u001f\u007f]/.test(name) ||
    name.includes('..') ||
    name.startsWith('.')
  )
    return { ok: false, error: BAD_FILE_NAME };
  const parts = name.split('.');
  const ext = parts.length > 1 ? parts[parts.length - 1].toLowerCase() : '';
  if (!(allowed as readonly string[]).includes(ext)) return { ok: false, error: refusal };
  if (parts.slice(1, -1).some((p) => executable.has(p.toLowerCase().trim())))
    return { ok: false, error: DOUBLE_EXTENSION };
  return { ok: true, ext: ext as E, name };
}
