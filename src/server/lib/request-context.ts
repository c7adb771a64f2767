import { AsyncLocalStorage } from 'node:async_hooks';

// The request being handled, for code anywhere below it (the logger above all) without passing it
// down: middleware/request-id.ts runs each request inside its own store.
type RequestContext = { requestId: string };
const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

/** The id of the request whose handling is running now; undefined outside one (start-up, jobs). */
export const currentRequestId = () => storage.getStore()?.requestId;
