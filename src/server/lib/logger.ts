import { currentRequestId } from './request-context';

// One logger for the whole server. Callers pass messages, never request bodies: secrets must not
// reach the logs. `text` (the default) is one readable line for a person at a console; `json` is
// one object a line for a log system (time, level, message, and the request id of the request
// being handled, from request-context.ts, so no caller has to pass it along).
const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof levels)[number];
export const logFormats = ['text', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

const RESERVED = new Set(['time', 'level', 'message', 'requestId']);

type Write = (line: string) => void;
const consoleSinks: Record<Exclude<LogLevel, 'silent'>, Write> = {
  debug: (s) => console.log(s),
  info: (s) => console.log(s),
  warn: (s) => console.warn(s),
  error: (s) => console.error(s),
};

export function createLogger(level: LogLevel, format: LogFormat = 'text') {
  const min = levels.indexOf(level);
  const write = (l: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (levels.indexOf(l) < min) return;
    const time = new Date().toISOString();
    const requestId = currentRequestId();
    if (format === 'json') {
      const line: Record<string, unknown> = { time, level: l, message: msg };
      if (requestId) line.requestId = requestId;
      // A caller's field never passes for one of ours.
      for (const [k, v] of Object.entries(fields ?? {})) if (!RESERVED.has(k)) line[k] = v;
      consoleSinks[l](JSON.stringify(line));
      return;
    }
    const extra = fields && Object.keys(fields).length ? ' ' + JSON.stringify(fields) : '';
    consoleSinks[l](`${time} ${l.toUpperCase()}${requestId ? ` [${requestId}]` : ''} ${msg}${extra}`);
  };
  const at = (l: Exclude<LogLevel, 'silent'>) => (msg: string, extra?: Record<string, unknown>) => write(l, msg, extra);
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}
export type Logger = ReturnType<typeof createLogger>;
