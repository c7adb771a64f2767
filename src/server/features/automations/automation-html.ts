import type { DOMPurify } from 'dompurify';
import { sanitizeAutomationHtml } from '../../../shared/automation-html';

let purify: Promise<DOMPurify> | null = null;

/** DOMPurify on a jsdom window, loaded on first use (jsdom is large; most requests never need it). */
function loadPurify() {
  purify ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    return createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  })().catch((err: unknown) => {
    purify = null;
    throw err;
  });
  return purify;
}

/** An automation's description or notes as stored: sanitised with the shared allow-list (DOMPurify on jsdom). */
export async function cleanAutomationHtml(html: string): Promise<string> {
  if (!html) return '';
  return sanitizeAutomationHtml(await loadPurify(), html);
}
