import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { MOBILE_NOTICE_DISMISSED_COOKIE } from '../shared/mobile-notice';

/** Hashed build files (/assets/*): their name changes with their content, so they never go stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but checked with the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

type Encoding = 'br' | 'gzip';
type Representation = { body: Buffer; etag: string };
type StaticFile = { type: string; identity: Representation; br?: Representation; gzip?: Representation };

/**
 * The encodings an Accept-Encoding header allows, best first among those we keep (brotli, gzip).
 * `q=0` refuses one; `*` stands for any not named.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allowed = (name: Encoding) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(allowed);
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    // Dot folders (.vite: the build manifest) are the build's notes, not the site.
    if (e.name.startsWith('.')) return [];
    const rel = `${prefix}/${e.name}`;
    if (e.isDirectory()) return listFiles(path.join(dir, e.name), rel);
    return e.name.endsWith('.br') || e.name.endsWith('.gz') ? [] : [rel];
  });
}

const etagOf = (body: Buffer, suffix = '') =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

function load(root: string, rel: string): StaticFile {
  const file = path.join(root, rel);
  const identity = fs.readFileSync(file);
  const etag = etagOf(identity);
  const variant = (ext: string, suffix: string): Representation | undefined =>
    fs.existsSync(file + ext) ? { body: fs.readFileSync(file + ext), etag: etagOf(identity, suffix) } : undefined;
  return {
    type: contentTypes[path.extname(rel).toLowerCase()] ?? 'application/octet-stream',
    identity: { body: identity, etag },
    br: variant('.br', '-br'),
    gzip: variant('.gz', '-gz'),
  };
}

function send(c: Context, file: StaticFile, cacheControl: string): Response {
  const encoding = acceptedEncodings(c.req.header('accept-encoding')).find((e) => file[e]);
  const rep = encoding ? file[encoding]! : file.identity;
  const headers = new Headers({ 'Cache-Control': cacheControl, ETag: rep.etag });
  // Caches must keep one copy per encoding when there is more than one.
  if (file.br || file.gzip) headers.set('Vary', 'Accept-Encoding');
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === rep.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', file.type);
  headers.set('Content-Length', String(rep.body.length));
  if (encoding) headers.set('Content-Encoding', encoding);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(rep.body), { status: 200, headers });
}

const noticeDismissed = (cookie: string | undefined) =>
  (cookie ?? '').split(';').some((c) => c.trim() === `${MOBILE_NOTICE_DISMISSED_COOKIE}=1`);

/** The signed-in user for a page request, or null (a guest): read from the session cookie. */
export type PageSession = (headers: Headers) => Promise<object | null>;

export const SESSION_ELEMENT_ID = 'portal-session';

/** JSON that is safe inside a <script> element: no '<' (so no '</script>'), no '&', no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Per signed-in page path, the chunks its first load needs besides the entry's (scripts/vite-plugins.ts, routePreloads). */
type RoutePreloads = Record<string, string[]>;

function readRoutePreloads(root: string): RoutePreloads {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, '.vite/route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return {};
  }
}

/**
 * The page with the signed-in user written into it, as a JSON data block (not script: the CSP
 * allows none inline, and none runs). The web app starts with the session known, so a signed-in
 * first load asks for the page's data at once instead of first asking who is signed in. With it,
 * `preloads` as modulepreload links: the signed-in app's and the page's chunks are fetched beside
 * the entry, not once the entry has arrived and run. At low priority: the entry and the stylesheet,
 * which the first paint and everything after it wait for, go first on a slow link (and a page
 * measure counts no high-priority script before the first paint as blocking it). Private to the
 * user, so never stored by a cache.
 */
function sendWithSession(c: Context, page: StaticFile, user: object, preloads: readonly string[] = []): Response {
  const html = page.identity.body.toString('utf8');
  const links = preloads
    .map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`)
    .join('');
  const block = `${links}<script type="application/json" id="${SESSION_ELEMENT_ID}">${scriptJson({ user })}</script>`;
  let body = html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
  // A phone paints the shell's notice before the app runs (index.html, #first-paint), unless dismissed.
  if (!noticeDismissed(c.req.header('cookie'))) body = body.replace(/<html(?=[\s>])/, '<html data-first-paint');
  const headers = { 'Content-Type': page.type, 'Cache-Control': 'private, no-store', Vary: 'Cookie' };
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

/**
 * Serves the built SPA in `root` (dist/web) on `app`, after the API routes: files as they were
 * built, each in the best encoding the browser accepts from the .br/.gz copies made at build time
 * (scripts/vite-plugins.ts); /assets/* cached for a year; index.html, also for every client route,
 * revalidated on each load so a new build shows at once. An unknown /assets/ file is a 404, not the
 * page (a browser asking for an old chunk must not get HTML). With `session`, a signed-in user's
 * page carries their session (sendWithSession). Returns false when there is no build.
 */
export function serveWebApp<E extends Env>(app: Hono<E>, root: string, session?: PageSession): boolean {
  if (!fs.existsSync(path.join(root, 'index.html'))) return false;
  // Read once at start-up: the build does not change under a running server (npm start builds first).
  const files = new Map(listFiles(root).map((rel) => [rel, load(root, rel)]));
  const page = files.get('/index.html')!;
  const routePreloads = readRoutePreloads(root);
  app.get('*', async (c) => {
    const p = c.req.path;
    const file = files.get(p);
    if (p.startsWith('/assets/'))
      return file ? send(c, file, IMMUTABLE) : c.text('Not found', 404, { 'Cache-Control': REVALIDATE });
    if ((!file || file === page) && session && c.req.header('cookie')) {
      const user = await session(c.req.raw.headers).catch(() => null);
      if (user) return sendWithSession(c, page, user, Object.hasOwn(routePreloads, p) ? routePreloads[p] : []);
    }
    return send(c, file ?? page, REVALIDATE);
  });
  return true;
}
