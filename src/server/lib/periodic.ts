/**
 * Runs `pass` after `firstDelayMs`, then every `intervalMs`, never two at once (a pass still
 * running skips the tick). The returned stop() cancels what is scheduled, signals a running pass
 * to end (it ends after the item it is on) and waits for it. The timers do not keep the process up.
 */
export function schedulePeriodic(
  pass: (signal: AbortSignal) => Promise<unknown>,
  opts: { firstDelayMs: number; intervalMs: number; onError: (e: unknown) => void },
) {
  let running: Promise<unknown> | null = null;
  const stopped = new AbortController();
  const tick = () => {
    if (running) return;
    running = pass(stopped.signal)
      .catch(opts.onError)
      .finally(() => (running = null));
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, opts.intervalMs);
    interval.unref();
  }, opts.firstDelayMs);
  first.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(interval);
    stopped.abort();
    await running;
  };
}
