import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Db } from '../../db/client';
import { supportAttachments } from '../../db/schema';
import { withStreamUpload, type StreamFileRule } from '../../uploads/stream-upload';
import type { NewAttachment } from './support.service';
import { FormFieldError, UploadError } from '../../uploads/upload';
import { CHAT_CONTENT_MISMATCH, checkChatUploadName, FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '../../../shared/uploads';
import { SUPPORT_MESSAGE_EMPTY, supportMessageInput } from '../../../shared/support';

export const ATTACHMENT_NOT_FOUND = 'That file was not found.';

/** Kinds recognised by content (file-type's extension) and the type each is stored and served with. */
const CHAT_KINDS: Record<string, string> = {
  pdf: 'application/pdf',
  // file-type names an OLE compound file (a .doc) 'cfb'.
  cfb: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  apng: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The stored kind each name extension must have. */
const NAME_KIND: Record<string, string[]> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  docx: ['docx'],
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
};

const chatFileRule = (clientId: string): StreamFileRule => ({
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: FILE_TOO_LARGE,
  kinds: CHAT_KINDS,
  wrongKind: CHAT_CONTENT_MISMATCH,
  key: (ext) =>
    `support/${clientId.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}/${randomUUID()}.${ext === 'cfb' ? 'doc' : ext}`,
});

/** The user's file name checked (plain, one allowed extension) and matching what the bytes are. */
export function checkAttachment(
  name: string,
  storageKey: string,
): { ok: true; name: string } | { ok: false; error: string; status: 400 | 415 } {
  const checked = checkChatUploadName(name);
  if (!checked.ok) return { ok: false, error: checked.error, status: 400 };
  const stored = storageKey.slice(storageKey.lastIndexOf('.') + 1);
  const storedKind = stored === 'doc' ? 'cfb' : stored;
  if (!NAME_KIND[checked.ext]?.includes(storedKind)) return { ok: false, error: CHAT_CONTENT_MISMATCH, status: 415 };
  return { ok: true, name: checked.name };
}

/** The upload form's text: an optional `body` (the message's limits), nothing else. */
export function checkUploadFields(fields: Record<string, string>): { body: string; error: FormFieldError | null } {
  const unexpected = Object.keys(fields).filter((k) => k !== 'body');
  if (unexpected.length)
    return { body: '', error: new FormFieldError(`Unexpected field: ${unexpected.join(', ').slice(0, 100)}`) };
  const raw = fields.body ?? '';
  if (!raw.trim()) return { body: '', error: null };
  const parsed = supportMessageInput.safeParse({ body: raw });
  if (!parsed.success)
    return { body: '', error: new FormFieldError(parsed.error.issues[0]?.message ?? SUPPORT_MESSAGE_EMPTY, 'body') };
  return { body: parsed.data.body, error: null };
}

export async function findAttachment(db: Db, clientId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(supportAttachments)
    .where(and(eq(supportAttachments.id, id), eq(supportAttachments.clientId, clientId)));
  return row ?? null;
}

/**
 * Receives the chat's upload form (`file`: pdf, doc, docx, png, jpeg, gif or webp by content, at
 * most 10 MB; an optional `body`), the file streamed to storage, then `record` with the message's
 * text and the checked attachment. Whatever fails, the file does not stay stored.
 */
export function receiveAttachmentForm<T>(
  c: Context<AppEnv>,
  clientId: string,
  record: (body: string, attachment: NewAttachment) => Promise<T>,
): Promise<T> {
  return withStreamUpload(
    c,
    { file: chatFileRule(clientId) },
    { tooLarge: FILE_TOO_LARGE, checkFields: (f) => checkUploadFields(f).error },
    async (upload) => {
      const fields = checkUploadFields(upload.fields);
      if (fields.error) throw new FormFieldError(fields.error.message, fields.error.field ?? 'body');
      const file = upload.files.file;
      if (!file) throw new UploadError(400, 'Choose a file to attach.', 'file');
      const checked = checkAttachment(file.name, file.key);
      if (!checked.ok) throw new UploadError(checked.status, checked.error, 'file');
      return record(fields.body, {
        id: randomUUID(),
        fileName: checked.name,
        storageKey: file.key,
        contentType: file.contentType,
        size: file.size,
      });
    },
  );
}
