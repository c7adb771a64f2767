import { describe, expect, it } from 'vitest';
import { ATTENTION_LABELS, ATTENTION_REASONS, formatWaited } from './attention-rules';

describe('needs attention', () => {
  it('words how long something has waited in its largest whole unit', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(formatWaited(ago(20_000), now)).toBe('under a minute');
    expect(formatWaited(ago(5 * 60_000), now)).toBe('5 min');
    expect(formatWaited(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h');
    expect(formatWaited(ago(26 * 3_600_000), now)).toBe('1 day');
    expect(formatWaited(ago(9 * 86_400_000), now)).toBe('9 days');
    // A clock a little behind the server's never says "-1 min".
    expect(formatWaited(ago(-30_000), now)).toBe('under a minute');
  });

  it('has words for every reason', () => {
    for (const r of ATTENTION_REASONS) expect(ATTENTION_LABELS[r]).toMatch(/\w/);
  });
});
