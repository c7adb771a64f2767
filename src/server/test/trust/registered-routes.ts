import type { Hono } from 'hono';
import type { Access } from '../../middleware/access';

export type Endpoint = { method: string; path: string; access: Access | undefined };

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
    const declared = (r.handler as { access?: Access }).access;
    const entry = byKey.get(key) ?? { method: r.method, path: r.path, access: undefined };
    entry.access ??= declared;
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}
