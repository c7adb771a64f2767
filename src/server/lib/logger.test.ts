import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTROL_CHARACTERS as CONTROLS } from '../../shared/text';
import { createLogger } from './logger';

/** What the logger wrote to the console while `fn` ran: one entry a call. */
function written(fn: () => void) {
  const out: string[] = [];
  for (const m of ['log', 'warn', 'error'] as const)
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(' ')));
  fn();
  return out;
}
afterEach(() => vi.restoreAllMocks());

const FORGERIES = [
  'Eve\n2026-01-01T00:00:00.000Z ERROR forged',
  'Eve\r\nERROR forged',
  'Eve\u2028ERROR forged',
  'Eve\u2029ERROR',
  'Eve\u0085ERROR',
  'Eve\u001b[2K\rERROR',
  'Eve\u0000\u007f\tx',
];

describe('the text logger', () => {
  it('writes a value with a line break or another control character escaped, on its one line', () => {
    const log = createLogger('debug', 'text');
    for (const value of FORGERIES) {
      const out = written(() => log.info(`signed up ${value}`, { name: value }));
      expect(out, JSON.stringify(value)).toHaveLength(1);
      expect(out[0], JSON.stringify(value)).not.toMatch(CONTROLS);
      expect(out[0]).toMatch(/^\S+ INFO signed up Eve\\/);
    }
    const [line] = written(() => log.error('name Eve\nERROR forged\ttab'));
    expect(line).toMatch(/^\S+ ERROR name Eve\\nERROR forged\\ttab$/);
  });

  it('writes one JSON object a line in json format, the values intact once parsed', () => {
    const log = createLogger('debug', 'json');
    for (const value of FORGERIES) {
      const out = written(() => log.warn(`signed up ${value}`, { name: value }));
      expect(out).toHaveLength(1);
      expect(out[0]).not.toMatch(CONTROLS);
      expect(JSON.parse(out[0])).toMatchObject({ level: 'warn', message: `signed up ${value}`, name: value });
    }
  });
});
