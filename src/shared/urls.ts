import { z } from 'zod';
import { singleLine } from './text';

// Every user-entered address that is shown or followed as a link passes this one rule, so a
// `javascript:`, `data:` or `ftp:` value can never become an href (bank and business accounts,
// the profile's business website).

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

/** An optional link: '' or an http(s) URL (never javascript: and the like, since it is rendered as a link). */
export const httpUrlField = (label: string, max = 2048) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    // The URL parser drops tabs and line breaks: refused before it sees them.
    .check(singleLine(label))
    .refine((s) => s === '' || isHttpUrl(s), httpUrlMessage(label))
    .default('');

/** The href for a stored address, or undefined when it is not http(s) (rows saved before the rule). */
export const safeHref = (s: string | null | undefined) => (s && isHttpUrl(s) ? s : undefined);
