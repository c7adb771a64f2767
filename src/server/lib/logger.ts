// One-line logs. Callers pass messages, never request bodies: secrets must not reach the logs.
const levels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof levels)[number];

export function createLogger(level: LogLevel) {
  const min = levels.indexOf(level);
  const at =
    (l: LogLevel, out: (s: string) => void) =>
    (msg: string, extra?: Record<string, unknown>) => {
      if (levels.indexOf(l) < min) return;
      out(`${new Date().toISOString()} ${l.toUpperCase()} ${msg}${extra ? ' ' + JSON.stringify(extra) : ''}`);
    };
  return {
    debug: at('debug', console.log),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
  };
}
export type Logger = ReturnType<typeof createLogger>;
