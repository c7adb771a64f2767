import { useMemo } from 'react';
import createDOMPurify from 'dompurify';
import { sanitizeAutomationHtml } from '../../../shared/automation-html';
import { cn } from '../../lib/cn';

// An instance of our own (the shared link rule is a hook on it), loaded with this page's chunk only.
const purify = createDOMPurify(window);

/** An automation's description or notes: sanitised on save, and again here with the same allow-list. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeAutomationHtml(purify, html), [html]);
  if (!clean) return null;
  return (
    <div
      className={cn(
        'automation-html break-words text-sm text-gray-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:whitespace-pre-wrap [&_ul]:list-disc',
        className,
      )}
      // Sanitised just above with DOMPurify and the shared allow-list.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
