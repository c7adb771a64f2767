import type { ReactNode } from 'react';

// http(s) addresses only: anything else (javascript:, data:, mailto:) stays plain text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address ("see https://example.com.").
const TRAILING = /[.,;:!?)\]}]+$/;

/** A message's text as text (never HTML), with its http(s) addresses clickable in a new tab. */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a
        key={start}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all underline underline-offset-2"
      >
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <p className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{parts}</p>;
}
