import { AsyncLocalStorage } from 'node:async_hooks';
import type { Change } from './changes';

// The request being handled, for code anywhere below it without passing it down: its id (the
// logger) and the changes its writes announce (lib/changes.ts). middleware/request-id.ts runs each
// request inside its own store. One store for both: on Node 20 every promise created while any
// AsyncLocalStorage is in use copies each storage's value, so each one costs every request.
type RequestContext = { requestId: string; changes: Change[] };
const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(requestId: string, fn: () => T): T => storage.run({ requestId, changes: [] }, fn);

/** The request whose handling is running now; undefined outside one (start-up, jobs). */
export const currentRequest = () => storage.getStore();
export const currentRequestId = () => storage.getStore()?.requestId;
