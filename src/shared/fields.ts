import { z } from 'zod';
import { multiLine, singleLine } from './text';

// The field builders the areas' input schemas share, so a name or a note is limited and
// refused in the same words whichever form sends it.

/**
 * A trimmed, length-limited text field ('' when missing): one line without control characters, or
 * with `lines: 'many'` (a textarea) line breaks and tabs allowed. NUL is refused either way.
 */
export const textField = (max: number, label: string, lines: 'one' | 'many' = 'one') =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .check(lines === 'one' ? singleLine(label) : multiLine(label))
    .default('');

/** A real calendar date written YYYY-MM-DD (rejects 2024-02-30), between the years 1900 and 2999. */
export const isIsoDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1900 && y <= 2999 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
  );
};
