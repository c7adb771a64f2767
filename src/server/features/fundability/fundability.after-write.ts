import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { recomputeFundability } from './fundability.service';

/**
 * The areas under /api/clients/:clientId/ whose records the fundability checks read. A successful
 * write to one of them recomputes the client's score (and so its history) in this one place,
 * instead of a call in every area's service.
 */
export const FUNDABILITY_SOURCES = new Set([
  'profile',
  'business-accounts',
  'bank-accounts',
  // Document requests included: an upload into one (compliance-tasks/:taskId/upload) moves the task's state.
  'compliance-tasks',
  'tradelines',
  'store-cards',
  'revolving-credits',
  'first-step-accounts',
  'scores',
]);

/** The area a /api/clients/:clientId/<area>/... path names, or null. */
export function fundabilitySource(path: string): string | null {
  const parts = path.split('/');
  const at = parts.indexOf('clients');
  const area = at >= 0 ? parts[at + 2] : undefined;
  return area && FUNDABILITY_SOURCES.has(area) ? area : null;
}

/**
 * Mounted on /clients/:clientId/*: after a 2xx answer to a write on a source area, recomputes the
 * scope client's fundability before the answer goes out, so the next read (a test, the page)
 * sees it. Reveals change nothing. A failure is logged and never turns the write into an error.
 */
export const recomputeFundabilityAfterWrite = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
  if (c.res.status < 200 || c.res.status >= 300) return;
  const area = fundabilitySource(c.req.path);
  if (!area || c.req.path.includes('/reveal/')) return;
  // Set by access('own') once the caller was allowed this client: nothing to do for a route without it.
  const scope = c.get('scope') as AppEnv['Variables']['scope'] | undefined;
  if (!scope) return;
  const { db, log } = c.var.deps;
  try {
    await recomputeFundability(db, scope.clientId);
  } catch (e) {
    log.error(`fundability recompute after ${method} on ${area} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
});
