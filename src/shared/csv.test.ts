import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, parseCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('escapes a formula start: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks per RFC 4180, leaves plain text alone', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a = b')).toBe('a = b');
    // The screens' "none" is no formula: it reads as on screen.
    expect(csvCell('-')).toBe('-');
  });

  it('writes empty, numbers, booleans, dates and arrays', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2024-01-02T03:04:05.000Z'))).toBe('2024-01-02T03:04:05.000Z');
    expect(csvCell(['equifax', 'experian'])).toBe('"[""equifax"",""experian""]"');
  });
});

describe('parseCsv', () => {
  it('reads back what csvRow writes', () => {
    const rows = [
      ['a', 'b,c', 'say "hi"', 'two\nlines', '-'],
      ['', 'x', '', '', ''],
    ];
    expect(parseCsv(rows.map(csvRow).join(''))).toEqual(rows);
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', '=1'])).toBe(`a,"b,c",'=1\r\n`);
  });
});
