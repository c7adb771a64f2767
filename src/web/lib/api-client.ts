import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../server/app';
import { gatedFetch } from './api-gate';
import { apiErrorFrom } from './api-error';

export const api = hc<AppType>('/', { fetch: gatedFetch }).api;

/**
 * The JSON body of a route's 2xx answers, as the server's handler types it. A handler that answers
 * nothing typed makes this `never`, so a poorly typed route shows up where it is called.
 */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, 'json'>
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : T
    : never;

/** The answer's body typed from its route, or an ApiError carrying the server's sentence and request id. */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(res: R): Promise<SuccessBody<R>> {
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw apiErrorFrom(body, res.status);
  return body as SuccessBody<R>;
}
