/**
 * HTTP Range (RFC 9110 14.1): one byte range of a `size`-byte file. Answers
 * - `none`: no Range header (serve the whole file, 200),
 * - `range`: the inclusive bytes to serve (206),
 * - `unsatisfiable`: a range that is malformed, asks for several ranges or lies past the end (416).
 */
export type RangeAnswer = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined | null, size: number): RangeAnswer {
  if (header === undefined || header === null) return { kind: 'none' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '') || size <= 0) return { kind: 'unsatisfiable' };
  if (m[1] === '') {
    // bytes=-n: the last n bytes (all of them when n is larger than the file).
    const n = Number(m[2]);
    if (!Number.isSafeInteger(n) || n === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start)
    return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}

/** Content-Range of a 206 (`bytes a-b/size`) or of a 416 (`bytes *\/size`). */
export const contentRange = (size: number, range?: { start: number; end: number }) =>
  range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
