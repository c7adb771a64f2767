import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulePeriodic } from './periodic';

afterEach(() => vi.useRealTimers());

describe('schedulePeriodic', () => {
  it('runs after the first delay, then each interval, never two passes at once; stop() signals the pass and waits for it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish: () => void = () => {};
    let seen: AbortSignal | undefined;
    const stop = schedulePeriodic(
      (signal) => {
        calls++;
        seen = signal;
        return new Promise<void>((r) => (finish = r));
      },
      { firstDelayMs: 1_000, intervalMs: 5_000, onError: () => {} },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    // Still running at the next ticks: skipped.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen?.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
  });

  it('hands a failed pass to onError and runs again at the next tick', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let calls = 0;
    const stop = schedulePeriodic(
      async () => {
        calls++;
        throw new Error(`pass ${calls}`);
      },
      { firstDelayMs: 0, intervalMs: 100, onError: (e) => errors.push(e) },
    );
    await vi.advanceTimersByTimeAsync(150);
    expect(calls).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual(['pass 1', 'pass 2']);
    await stop();
  });
});
