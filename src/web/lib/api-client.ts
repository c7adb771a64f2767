import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { gatedFetch } from './api-gate';
import { ApiError } from './api-error';

export const api = hc<AppType>('/', { fetch: gatedFetch }).api;

/** Reads a JSON error body ({ error }) into an Error, so callers can show the server's words. */
export async function unwrap<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string; requestId?: unknown };
  if (!res.ok) throw new ApiError(body.error || `Request failed (${res.status})`, res.status, typeof body.requestId === 'string' ? body.requestId : undefined);
  return body;
}
