import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { formatBytes } from '../../../shared/format';
import { MAX_AUTOMATION_IMAGE_BYTES, WRONG_AUTOMATION_IMAGE } from '../../../shared/automations';
import { IMAGE_KINDS } from '../../uploads/image-kinds';
import { withStreamUpload, type StoredUploadFile } from '../../uploads/stream-upload';
import { FormFieldError, UploadError } from '../../uploads/upload';

export const IMAGE_TOO_LARGE = `The image is too large: it can be at most ${formatBytes(MAX_AUTOMATION_IMAGE_BYTES)}.`;

const imageRule = {
  maxBytes: MAX_AUTOMATION_IMAGE_BYTES,
  tooLarge: IMAGE_TOO_LARGE,
  kinds: IMAGE_KINDS,
  wrongKind: WRONG_AUTOMATION_IMAGE,
  key: (ext: string) => `automations/${randomUUID()}.${ext}`,
};

/**
 * Receives the one file `image` (PNG, JPEG, WebP or GIF by content; at most 5 MB) into storage,
 * then `record` with it. Whatever fails, including `record`, the stored file is removed.
 */
export const receiveAutomationImage = <T>(c: Context<AppEnv>, record: (image: StoredUploadFile) => Promise<T>) =>
  withStreamUpload(c, { image: imageRule }, { tooLarge: IMAGE_TOO_LARGE }, async (upload) => {
    const image = upload.files.image;
    if (Object.keys(upload.files).length > (image ? 1 : 0) || Object.keys(upload.fields).length)
      throw new UploadError(400, 'Send only the file `image`.');
    if (!image) throw new FormFieldError('Choose an image to upload.', 'image');
    return record(image);
  });
