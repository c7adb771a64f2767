import { isReachable, type Db } from './client';
import type { Logger } from '../lib/logger';

export const DATABASE_UNAVAILABLE = 'The portal cannot reach its database; try again in a minute.';
/** Seconds a client is told to wait (Retry-After) before asking again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;
/** How often, during an outage, the database is asked whether it is back. */
const PROBE_MS = 2000;

/** A failure that means the database did not answer, where the error itself does not say so. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(DATABASE_UNAVAILABLE);
  }
}

// Node's socket errors and PostgreSQL's "connection exception" (08), "operator intervention" (57P:
// shutting down, starting up) and "too many connections" classes: the database is not there, the
// request itself is fine.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const SERVER_CODES = /^(08...|57P0[1-3]|53300)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/** Why an error means the database cannot be reached (its code), or null when it is some other error. */
export function unavailableReason(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return e.reason;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.test(code))) return code;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && MESSAGES.test(message)) return message.slice(0, 80);
    // AggregateError (a connection refused on every address) keeps its errors apart.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length) return unavailableReason(inner[0]);
  }
  return null;
}

/**
 * The log of an outage: one line when the first request fails, one when the database answers again
 * (asked every 2 s from the first failure on), whatever the number of requests in between: a
 * stopped database used to write an ERROR with the failed query for every request.
 */
function createOutageLog(db: Db, log: Logger) {
  let since: number | null = null;
  let failures = 0;
  const probe = async () => {
    if (await isReachable(db)) {
      log.warn(
        `The database is reachable again after ${Math.round((Date.now() - since!) / 1000)} s (${failures} requests were answered 503 meanwhile).`,
      );
      since = null;
      failures = 0;
    } else setTimeout(() => void probe(), PROBE_MS).unref();
  };
  return {
    failed(reason: string) {
      failures++;
      if (since !== null) return;
      since = Date.now();
      log.error(`The database cannot be reached (${reason}): requests are answered 503 until it is back.`);
      setTimeout(() => void probe(), PROBE_MS).unref();
    },
    get down() {
      return since !== null;
    },
  };
}

const outageLogs = new WeakMap<Db, ReturnType<typeof createOutageLog>>();
/** The one outage log of a database (the app's error handler and better-auth's logger share it). */
export function outageLog(db: Db, log: Logger) {
  let outage = outageLogs.get(db);
  if (!outage) outageLogs.set(db, (outage = createOutageLog(db, log)));
  return outage;
}

/**
 * Why a failed lookup failed, when the database is down: better-auth wraps a failed query in
 * "Failed to get session" without its cause, so the database is asked (one `select 1`).
 */
export async function asUnavailable(db: Db, err: unknown): Promise<unknown> {
  if (unavailableReason(err)) return err;
  return (await isReachable(db)) ? err : new DatabaseUnavailableError('no answer to select 1');
}

/**
 * A background job's error handler: a failure because the database is down joins the outage's one
 * line (a mail retry or a reminder pass used to write an ERROR with its query every time).
 */
export const jobFailed = (db: Db, log: Logger, what: string) => (e: unknown) => {
  const reason = unavailableReason(e);
  if (reason) outageLog(db, log).failed(reason);
  else log.error(`${what} failed: ${e instanceof Error ? e.message : String(e)}`);
};
