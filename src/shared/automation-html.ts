import type { Config, DOMPurify } from 'dompurify';

/**
 * The one allow-list for an automation's description and notes (docs/architecture.md, "User HTML"): the
 * server sanitises with it when saving, the page again when showing. Text formatting, lists,
 * headings, quotes, code and links; no styles, no classes, no images, no forms, no SVG or MathML,
 * no event handlers. Links only to http(s) and mailto, always opened in a new tab without opener.
 */
export const AUTOMATION_HTML_CONFIG = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
    'a',
  ],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
} satisfies Config;

const configured = new WeakSet<object>();

/** Adds the link rule to a DOMPurify instance (once): every link opens in a new tab with rel="noopener noreferrer". */
function withLinkRule(purify: DOMPurify) {
  if (configured.has(purify)) return purify;
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const el = node as Element;
    if (el.getAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    } else {
      el.removeAttribute('target');
      el.removeAttribute('rel');
    }
  });
  configured.add(purify);
  return purify;
}

/** Sanitises automation HTML with the allow-list; `purify` is the browser's DOMPurify or the server's (jsdom). */
export function sanitizeAutomationHtml(purify: DOMPurify, html: string): string {
  if (!html) return '';
  return String(withLinkRule(purify).sanitize(html, AUTOMATION_HTML_CONFIG)).trim();
}
