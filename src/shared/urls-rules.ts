// The address constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. urls.ts re-exports them beside its schemas (one source for both sides).

/** Whether `s` is an absolute http:// or https:// URL with a host. */
export const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

export const httpUrlMessage = (label: string) => `${label} must be a web address starting with http:// or https://`;

/** The href for a stored address, or undefined when it is not http(s) (rows saved before the rule). */
export const safeHref = (s: string | null | undefined) => (s && isHttpUrl(s) ? s : undefined);
