// Lists and details show sensitive numbers masked; revealing the whole value is its own request.
const DOTS = '••••';

/** `•••• 1234`: the last 4 letters or digits (separators ignored); 4 or fewer show only `••••`; none → ''. */
export function mask(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Array.from splits by code point, so a non-BMP character is never cut in half.
  const alphanumerics = Array.from(value).filter((ch) => /[\p{L}\p{N}]/u.test(ch));
  if (alphanumerics.length <= 4) return DOTS;
  return `${DOTS} ${alphanumerics.slice(-4).join('')}`;
}
