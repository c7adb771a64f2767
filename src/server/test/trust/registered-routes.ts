import type { Hono } from 'hono';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import type { Access } from '../../middleware/access';

export type Validator = { target: keyof ValidationTargets; schema: ZodType };
/** `multipart`: the route reads a multipart form (marked with multipartRoute). */
export type Endpoint = {
  method: string;
  path: string;
  access: Access | undefined;
  validators: Validator[];
  multipart: boolean;
};

/**
 * The endpoints actually registered in the app, with the access each declares. `use()` middleware
 * and the /api/* 404 catch-all are registered as method ALL and are not endpoints.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app, whatever its env
export function registeredEndpoints(app: Hono<any, any, any>): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const { access, validates, multipart } = r.handler as {
      access?: Access;
      validates?: Validator;
      multipart?: boolean;
    };
    const entry: Endpoint = byKey.get(key) ?? {
      method: r.method,
      path: r.path,
      access: undefined,
      validators: [],
      multipart: false,
    };
    entry.access ??= access;
    if (multipart) entry.multipart = true;
    if (validates) entry.validators.push(validates);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
