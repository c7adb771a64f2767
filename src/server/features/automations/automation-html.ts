import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { sanitizeAutomationHtml } from '../../../shared/automation-html';

let purify: DOMPurify | null = null;

/** An automation's description or notes as stored: sanitised with the shared allow-list (DOMPurify on jsdom). */
export function cleanAutomationHtml(html: string): string {
  purify ??= createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  return sanitizeAutomationHtml(purify, html);
}
