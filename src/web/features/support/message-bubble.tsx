import { Check, CheckCheck, Paperclip } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDateTime, formatFileSize } from '../../../shared/format';
import type { SupportMessage } from '../../../shared/support';
import { supportUrls } from './api';
import { MessageText } from './message-text';

/** One message: the reader's own on the right, the other side's on the left, with who, when and (own ones) whether it was read. */
export function MessageBubble({
  message,
  own,
  readByOther,
}: {
  message: SupportMessage;
  own: boolean;
  readByOther: boolean;
}) {
  const attachment = message.attachment;
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')} data-message-id={message.id}>
      <div
        className={cn(
          'flex max-w-[85%] flex-col gap-2 rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]',
          own ? 'rounded-br-sm bg-brand-800 text-white' : 'rounded-bl-sm border border-gray-200 bg-white text-gray-900',
        )}
      >
        {message.body && <MessageText text={message.body} />}
        {attachment && (
          <a
            href={supportUrls.download(message.clientId, attachment.id)}
            download={attachment.fileName}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-lg px-2.5 py-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-1',
              own
                ? 'bg-brand-900/60 hover:bg-brand-900 focus-visible:ring-white'
                : 'bg-gray-100 hover:bg-gray-200 focus-visible:ring-brand-600',
            )}
          >
            <Paperclip aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0">
              <span className="sr-only">Download </span>
              <span className="block truncate font-medium">{attachment.fileName}</span>
              <span className={cn('block text-xs', own ? 'text-brand-100' : 'text-gray-600')}>
                {formatFileSize(attachment.size)}
              </span>
            </span>
          </a>
        )}
      </div>
      <p className="flex items-center gap-1 px-1 text-xs text-gray-600">
        <span>{message.authorName}</span>
        <span aria-hidden>·</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {own &&
          (readByOther ? (
            <CheckCheck role="img" aria-label="Read" className="size-4 text-brand-700" />
          ) : (
            <Check role="img" aria-label="Sent" className="size-4 text-gray-500" />
          ))}
      </p>
    </li>
  );
}
