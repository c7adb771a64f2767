import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { serverFiles } from '../../lib/paths';
import { staffNoticeLimit } from '../../middleware/staff-notice-limit';
import { SEND_NOTIFICATION_FAILED } from '../../../shared/dashboard';
import { completeFreeGuide, contactSupport, getBuildOut } from './dashboard.service';

// Shipped next to this file (a hand-written PDF of build-out advice); read once, on first use.
let guide: Uint8Array | null = null;
const freeGuide = () => (guide ??= new Uint8Array(readFileSync(serverFiles.freeGuide)));
export const FREE_GUIDE_FILENAME = 'build-out-free-guide.pdf';

/** GET /api/clients/:clientId/build-out: the timeline banner's day, dots and progress. */
export const buildOutRoutes = new Hono<AppEnv>().get('/', access('own'), async (c) =>
  c.json(await getBuildOut(c.var.deps.db, c.var.scope.clientId)),
);

/** POST /api/clients/:clientId/contact-support: mails staff and completes the Contact Support task. */
export const contactSupportRoutes = new Hono<AppEnv>().post('/', access('own'), staffNoticeLimit, async (c) => {
  const result = await contactSupport(c.var.deps, c.var.scope);
  if (result === 'no_task') return c.json({ error: 'The Contact Support task was not found.' }, 404);
  if (result === 'mail_failed') return c.json({ error: SEND_NOTIFICATION_FAILED }, 502);
  return c.json({ completed: true as const });
});

/**
 * /api/clients/:clientId/free-guide. GET: the guide as a download, with no side effects (a link
 * on another site must not change anything). POST /complete: the page's Download button completes
 * the client's 'Download Your Free Guide' task (state changes only by POST, behind the origin check).
 */
export const freeGuideRoutes = new Hono<AppEnv>()
  .get('/', access('own'), (c) => {
    const body = freeGuide();
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${FREE_GUIDE_FILENAME}"`,
      'Content-Length': String(body.byteLength),
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .post('/complete', access('own'), async (c) =>
    c.json({ completed: await completeFreeGuide(c.var.deps.db, c.var.scope) }),
  );
