import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Download, Lock, Upload } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { UploadProgress } from '../../components/file-upload';
import { uploadWithProgress } from '../../lib/file-requests';
import { bookLockedMessage, type BookRow } from '../../../shared/books';
import { JOIN_LINK, JOIN_LINK_LABEL } from '../../../shared/membership-rules';
import { MAX_UPLOAD_BYTES, FILE_TOO_LARGE } from '../../../shared/uploads';
import { formatDate, formatFileSize } from '../../../shared/format';
import { cn } from '../../lib/cn';
import { bookKeys, bookUpload } from './api';

const covers: Record<number, string> = {
  1: 'from-brand-800 to-brand-600',
  2: 'from-emerald-800 to-emerald-600',
  3: 'from-amber-800 to-amber-600',
  4: 'from-violet-800 to-violet-600',
};

/** One book: a cover-like block, title, description, and Download or the reason it is locked. */
export function BookCard({
  book,
  isAdmin,
  downloading,
  onDownload,
}: {
  book: BookRow;
  isAdmin: boolean;
  downloading: boolean;
  onDownload: () => void;
}) {
  const titleId = useId();
  const [, subtitle] = book.title.split(': ');
  return (
    <Card role="region" aria-labelledby={titleId} className="flex min-w-0 flex-col overflow-hidden">
      <div
        className={cn(
          'relative flex aspect-[4/3] flex-col justify-between bg-gradient-to-br p-5 text-white',
          covers[book.volume],
        )}
        aria-hidden="true"
      >
        <span className="text-xs font-semibold uppercase tracking-widest text-white/90">The Secret to Wealth</span>
        <span className="text-5xl font-bold">{book.volume}</span>
        <span className="text-sm font-medium text-white/95">{subtitle}</span>
        {book.locked && (
          <span className="absolute right-3 top-3 rounded-full bg-black/40 p-2">
            <Lock className="size-4" />
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              book.free ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900',
            )}
          >
            {book.free ? 'Free' : 'Members'}
          </span>
          <span className="text-xs text-gray-600">PDF · {formatFileSize(book.size)}</span>
        </div>
        <h2 id={titleId} className="text-base font-semibold text-gray-900">
          {book.title}
        </h2>
        <p className="flex-1 text-sm text-gray-600">{book.description}</p>
        {book.locked ? (
          <div className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="flex items-start gap-2">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{bookLockedMessage(book.volume)}</span>
            </p>
            <Link
              to={JOIN_LINK}
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700"
            >
              See {JOIN_LINK_LABEL}
            </Link>
          </div>
        ) : (
          <Button onClick={onDownload} disabled={downloading} aria-label={`Download Volume ${book.volume}`}>
            <Download /> {downloading ? 'Downloading...' : 'Download'}
          </Button>
        )}
        {isAdmin && <ReplaceBook book={book} />}
      </div>
    </Card>
  );
}

/** Admins: upload a replacement PDF for the volume (the server checks the content again). */
function ReplaceBook({ book }: { book: BookRow }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const queryClient = useQueryClient();

  async function onChange(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > MAX_UPLOAD_BYTES) return void toast.error(FILE_TOO_LARGE);
    if (!/\.pdf$/i.test(file.name)) return void toast.error('A book must be a PDF file.');
    setProgress(0);
    const result = await uploadWithProgress(bookUpload(book.volume), file, {}, setProgress);
    setProgress(null);
    if (result.ok) {
      toast.success(`Volume ${book.volume} replaced with ${result.body.book.fileName}.`);
      void queryClient.invalidateQueries({ queryKey: bookKeys.all });
    } else toast.error(result.error);
  }

  return (
    <div className="flex flex-col gap-2 border-t border-gray-100 pt-3">
      <p className="text-xs text-gray-600">
        {book.replaced && book.updatedAt
          ? `Replaced on ${formatDate(book.updatedAt)}: ${book.fileName}`
          : 'The original edition.'}
      </p>
      <Button variant="outline" size="sm" disabled={progress !== null} onClick={() => input.current?.click()}>
        <Upload /> {progress !== null ? 'Uploading...' : `Replace Volume ${book.volume} PDF`}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".pdf,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Replacement PDF for Volume ${book.volume}`}
        onChange={(e) => void onChange(e.target.files?.[0])}
      />
      {progress !== null && <UploadProgress percent={progress} />}
    </div>
  );
}
