import { z } from 'zod';
import { singleLine } from './text';
import { isHttpUrl, httpUrlMessage } from './urls-rules';
export { isHttpUrl, httpUrlMessage } from './urls-rules';

// Every user-entered address that is shown or followed as a link passes this one rule, so a
// `javascript:`, `data:` or `ftp:` value can never become an href (bank and business accounts,
// the profile's business website).

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
