import type { ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { Button } from './ui/button';
import { cn } from '../lib/cn';
import { formatDate, formatFileSize } from '../../shared/format';

/**
 * One stored file in a list: icon, name, date and size, and a Download link; `before` goes ahead of
 * the date (e.g. the client's name), `children` after the download (e.g. a Delete button).
 */
export function FileRow(props: {
  file: { documentName: string; createdAt: string; size: number };
  href: string;
  compact?: boolean;
  before?: ReactNode;
  /** Under the date line (e.g. a document's kind and staff's check). */
  below?: ReactNode;
  children?: ReactNode;
  'data-search-id'?: string;
}) {
  const { file, compact } = props;
  return (
    <li
      className={cn('flex items-center gap-3 px-3', compact ? 'py-1.5' : 'py-2')}
      data-search-id={props['data-search-id']}
    >
      <FileText className={cn('shrink-0 text-brand-700', compact ? 'size-4' : 'size-5')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className={cn('truncate text-sm text-gray-900', !compact && 'font-medium')} title={file.documentName}>
          {file.documentName}
        </p>
        <p className="text-xs text-gray-600">
          {props.before}
          <span className="whitespace-nowrap">{formatDate(file.createdAt)}</span> ·{' '}
          <span className="whitespace-nowrap">{formatFileSize(file.size)}</span>
        </p>
        {props.below}
      </div>
      <Button asChild variant="ghost" size="icon" aria-label={`Download ${file.documentName}`} title="Download">
        <a href={props.href} download={file.documentName}>
          <Download />
        </a>
      </Button>
      {props.children}
    </li>
  );
}
