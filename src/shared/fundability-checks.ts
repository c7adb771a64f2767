// The fundability checks, one small pure function each; fundability.ts runs them in CHECKS' order.

import { PAYDEX_MIN_TRADELINES } from './credit-rules';
import { tierFor, type TierName } from './scores-rules';
import { countLabel } from './format';
import type { CheckId, CheckResult, CheckState, FixLink, FundabilityFacts } from './fundability';
import {
  emailDomain,
  isFreeMailDomain,
  normalizeAddress,
  normalizeName,
  normalizePhone,
  registrableDomain,
  websiteDomain,
} from './fundability-compare';

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
