import { describe, expect, it } from 'vitest';
import { mask } from './mask';

describe('mask', () => {
  it('shows the last 4 letters or digits, ignoring separators', () => {
    expect(mask('123-45-6789')).toBe('•••• 6789');
    expect(mask('000123456789')).toBe('•••• 6789');
    expect(mask('12-34 5')).toBe('•••• 2345');
    expect(mask('hunter2secret!')).toBe('•••• cret');
  });

  it('shows only dots for 4 or fewer', () => {
    expect(mask('1234')).toBe('••••');
    expect(mask('12-34')).toBe('••••');
    expect(mask('a')).toBe('••••');
    expect(mask('---')).toBe('••••');
  });

  it('is empty for no value', () => {
    expect(mask(null)).toBe('');
    expect(mask(undefined)).toBe('');
    expect(mask('')).toBe('');
  });
});
