import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { NO_TEMPLATE, templateInput } from '../../../shared/web-presence';
import { getTemplate, saveTemplate } from './website-template.service';

/**
 * The policy the saved HTML is served under: nothing may load from anywhere (images only as data:
 * URLs, styles only inline), no script, no forms, no plugins, and the document is sandboxed even
 * when opened on its own. Only the portal's own pages may frame it.
 */
export const TEMPLATE_FRAME_CSP = [
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline'",
  'font-src data:',
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const emptyFrame = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Website template</title></head><body><p>${escapeHtml(NO_TEMPLATE)}</p></body></html>`;

/** /api/clients/:clientId/website-template: the client's own (or, for an admin, the named client's). */
export const websiteTemplateRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => c.json({ template: await getTemplate(c.var.deps.db, c.var.scope.clientId) }))
  .put('/', access('own'), validate('json', templateInput), async (c) => {
    const template = await saveTemplate(c.var.deps.db, c.var.scope, c.req.valid('json').htmlCode);
    return c.json({ template });
  })
  // The saved HTML as a document for the page's <iframe sandbox>: its own CSP (the app-wide one
  // would let it load the portal's scripts), framed by the portal only, never sniffed as anything else.
  .get('/frame', access('own'), async (c) => {
    const template = await getTemplate(c.var.deps.db, c.var.scope.clientId);
    return c.body(template?.htmlCode ?? emptyFrame, 200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': TEMPLATE_FRAME_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  });
