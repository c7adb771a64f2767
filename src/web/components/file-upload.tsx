import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { cn } from '../lib/cn';
import { checkUploadName, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '../../shared/uploads';

type UploadResult<T> = { ok: true; body: T } | { ok: false; error: string };

/** POSTs a multipart form (any fields and files), reporting upload progress (fetch cannot). */
export function uploadFormWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ ok: true, body });
      else resolve({ ok: false, error: body?.error || `Upload failed (${xhr.status}). Please try again.` });
    };
    xhr.onerror = () => resolve({ ok: false, error: 'The upload failed. Check your connection and try again.' });
    xhr.send(form);
  });
}

/** POSTs one file (as `file`) with some text fields, reporting upload progress. */
export function uploadWithProgress<T>(url: string, file: File, fields: Record<string, string>, onProgress: (percent: number) => void): Promise<UploadResult<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return uploadFormWithProgress<T>(url, form, onProgress);
}

/** The bar shown while an upload is in flight. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div role="progressbar" aria-label={`Uploading: ${percent}%`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-gray-200">
      <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${Math.max(percent, 3)}%` }} />
    </div>
  );
}

/** The browser's own check before sending: the server checks again, and the content too. */
export function checkFileBeforeUpload(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  const name = checkUploadName(file.name);
  return name.ok ? null : name.error;
}

/**
 * One .pdf, .doc or .docx of at most 10 MB, uploaded as soon as it is chosen, with a progress bar.
 * Reused by every screen that attaches documents (business documents, receivables, purchase orders).
 */
export function FileUpload<T>({
  label,
  url,
  fields = {},
  disabled,
  disabledReason,
  onUploaded,
}: {
  label: string;
  url: string;
  fields?: Record<string, string>;
  disabled?: boolean;
  disabledReason?: string;
  onUploaded: (body: T, file: File) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = progress !== null;

  async function onChange(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkFileBeforeUpload(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    const result = await uploadWithProgress<T>(url, file, fields, setProgress);
    setProgress(null);
    if (result.ok) onUploaded(result.body, file);
    else setError(result.error);
  }

  const off = disabled || uploading;
  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-3 text-sm text-gray-700 transition-colors hover:border-brand-400 hover:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-600',
          off && 'cursor-not-allowed opacity-60 hover:border-gray-300 hover:bg-gray-50',
        )}
      >
        <Upload className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="flex flex-col">
          <span className="font-medium text-gray-900">{uploading ? 'Uploading...' : label}</span>
          <span className="text-xs text-gray-600">{disabled && disabledReason ? disabledReason : 'PDF, DOC or DOCX, max 10MB'}</span>
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          disabled={off}
          onChange={(e) => void onChange(e.target.files?.[0])}
        />
      </label>
      {uploading && <UploadProgress percent={progress} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
