import type { BetterAuthOptions } from 'better-auth';
import type { Logger, LogLevel } from '../lib/logger';
import { unavailableReason } from '../db/unavailable';

// better-auth logs failed queries with their parameters (drizzle: "Failed query: ... params: <values>"),
// e-mail addresses ("Sign-up attempt for existing email: ...") and errors whose messages quote values.
// Its lines go through our logger, keeping only what cannot be a value: the message with anything
// that looks like data redacted, and of an error its name, code and cleaned message.

const REDACTED = '[redacted]';
const IDENTIFIER = /^[a-z_][a-z0-9_.$]{0,62}$/i;

/** A log message with parameters, quoted values, addresses and id-like strings removed. */
export function redactLogText(text: string) {
  return (
    text
      // drizzle's "Failed query: <sql>\nparams: <values>": the values go entirely.
      .split(/\bparams\s*:/i)[0]
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[^\s@'"<>(),;]+@[^\s@'"<>(),;]+/g, '[email]')
      .replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`)
      // A quoted value after a colon (PostgreSQL: 'invalid input syntax for type uuid: "..."').
      .replace(/:\s*"[^"]*"/g, `: "${REDACTED}"`)
      // Other double quotes: SQL identifiers stay, anything else goes.
      .replace(/"([^"]*)"/g, (m: string, inner: string) => (IDENTIFIER.test(inner) ? m : `"${REDACTED}"`))
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, REDACTED)
      // Ids and tokens: long runs of letters and digits mixed.
      .replace(/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{16,}/gi, REDACTED)
      .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b|(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{1,4}|::1\b/gi, '[address]')
      .slice(0, 500)
  );
}

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };

function describeError(e: ErrorLike, depth = 0): string {
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const code = typeof e.code === 'string' && /^[\w.-]{1,40}$/.test(e.code) ? ` ${e.code}` : '';
  const message = typeof e.message === 'string' && e.message ? `: ${redactLogText(e.message)}` : '';
  const cause =
    depth < 2 && e.cause && typeof e.cause === 'object'
      ? ` (cause: ${describeError(e.cause as ErrorLike, depth + 1)})`
      : '';
  return `${name}${code}${message}${cause}`;
}

/** One line for our log from better-auth's (message, ...args); only errors among the args are kept. */
export function authLogLine(message: unknown, args: unknown[]) {
  const text =
    typeof message === 'string' ? redactLogText(message) : message instanceof Error ? describeError(message) : '';
  const errors = args.filter((a): a is Error => a instanceof Error).map((e) => describeError(e));
  return ['better-auth:', text, ...errors.map((e) => `[${e}]`)].filter(Boolean).join(' ');
}

/**
 * better-auth's `logger` option, writing through our logger at our level. A failure because the
 * database is down goes to `onUnavailable` instead (the outage is logged once, not per request).
 */
export function betterAuthLogger(
  log: Logger,
  level: LogLevel,
  onUnavailable: (reason: string) => void = () => {},
): NonNullable<BetterAuthOptions['logger']> {
  return {
    level: level === 'silent' ? 'error' : level,
    log: (l, message, ...args: unknown[]) => {
      const reason = [message, ...args].map(unavailableReason).find(Boolean);
      if (reason) onUnavailable(reason);
      else if (level !== 'silent') log[l](authLogLine(message, args));
    },
  };
}
