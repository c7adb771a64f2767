/**
 * Pictures accepted by content (file-type's extension) and the type each is served with. Never SVG:
 * it can carry script, and these are shown inline.
 */
export const IMAGE_KINDS: Record<string, string> = {
  png: 'image/png',
  apng: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
