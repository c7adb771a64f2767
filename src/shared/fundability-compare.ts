// Values as lenders compare them: names, addresses, phones and domains, normalised.

import { usStates } from './us-states';

// Normalisers: lenders match records by eye and by software that forgives case, punctuation and
// the usual abbreviations, so the checks do the same and flag only differences that survive that.

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Replaces whole words by their short form; `words` maps the long (or alternative) form to it. */
function abbreviate(s: string, words: Record<string, string>): string {
  return s
    .split(' ')
    .map((w) => words[w] ?? w)
    .join(' ');
}

const NAME_WORDS: Record<string, string> = {
  and: 'and',
  incorporated: 'inc',
  company: 'co',
  corporation: 'corp',
  limited: 'ltd',
};

/** A business name for comparison: case, punctuation, '&'/'and', 'Inc.'/'Incorporated', 'L.L.C.'/'LLC' and the like. */
export function normalizeName(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Dots and apostrophes (straight or typographic) join letters ('L.L.C.' -> 'llc', "Joe's" -> 'joes');
    // other punctuation separates words. Escaped: the server bundle must stay ASCII (scripts/build-server.mjs).
    .replace(/[.'\u2019`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
  return abbreviate(collapse(s), NAME_WORDS);
}

const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  terrace: 'ter',
  square: 'sq',
  trail: 'trl',
  expressway: 'expy',
  freeway: 'fwy',
  plaza: 'plz',
  center: 'ctr',
  centre: 'ctr',
  building: 'bldg',
  floor: 'fl',
  mount: 'mt',
  fort: 'ft',
  saint: 'st',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  suite: 'ste',
  unit: 'ste',
  apartment: 'apt',
  room: 'rm',
};

const STATE_NAMES: [RegExp, string][] = usStates
  .map(([code, name]) => [new RegExp(`\\b${name.toLowerCase()}\\b`, 'g'), code.toLowerCase()] as [RegExp, string])
  // Longer names first, so 'west virginia' is not read as 'west' + 'va'.
  .sort((a, b) => b[0].source.length - a[0].source.length);

/** A postal address for comparison: case, punctuation, line breaks, 'Street'/'St', 'Suite'/'Ste'/'#', directions, state names, ZIP+4. */
export function normalizeAddress(address: string): string {
  let s = address
    .toLowerCase()
    .replace(/\b(\d{5})[-\s]?\d{4}\b/g, '$1')
    // '#' is a unit: 'Suite' unless it follows another designator ('Apt #2' is 'apt 2').
    .replace(/\b(apt|apartment|unit|ste|suite|room|rm|fl|floor|bldg|building)\s*#/g, '$1 ')
    .replace(/#/g, ' ste ')
    .replace(/[.'\u2019`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
  s = collapse(s);
  for (const [re, code] of STATE_NAMES) s = s.replace(re, code);
  const words = abbreviate(s, ADDRESS_WORDS).split(' ');
  // 'Suite #4' becomes 'ste ste 4': one designator is enough.
  return words.filter((w, i) => !(w === 'ste' && words[i + 1] === 'ste')).join(' ');
}

/** A phone number for comparison: its digits, a leading US '1' dropped; an extension is left out (same line). */
export function normalizePhone(phone: string): string {
  const main = phone.toLowerCase().split(/\s*(?:ext\.?|extension|x|#|;|,)\s*\d*\s*$/)[0] ?? '';
  const digits = main.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The domain of an e-mail address, lower case; '' when it has none. */
export function emailDomain(email: string): string {
  const at = email.trim().lastIndexOf('@');
  if (at < 0) return '';
  return email
    .trim()
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
}

/** The host of a website address, lower case, without 'www.'; '' when there is none. */
export function websiteDomain(url: string): string {
  const host = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^.*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  return host.replace(/^www\./, '');
}

/** Public suffixes of two labels common enough to matter here; the full public suffix list is not worth its size. */
const TWO_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'co.za',
  'co.jp',
  'co.in',
  'co.il',
  'co.kr',
  'com.br',
  'com.mx',
  'com.ar',
  'com.cn',
  'com.sg',
  'com.hk',
  'com.tr',
  'com.co',
  'com.ph',
  'com.my',
]);

/** The registrable domain: the last two labels, or three under a known two-level suffix like co.uk. */
export function registrableDomain(domain: string): string {
  const labels = domain
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.')
    .filter(Boolean);
  const keep = labels.length >= 3 && TWO_LEVEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Free mail providers: an address there says nothing about the business owning a domain. */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'passport.com',
  'aol.com',
  'aim.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'zohomail.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hushmail.com',
  'inbox.com',
  'mail.ru',
  'qq.com',
  '163.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
];

export const isFreeMailDomain = (domain: string): boolean => FREE_MAIL_DOMAINS.includes(registrableDomain(domain));
