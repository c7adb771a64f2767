import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { escapeControls, type Logger, type LogFormat } from '../lib/logger';
import { runInRequest } from '../lib/request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';
// What a proxy's id may look like (UUIDs, hex, trace ids): anything else could forge log lines.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id a trusted proxy sent when it is a sane one, else a new one. */
export function requestIdFor(sent: string | undefined, trustProxy: boolean) {
  return trustProxy && sent && SANE_ID.test(sent) ? sent : randomUUID();
}

/**
 * A request path as the logs may show it: a password-reset link's token is a credential (better-auth's
 * GET /api/auth/reset-password/<token> does not use it up), and a decoded %0A could start a forged
 * line in the text format, so control characters are written escaped.
 */
export function loggedPath(path: string) {
  return escapeControls(
    path.replace(/(\/reset-password\/)[^/]+/, '$1[token]').replace(/(\/api\/calendar\/)[^/]+/, '$1[token]'),
    encodeURIComponent,
  );
}

/** Sets a header on the finished response (see noStore in security.ts for why not c.header()). */
function setHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * Gives every request its id (`requestId` in the context, the X-Request-Id answer header) and runs
 * the rest of its handling inside it, so every log line written meanwhile carries it; then writes
 * the access line: method, path and status only, since query strings and bodies can hold tokens
 * and personal data.
 */
export const requestId =
  (opts: { trustProxy: boolean; log: Logger; logFormat: LogFormat }): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const id = requestIdFor(c.req.header(REQUEST_ID_HEADER), opts.trustProxy);
    c.set('requestId', id);
    return runInRequest(id, async () => {
      const start = performance.now();
      await next();
      setHeader(c, REQUEST_ID_HEADER, id);
      const line = {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        durationMs: Math.round(performance.now() - start),
      };
      // A log system collects every request (info); the console a person reads shows them at debug only.
      if (opts.logFormat === 'json') opts.log.info(`${line.method} ${line.path} ${line.status}`, line);
      else opts.log.debug(`${line.method} ${line.path} ${line.status} ${line.durationMs}ms`);
    });
  };
