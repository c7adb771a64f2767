import { currentRequestId } from './request-context';
import { CONTROL_CHARACTERS } from '../../shared/text';

// One logger for the whole server. Callers pass messages, never request bodies: secrets must not
// reach the logs. `text` (the default) is one readable line for a person at a console; `json` is
// one object a line for a log system (time, level, message, and the request id of the request
// being handled, from request-context.ts, so no caller has to pass it along). Whatever a message
// holds (a name, a path, a mail's text), neither format lets it start a line of its own: control
// characters are written escaped.
const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof levels)[number];
export const logFormats = ['text', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

const RESERVED = new Set(['time', 'level', 'message', 'requestId']);

const ALL_CONTROLS = new RegExp(CONTROL_CHARACTERS.source, 'g');
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const unicodeEscape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `s` with every control character (shared/text.ts: C0, DEL, C1, U+2028/2029) written as an escape:
 * `\n`, `\r`, `\t`, else `\u0085` and the like; or as `escape` writes it (a path: percent-encoded).
 */
export const escapeControls = (
  s: string,
  escape: (ch: string) => string = (ch) => SHORT_ESCAPES[ch] ?? unicodeEscape(ch),
) => s.replace(ALL_CONTROLS, escape);

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
      // JSON.stringify escapes C0 but leaves DEL, C1 and U+2028/2029 as they are: escaped too
      // (only strings can hold them, where \uXXXX is the same character).
      consoleSinks[l](escapeControls(JSON.stringify(line), unicodeEscape));
      return;
    }
    const extra = fields && Object.keys(fields).length ? ' ' + JSON.stringify(fields) : '';
    consoleSinks[l](escapeControls(`${time} ${l.toUpperCase()}${requestId ? ` [${requestId}]` : ''} ${msg}${extra}`));
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
