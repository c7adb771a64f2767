import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { cn } from '../lib/cn';
import { uploadWithProgress, type UploadTarget } from '../lib/file-requests';
import { checkUploadName, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from '../../shared/uploads';

/** The bar shown while an upload is in flight. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={`Uploading: ${percent}%`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
    >
      <div
        className="h-full rounded-full bg-brand-700 transition-[width]"
        style={{ width: `${Math.max(percent, 3)}%` }}
      />
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
  target,
  fields = {},
  disabled,
  disabledReason,
  onUploaded,
}: {
  label: string;
  target: UploadTarget<T>;
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
    const result = await uploadWithProgress(target, file, fields, setProgress);
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
          <span className="text-xs text-gray-600">
            {disabled && disabledReason ? disabledReason : 'PDF, DOC or DOCX, max 10MB'}
          </span>
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
