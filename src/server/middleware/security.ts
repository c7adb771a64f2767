import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // sonner and Radix inject small <style> blocks at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  // The Web Push service worker (/sw.js); said outright rather than left to script-src.
  "worker-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every answer of the portal carries, pages and API alike (the set hono/secure-headers sends). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * The server's request listener with SECURITY_HEADERS set on Node's response before the app runs.
 * A response that sets one of them itself keeps its own (Node lets writeHead's headers win): the
 * website template's frame is served under a stricter CSP of its own and may be framed by the
 * portal's pages. Set here rather than in a Hono middleware: there they were a dozen reads and
 * writes of the Fetch Headers of every answer, about a twentieth of the task list's CPU.
 */
export const withSecurityHeaders =
  (listener: RequestListener): RequestListener =>
  (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    listener(req, res);
  };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests must come from our own pages: the browser's Origin header (or,
 * without one, Sec-Fetch-Site) must say so. A request carrying neither is refused too.
 */
export const sameOriginOnly = (appUrl: string, exempt: ReadonlySet<string> = new Set()): MiddlewareHandler => {
  const appOrigin = new URL(appUrl).origin;
  // Not async: a request that passes goes straight on (each async layer is a promise more).
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const allowed = origin ? origin === appOrigin : fetchSite === 'same-origin';
    if (!allowed) return Promise.resolve(c.json({ error: 'Request refused: it did not come from this site.' }, 403));
    return next();
  };
};

/** API answers are never cached, unless the route set a Cache-Control of its own. */
export const noStore = (): MiddlewareHandler => async (c, next) => {
  await next();
  // On the finished response's own headers: c.header() now would make Hono rebuild the response
  // around its body as a stream, which cost every API answer @hono/node-server's fast path for
  // plain bodies (the benchmark's task list: about 0.70x of the bare handler's rate, not 0.8x).
  // A route that chose its own caching keeps it (the calendar feed: private, a few minutes).
  if (c.res.headers.has('Cache-Control')) return;
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    // A response with immutable headers (Response.redirect(), a fetched one) is rebuilt instead.
    c.header('Cache-Control', 'no-store');
  }
};
