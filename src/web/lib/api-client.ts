import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { gatedFetch } from './api-gate';

export const api = hc<AppType>('/', { fetch: gatedFetch }).api;

/** Reads a JSON error body ({ error }) into an Error, so callers can show the server's words. */
export async function unwrap<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(body.error || `Request failed (${res.status})`);
  return body;
}
