import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, MIN_GROWTH_BYTES, SETTLE_MS, startIdleCollector } from './idle-collector';

afterEach(() => vi.useRealTimers());

const quiet = { debug: () => {} };

/** A collector on a pretend heap that requests grow by `growth` bytes each. */
function start(growth = MIN_GROWTH_BYTES) {
  vi.useFakeTimers();
  const collections: string[] = [];
  let heap = 2 * MIN_GROWTH_BYTES;
  const collector = startIdleCollector(quiet, { gc: (o) => collections.push(o!.type), memorySize: () => heap });
  const listener = collector.track(() => (heap += growth));
  const request = () => listener({} as IncomingMessage, {} as ServerResponse);
  return { collector, collections, request };
}

/** The same, once the quiet spell after its start (and its collection) has passed. */
async function started(growth?: number) {
  const c = start(growth);
  await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
  c.collections.length = 0;
  return c;
}

/** From the last request (or the start): nothing before IDLE_MS, a minor collection then, a full one SETTLE_MS later, then nothing more. */
async function expectOneQuietSpell(collections: string[]) {
  await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
  expect(collections).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(collections).toEqual(['minor']);
  await vi.advanceTimersByTimeAsync(SETTLE_MS);
  expect(collections).toEqual(['minor', 'major']);
  await vi.advanceTimersByTimeAsync(10 * SETTLE_MS);
  expect(collections).toEqual(['minor', 'major']);
}

describe('startIdleCollector', () => {
  it('collects once the start-up is over (a start is work too)', async () => {
    await expectOneQuietSpell(start().collections);
  });

  it('after requests and a quiet spell: a minor collection, then a full one once it stays quiet', async () => {
    const { collections, request } = await started();
    request();
    await expectOneQuietSpell(collections);
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
    expect(collections).toEqual(['minor', 'major', 'minor', 'major']);
  });

  it('never while requests keep arriving; the quiet spell counts from the last one', async () => {
    const { collections, request } = await started();
    for (let i = 0; i < 20; i++) {
      request();
      await vi.advanceTimersByTimeAsync(IDLE_MS / 2);
    }
    expect(collections).toEqual([]);
    await vi.advanceTimersByTimeAsync(IDLE_MS / 2);
    expect(collections).toEqual(['minor']);
  });

  it('skips the full collection when requests come back after the minor one, and starts over', async () => {
    const { collections, request } = await started();
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(collections).toEqual(['minor']);
    await vi.advanceTimersByTimeAsync(SETTLE_MS - 1);
    request();
    // The settle ends 1 ms after that request: the next quiet spell counts from it.
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(collections).toEqual(['minor']);
    await vi.advanceTimersByTimeAsync(1);
    expect(collections).toEqual(['minor', 'minor']);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(collections).toEqual(['minor', 'minor', 'major']);
  });

  it('does not collect when the heap has grown too little since the last collection', async () => {
    const { collections, request } = await started(MIN_GROWTH_BYTES / 2 - 1);
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
    expect(collections).toEqual([]);
    // The growth adds up.
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
    expect(collections).toEqual([]);
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
    expect(collections).toEqual(['minor', 'major']);
  });

  it('does nothing after stop()', async () => {
    const { collector, collections, request } = start();
    collector.stop();
    request();
    await vi.advanceTimersByTimeAsync(IDLE_MS + SETTLE_MS);
    expect(collections).toEqual([]);
  });

  it('without --expose-gc, passes the listener through untouched', () => {
    const listener = () => {};
    expect(startIdleCollector(quiet, { gc: undefined }).track(listener)).toBe(listener);
  });
});
