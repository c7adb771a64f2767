import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // sonner and Radix inject small <style> blocks at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      // The Web Push service worker (/sw.js); said outright rather than left to script-src.
      workerSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    crossOriginResourcePolicy: 'same-origin',
    // A response that sets its own policy keeps it: the website template's frame is served under a
    // stricter CSP of its own (no script, no network) and may be framed by the portal's pages.
    overwrite: false,
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests must come from our own pages: the browser's Origin header (or,
 * without one, Sec-Fetch-Site) must say so. A request carrying neither is refused too.
 */
export const sameOriginOnly =
  (appUrl: string, exempt: ReadonlySet<string> = new Set()): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const allowed = origin ? origin === new URL(appUrl).origin : fetchSite === 'same-origin';
    if (!allowed) return c.json({ error: 'Request refused: it did not come from this site.' }, 403);
    return next();
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
