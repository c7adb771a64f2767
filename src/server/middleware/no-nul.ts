import type { Context, MiddlewareHandler, Next } from 'hono';

export const NUL_REFUSED = 'Text may not contain NUL characters.';

/** True when a parsed JSON value holds a NUL character in any key or string. */
export const hasNul = (v: unknown): boolean =>
  typeof v === 'string'
    ? v.includes('\u0000')
    : Array.isArray(v)
      ? v.some(hasNul)
      : v !== null && typeof v === 'object'
        ? Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x))
        : false;

const isJson = (type: string | undefined) => !!type && /^application\/([\w.+-]*\+)?json\b/i.test(type);

/**
 * Whether a part of a multipart form holds a NUL in its name or (for a text field) its value. The
 * two upload readers (uploads/upload.ts, uploads/stream-upload.ts) ask it of every part they parse
 * and answer NUL_REFUSED: the form's text is checked there, as it is read, since this middleware
 * cannot read an upload's body without holding all of it.
 */
export const nulInFormPart = (name: string, value = '') => name.includes('\u0000') || value.includes('\u0000');

/**
 * PostgreSQL text cannot hold NUL, and no field of ours needs one: refuse it once, for every route
 * (ours and better-auth's), in the path, the query and a JSON body, before anything reads them.
 * Multipart bodies are left to the upload readers (nulInFormPart above).
 */
export const refuseNul = (): MiddlewareHandler => (c, next) => {
  if (/%00/i.test(c.req.url) || c.req.url.includes('\u0000'))
    return Promise.resolve(c.json({ error: NUL_REFUSED }, 400));
  // Not async for the rest: most requests pass straight through, and each async layer is a promise more.
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !isJson(c.req.header('content-type'))) return next();
  return refuseNulInJson(c, next);
};

async function refuseNulInJson(c: Context, next: Next) {
  const text = await c.req.raw.clone().text();
  // Cheap test first: a NUL in JSON is either raw or the escape \u0000.
  if (text.includes('\u0000')) return c.json({ error: NUL_REFUSED }, 400);
  if (/\\u0000/i.test(text)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next();
    }
    if (hasNul(body)) return c.json({ error: NUL_REFUSED }, 400);
  }
  return next();
}
