// Fundability check: what stands between a client and funding. The rules are small pure
// functions over FundabilityFacts; the server gathers the facts, the page and the dashboard show
// the result. Adding a check means adding one function to CHECKS.

import { PAYDEX_MIN_TRADELINES } from './credit';
import { tierFor, type TierName } from './scores';
import { usStates } from './us-states';
import { countLabel } from './format';

export type CheckState = 'passed' | 'failed' | 'unknown';

/** The id of every check, in the order the page lists them. */
export const checkIds = [
  'name-consistent',
  'address-consistent',
  'phone-consistent',
  'business-phone-separate',
  'business-email-domain',
  'website-domain',
  'ein',
  'bank-account',
  'tasks-on-time',
  'dnb-tradelines',
  'capital-score-tier',
] as const;
export type CheckId = (typeof checkIds)[number];

/** Everything the checks read, gathered by the server for one client. Plain text, never secrets. */
export type FundabilityFacts = {
  profile: {
    businessName: string;
    businessAddress: string;
    businessPhone: string;
    /** Where business calls are forwarded: the owner's own phone. */
    forwardPhone: string;
    businessEmail: string;
    businessWebsite: string;
    /** Whether an EIN is stored (the value itself stays encrypted on the server). */
    hasEin: boolean;
  } | null;
  /** The owner's personal phone from their user account. */
  ownerPhone: string;
  /** Business presence accounts: their name and label/value details (labels like 'Address', 'Phone'). */
  presenceAccounts: { id: string; name: string; details: { label: string; value: string }[] }[];
  bankAccounts: { id: string; bankName: string; accountOwner: string; address: string; phone: string }[];
  tasks: { total: number; overdue: number };
  /** Tradelines reporting to Dun & Bradstreet, or null when the client has no tradeline records. */
  dnbTradelines: number | null;
  /** The latest CapitalScore, or null when none is recorded. */
  capitalScore: number | null;
};

/** Where the client fixes a check: a portal path and the words of the link. */
export type FixLink = { href: string; label: string };

export type CheckResult = {
  id: CheckId;
  title: string;
  state: CheckState;
  /** One sentence: why it passed, what differs, or what is missing. */
  reason: string;
  /** Points this check is worth; the weights of all checks add up to 100. */
  weight: number;
  fix: FixLink | null;
};

export type FundabilityResult = {
  /** 0-100: the weights of the passed checks. */
  score: number;
  checks: CheckResult[];
  /** The failed or not yet possible checks worth the most points, at most three. */
  topFixes: CheckResult[];
};

/** GET /api/clients/:clientId/fundability */
export type FundabilityAnswer = FundabilityResult & { computedAt: string };
/** One point of the score's history. */
export type FundabilityPoint = { score: number; computedAt: string };

// ---------------------------------------------------------------------------------------------
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
    // Dots and apostrophes join letters ('L.L.C.' -> 'llc', "Joe's" -> 'joes'); other punctuation separates words.
    .replace(/[.'’`]/g, '')
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
    .replace(/[.'’`]/g, '')
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

// ---------------------------------------------------------------------------------------------
// The checks.

export type Check = (facts: FundabilityFacts) => CheckResult;

/** Where each kind of record is fixed (the paths in src/web/app/nav.ts). */
export const FIX_LINKS = {
  profile: { href: '/account', label: 'Edit your business profile' },
  bank: { href: '/bank', label: 'Open Business Bank Accounts' },
  presence: { href: '/business-presence', label: 'Open Business Accounts' },
  tasks: { href: '/compliance', label: 'Open Business Compliance' },
  tradelines: { href: '/store-credit', label: 'Add store credit' },
  capitalScore: { href: '/dnb', label: 'Open CapitalScore' },
} as const satisfies Record<string, FixLink>;

/** Builds a check's results: the id, title and weight once, the state and reason per outcome. */
const resultOf =
  (id: CheckId, title: string, weight: number) =>
  (state: CheckState, reason: string, fix: FixLink | null): CheckResult => ({ id, title, state, reason, weight, fix });

type RecordKind = 'profile' | 'bank' | 'presence';
/** One record's value for a consistency check. */
type Sighting = { kind: RecordKind; label: string; value: string };
type Field = 'name' | 'address' | 'phone';

// Labels of presence-account details that hold the business's own name, address or phone.
const DETAIL_LABELS: Record<Field, { match: RegExp; not?: RegExp }> = {
  name: { match: /\bname\b/i, not: /\b(user|first|last|middle|owner|contact|login|account|domain|bank|file)\b/i },
  address: { match: /\baddress\b/i, not: /(\be-?\s?mail|\bweb|\burl\b|\bip\b|\bmac\b|\bwallet\b)/i },
  phone: { match: /\b(phone|telephone|tel|mobile)\b/i, not: /\b(personal|owner|home)\b/i },
};

const detailValue = (details: { label: string; value: string }[], field: Field): string => {
  const { match, not } = DETAIL_LABELS[field];
  return (
    details.find((d) => match.test(d.label) && !(not?.test(d.label) ?? false) && d.value.trim() !== '')?.value.trim() ??
    ''
  );
};

/** Every record that carries the field, the profile first. */
function sightings(facts: FundabilityFacts, field: Field): Sighting[] {
  const profileValue = facts.profile
    ? { name: facts.profile.businessName, address: facts.profile.businessAddress, phone: facts.profile.businessPhone }[
        field
      ]
    : '';
  const all: Sighting[] = [
    { kind: 'profile', label: 'the profile', value: profileValue.trim() },
    ...facts.presenceAccounts.map((a) => ({
      kind: 'presence' as const,
      label: `${a.name} account`,
      value: detailValue(a.details, field),
    })),
    ...facts.bankAccounts.map((b) => ({
      kind: 'bank' as const,
      // 'Chase bank account', but 'First Federal Bank account'.
      label: /\bbank$/i.test(b.bankName.trim()) ? `${b.bankName.trim()} account` : `${b.bankName} bank account`,
      value: { name: b.accountOwner, address: b.address, phone: b.phone }[field].trim(),
    })),
  ];
  return all.filter((s) => s.value !== '');
}

const FIELD_WORDS: Record<Field, string> = {
  name: 'business name',
  address: 'business address',
  phone: 'business phone',
};
const NORMALISERS: Record<Field, (s: string) => string> = {
  name: normalizeName,
  address: normalizeAddress,
  phone: normalizePhone,
};

const possessive = (label: string) => (label.startsWith('the ') ? `${label}'s` : `the ${label}'s`);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The same value (after normalising) on every record that has one; compared with the profile when it has one. */
function consistency(facts: FundabilityFacts, field: Field, result: ReturnType<typeof resultOf>): CheckResult {
  const seen = sightings(facts, field).map((s) => ({ ...s, norm: NORMALISERS[field](s.value) }));
  const words = FIELD_WORDS[field];
  if (seen.length < 2) {
    return result(
      'unknown',
      `Add the ${words} to your profile and to your bank or business accounts so they can be compared.`,
      seen.some((s) => s.kind === 'profile') || !facts.profile ? FIX_LINKS.bank : FIX_LINKS.profile,
    );
  }
  const reference = seen[0]!;
  const differing = seen.slice(1).filter((s) => s.norm !== reference.norm);
  if (differing.length === 0) return result('passed', `The ${words} is the same on all ${seen.length} records.`, null);
  const first = differing[0]!;
  const more = differing.length > 1 ? ` (and ${countLabel(differing.length - 1, 'more record')})` : '';
  return result(
    'failed',
    `${capitalise(first.label)}: ${first.value} differs from ${possessive(reference.label)} ${reference.value}${more}.`,
    FIX_LINKS[first.kind],
  );
}

export const nameConsistent: Check = (facts) =>
  consistency(facts, 'name', resultOf('name-consistent', 'Business name matches everywhere', 14));

export const addressConsistent: Check = (facts) =>
  consistency(facts, 'address', resultOf('address-consistent', 'Business address matches everywhere', 14));

export const phoneConsistent: Check = (facts) =>
  consistency(facts, 'phone', resultOf('phone-consistent', 'Business phone matches everywhere', 10));

export const businessPhoneSeparate: Check = (facts) => {
  const result = resultOf('business-phone-separate', 'Separate business phone', 8);
  const phones = sightings(facts, 'phone');
  if (phones.length === 0) return result('failed', 'Your profile has no business phone number.', FIX_LINKS.profile);
  const personal = [facts.ownerPhone, facts.profile?.forwardPhone ?? ''].map(normalizePhone).filter((p) => p !== '');
  const shared = phones.find((p) => personal.includes(normalizePhone(p.value)));
  if (shared) {
    return result(
      'failed',
      `The business phone on ${shared.label} is your personal phone; lenders want a separate business line.`,
      FIX_LINKS[shared.kind],
    );
  }
  return result('passed', 'Your business phone is not your personal phone.', null);
};

export const businessEmailDomain: Check = (facts) => {
  const result = resultOf('business-email-domain', 'Business e-mail on your own domain', 8);
  const email = facts.profile?.businessEmail.trim() ?? '';
  const domain = emailDomain(email);
  if (domain === '') return result('failed', 'Your profile has no business e-mail address.', FIX_LINKS.profile);
  if (isFreeMailDomain(domain)) {
    return result(
      'failed',
      `${domain} is a free mail service; use an address on your business's own domain.`,
      FIX_LINKS.profile,
    );
  }
  return result('passed', `Your business e-mail is on ${domain}.`, null);
};

export const websiteDomainMatches: Check = (facts) => {
  const result = resultOf('website-domain', 'Website on the same domain', 6);
  const site = websiteDomain(facts.profile?.businessWebsite ?? '');
  if (site === '') return result('failed', 'Your profile has no business website.', FIX_LINKS.profile);
  const mail = emailDomain(facts.profile?.businessEmail ?? '');
  if (mail === '' || isFreeMailDomain(mail)) {
    return result(
      'unknown',
      'Needs a business e-mail on your own domain to compare with the website.',
      FIX_LINKS.profile,
    );
  }
  if (registrableDomain(site) !== registrableDomain(mail)) {
    return result('failed', `Your website ${site} is not on your e-mail's domain ${mail}.`, FIX_LINKS.profile);
  }
  return result('passed', `Your website and e-mail are both on ${registrableDomain(site)}.`, null);
};

export const einRecorded: Check = (facts) => {
  const result = resultOf('ein', 'EIN recorded', 10);
  return facts.profile?.hasEin
    ? result('passed', 'Your EIN is on your profile.', null)
    : result('failed', 'Add your EIN (Employer Identification Number) to your profile.', FIX_LINKS.profile);
};

export const bankAccountOpen: Check = (facts) => {
  const result = resultOf('bank-account', 'Business bank account', 10);
  const n = facts.bankAccounts.length;
  return n > 0
    ? result('passed', `You have ${countLabel(n, 'business bank account')}.`, null)
    : result('failed', 'Add your business bank account.', FIX_LINKS.bank);
};

export const tasksOnTime: Check = (facts) => {
  const result = resultOf('tasks-on-time', 'Compliance tasks on time', 6);
  const { total, overdue } = facts.tasks;
  if (total === 0) return result('unknown', 'You have no compliance tasks yet.', null);
  if (overdue > 0)
    return result(
      'failed',
      `${countLabel(overdue, 'compliance task is', 'compliance tasks are')} overdue.`,
      FIX_LINKS.tasks,
    );
  return result('passed', 'None of your compliance tasks is overdue.', null);
};

export const dnbTradelines: Check = (facts) => {
  const result = resultOf('dnb-tradelines', `${PAYDEX_MIN_TRADELINES} tradelines reporting to Dun & Bradstreet`, 8);
  const n = facts.dnbTradelines;
  if (n === null) return result('unknown', 'You have no tradelines recorded yet.', FIX_LINKS.tradelines);
  if (n < PAYDEX_MIN_TRADELINES) {
    return result(
      'failed',
      `${n} of the ${PAYDEX_MIN_TRADELINES} tradelines needed for a PAYDEX score report to Dun & Bradstreet.`,
      FIX_LINKS.tradelines,
    );
  }
  return result('passed', `${countLabel(n, 'tradeline reports', 'tradelines report')} to Dun & Bradstreet.`, null);
};

const FUNDABLE_TIERS: readonly TierName[] = ['Established', 'Prime'];

export const capitalScoreTier: Check = (facts) => {
  const result = resultOf('capital-score-tier', 'CapitalScore tier', 6);
  const score = facts.capitalScore;
  if (score === null) return result('unknown', 'You have no CapitalScore yet.', FIX_LINKS.capitalScore);
  const tier = tierFor(score).name;
  if (FUNDABLE_TIERS.includes(tier))
    return result('passed', `Your CapitalScore ${score} is in the ${tier} tier.`, null);
  return result(
    'failed',
    `Your CapitalScore ${score} is in the ${tier} tier; lenders look for Established (750) or higher.`,
    FIX_LINKS.capitalScore,
  );
};

/** Every check, in the order of checkIds. */
export const CHECKS: readonly Check[] = [
  nameConsistent,
  addressConsistent,
  phoneConsistent,
  businessPhoneSeparate,
  businessEmailDomain,
  websiteDomainMatches,
  einRecorded,
  bankAccountOpen,
  tasksOnTime,
  dnbTradelines,
  capitalScoreTier,
];

const byWeight = (a: CheckResult, b: CheckResult) => b.weight - a.weight;

/** Runs every check: the score is the weight of the passed ones; the top fixes are failed, then unknown, heaviest first. */
export function evaluateFundability(facts: FundabilityFacts): FundabilityResult {
  const checks = CHECKS.map((check) => check(facts));
  const score = checks.filter((c) => c.state === 'passed').reduce((sum, c) => sum + c.weight, 0);
  const topFixes = [
    ...checks.filter((c) => c.state === 'failed').sort(byWeight),
    ...checks.filter((c) => c.state === 'unknown').sort(byWeight),
  ].slice(0, 3);
  return { score, checks, topFixes };
}
