import type { IncomingMessage, ServerResponse } from 'node:http';
import v8 from 'node:v8';
import type { Logger } from './logger';

/**
 * Gives memory back once the server is quiet after work.
 *
 * A burst of requests grows V8's young generation to its largest (two 32 MB semi-spaces with the
 * built server's flags) and leaves old-space garbage that nothing needs to collect yet. V8 shrinks
 * the young generation only in a collection that finds the allocation rate since the previous one
 * low, and its own memory reducer is armed only by a full collection, which a burst of short
 * requests rarely causes: measured, the server kept about 70 MB it no longer used for as long as it
 * stayed idle. So, when no request has arrived for `IDLE_MS`: a minor collection (under 1 ms), then,
 * if it is still quiet `SETTLE_MS` later, a full one (about 25 ms), which then sees the low rate.
 * Starting up (migrations, the demo) is such work too: the first quiet spell is counted from the start.
 *
 * A shrunk young generation makes the next burst's first seconds slower (it grows back through
 * scavenges that promote what is in flight): with 2 s of quiet, the benchmark's runs 10 s apart
 * each started cold and the task list's p99 went from 1.3x to 1.8x its ceiling's. Half a minute of
 * quiet is a server with nobody on it.
 *
 * Needs Node's `--expose-gc` (the built server's flags); without it (the sources run through tsx)
 * it does nothing.
 */
export const IDLE_MS = 30_000;
export const SETTLE_MS = 6_000;
/** Memory grown by less than this since the last collection has too little to give back. */
export const MIN_GROWTH_BYTES = 16 * 1024 * 1024;

type Gc = (options?: { type: 'minor' | 'major' }) => void;
type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

// The heap and the memory outside it that its objects hold (buffers: a burst of file answers grows that).
const memorySize = () => {
  const h = v8.getHeapStatistics();
  return h.total_heap_size + h.external_memory;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function startIdleCollector(log: Pick<Logger, 'debug'>, opts: { gc?: Gc; memorySize?: () => number } = {}) {
  const gc = 'gc' in opts ? opts.gc : (globalThis as { gc?: Gc }).gc;
  const size = opts.memorySize ?? memorySize;
  let lastRequestAt = 0;
  let sizeAfterCollection = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    timer = setTimeout(fn, ms);
    timer.unref();
  };
  const whenQuiet = () => {
    const quietFor = Date.now() - lastRequestAt;
    if (quietFor < IDLE_MS) return later(IDLE_MS - quietFor, whenQuiet);
    timer = undefined;
    if (size() - sizeAfterCollection < MIN_GROWTH_BYTES) return;
    gc!({ type: 'minor' });
    const minorAt = Date.now();
    later(SETTLE_MS, () => {
      // Requests came back: the rate is not low; wait for the next quiet spell.
      if (lastRequestAt >= minorAt) return whenQuiet();
      timer = undefined;
      const heapBefore = v8.getHeapStatistics().total_heap_size;
      gc!({ type: 'major' });
      sizeAfterCollection = size();
      log.debug(`Idle: collected garbage, heap ${mb(heapBefore)} -> ${mb(v8.getHeapStatistics().total_heap_size)} MB`);
    });
  };
  const onRequest = () => {
    lastRequestAt = Date.now();
    if (!timer && !stopped) later(IDLE_MS, whenQuiet);
  };

  if (gc) later(IDLE_MS, whenQuiet);
  return {
    /** `listener`, noting when each request arrives. */
    track: (listener: Listener): Listener =>
      gc
        ? (req, res) => {
            onRequest();
            return listener(req, res);
          }
        : listener,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
