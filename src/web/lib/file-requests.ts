import type { ClientResponse } from 'hono/client';
import type { SuccessBody } from './api-client';
import { gatedFetch } from './api-gate';
import { apiErrorFrom } from './api-error';

// File transfers, which the typed client (api-client.ts) is not for: it reads every answer as JSON,
// while these send multipart forms with upload progress or take a file back. Event streams are
// opened by EventSource in their hooks, on addresses from the typed client's `$path`.

/**
 * Fetches a file through the sign-out gate. A refusal throws an ApiError with the server's
 * sentence, else `failure`.
 */
export async function fetchFile(url: string, init: RequestInit = {}, failure?: string): Promise<Response> {
  const res = await gatedFetch(url, init);
  if (!res.ok) throw apiErrorFrom(await res.json().catch(() => ({})), res.status, failure);
  return res;
}

/** A refusal carries the answer's status (0 when none came) and the form field it names, if any. */
export type UploadResult<T> = { ok: true; body: T } | { ok: false; error: string; status: number; field?: string };

/** Where a multipart form goes, typed with what its route answers on success (`answer` is never set). */
export type UploadTarget<T> = { url: string; answer?: T };

/** The upload target of a multipart route of the typed client, e.g. `uploadTarget(api.books[':volume'].upload, { param })`. */
export const uploadTarget = <A, R extends ClientResponse<unknown, number, string>>(
  route: { $post: (args: A, ...options: never[]) => Promise<R>; $path: (args: A) => string },
  args: A,
): UploadTarget<SuccessBody<R>> => ({ url: route.$path(args) });

/** POSTs a multipart form (any fields and files), reporting upload progress (fetch cannot). */
export function uploadFormWithProgress<T>(
  target: UploadTarget<T>,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: string; field?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ ok: true, body });
      else
        resolve({
          ok: false,
          error: body?.error || `Upload failed (${xhr.status}). Please try again.`,
          status: xhr.status,
          field: typeof body?.field === 'string' ? body.field : undefined,
        });
    };
    xhr.onerror = () =>
      resolve({ ok: false, error: 'The upload failed. Check your connection and try again.', status: 0 });
    xhr.send(form);
  });
}

/** POSTs one file (as `file`) with some text fields, reporting upload progress. */
export function uploadWithProgress<T>(
  target: UploadTarget<T>,
  file: File,
  fields: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<UploadResult<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return uploadFormWithProgress(target, form, onProgress);
}
