import { describe, expect, it } from 'vitest';
import { checkIds, evaluateFundability, type CheckId, type CheckState, type FundabilityFacts } from './fundability';
import { CHECKS } from './fundability-checks';
import {
  emailDomain,
  FREE_MAIL_DOMAINS,
  normalizeAddress,
  normalizeName,
  normalizePhone,
  registrableDomain,
  websiteDomain,
} from './fundability-compare';

type Profile = NonNullable<FundabilityFacts['profile']>;

const profile = (over: Partial<Profile> = {}): Profile => ({
  businessName: 'Acme, Inc.',
  businessAddress: '12 Elm St, Springfield, IL 62704',
  businessPhone: '(555) 010-2000',
  forwardPhone: '555-010-9999',
  businessEmail: 'jane@acme.com',
  businessWebsite: 'https://www.acme.com',
  hasEin: true,
  ...over,
});

const bank = (over: Partial<FundabilityFacts['bankAccounts'][number]> = {}) => ({
  id: 'b1',
  bankName: 'Chase',
  accountOwner: 'ACME Incorporated',
  address: '12 Elm Street\nSpringfield, Illinois 62704-1234',
  phone: '+1 555 010 2000',
  ...over,
});

const presence = (details: [string, string][], name = 'Google Business Profile') => ({
  id: `p-${name}`,
  name,
  details: details.map(([label, value]) => ({ label, value })),
});

/** A client who passes every check. */
const good = (over: Partial<FundabilityFacts> = {}): FundabilityFacts => ({
  profile: profile(),
  ownerPhone: '555-010-7777',
  presenceAccounts: [
    presence([
      ['Business name', 'Acme Inc'],
      ['Address', '12 elm st., springfield IL 62704'],
      ['Phone', '555.010.2000'],
    ]),
  ],
  bankAccounts: [bank()],
  tasks: { total: 5, overdue: 0 },
  dnbTradelines: 3,
  capitalScore: 760,
  ...over,
});

const run = (id: CheckId, facts: FundabilityFacts) => {
  const check = CHECKS[checkIds.indexOf(id)]!;
  const result = check(facts);
  expect(result.id).toBe(id);
  return result;
};

describe('normalizeName', () => {
  it.each([
    ['Acme, Inc.', 'ACME Incorporated'],
    ['Smith & Sons LLC', 'smith and sons L.L.C.'],
    ['Blue Sky Co.', 'Blue Sky Company'],
    ['Blue Sky Corp', 'BLUE SKY CORPORATION'],
    ["Joe's  Pizza,   Ltd", 'Joes Pizza Limited'],
    ['  Acme   Widgets  ', 'acme widgets'],
  ])('%j matches %j', (a, b) => {
    expect(normalizeName(a)).toBe(normalizeName(b));
  });

  it.each([
    ['Acme Inc', 'Acme LLC'],
    ['Acme Widgets', 'Acme Gadgets'],
  ])('%j differs from %j', (a, b) => {
    expect(normalizeName(a)).not.toBe(normalizeName(b));
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['123 N. Main St., Ste 4', '123 North Main Street Suite 4'],
    ['123 Main St #4', '123 Main Street, Suite 4'],
    ['123 Main St Suite #4', '123 Main St Ste 4'],
    ['9 Oak Ave Apt #2', '9 Oak Avenue Apartment 2'],
    ['9 Oak Ave Unit #7', '9 Oak Ave Suite 7'],
    ['9 Oak Avenue, Apartment 2', '9 oak ave apt 2'],
    ['1 Park Blvd', '1 Park Boulevard'],
    ['5 Sunset Drive', '5 sunset dr.'],
    ['7 Pine Lane', '7 Pine Ln'],
    ['3 King Court', '3 king ct'],
    ['44 Market Road SW', '44 Market Rd Southwest'],
    ['12 Elm St\nSpringfield, IL 62704-1234', '12 Elm Street, Springfield, Illinois 62704'],
    ['1 Main St, Charlotte, North Carolina 28202', '1 Main St Charlotte NC 28202'],
  ])('%j matches %j', (a, b) => {
    expect(normalizeAddress(a)).toBe(normalizeAddress(b));
  });

  it.each([
    ['12 Elm St', '12 Oak St'],
    ['123 N Main St', '123 S Main St'],
    ['12 Elm St Ste 4', '12 Elm St Ste 5'],
    ['12 Elm St, 62704', '12 Elm St, 62705'],
  ])('%j differs from %j', (a, b) => {
    expect(normalizeAddress(a)).not.toBe(normalizeAddress(b));
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+1 (555) 010-2000', '5550102000'],
    ['555.010.2000', '5550102000'],
    ['1-555-010-2000', '5550102000'],
    ['555-010-2000 ext. 12', '5550102000'],
    ['(555) 010-2000 x12', '5550102000'],
    ['555 010 2000 extension 7', '5550102000'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('domains', () => {
  it.each([
    ['Jane@ACME.com', 'acme.com'],
    ['  jane@Mail.Acme.COM ', 'mail.acme.com'],
    ['no-at-sign', ''],
  ])('emailDomain(%j) = %j', (input, expected) => {
    expect(emailDomain(input)).toBe(expected);
  });

  it.each([
    ['https://www.Acme.com/about?x=1', 'acme.com'],
    ['WWW.ACME.COM', 'acme.com'],
    ['http://shop.acme.com:8080/', 'shop.acme.com'],
    ['acme.com/', 'acme.com'],
    ['', ''],
  ])('websiteDomain(%j) = %j', (input, expected) => {
    expect(websiteDomain(input)).toBe(expected);
  });

  it.each([
    ['shop.acme.com', 'acme.com'],
    ['acme.com', 'acme.com'],
    ['shop.acme.co.uk', 'acme.co.uk'],
    ['www.acme.com.au', 'acme.com.au'],
  ])('registrableDomain(%j) = %j', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });

  it('lists the common free mail services', () => {
    for (const d of ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'aol.com', 'icloud.com', 'proton.me']) {
      expect(FREE_MAIL_DOMAINS).toContain(d);
    }
  });
});

describe('checks', () => {
  const cases: [string, CheckId, FundabilityFacts, CheckState, RegExp?][] = [
    // Name
    ['name: same after normalising', 'name-consistent', good(), 'passed'],
    [
      'name: bank owner differs',
      'name-consistent',
      good({ bankAccounts: [bank({ accountOwner: 'Acme Holdings LLC' })] }),
      'failed',
      /Chase bank account: Acme Holdings LLC differs from the profile's Acme, Inc\./,
    ],
    ['name: only the profile has it', 'name-consistent', good({ presenceAccounts: [], bankAccounts: [] }), 'unknown'],
    [
      'name: presence "Legal name" label counts, "Username" does not',
      'name-consistent',
      good({
        bankAccounts: [],
        presenceAccounts: [
          presence([
            ['Username', 'acme_official'],
            ['Legal Name', 'Acme Incorporated'],
          ]),
        ],
      }),
      'passed',
    ],
    [
      'name: no profile, two records compared with each other',
      'name-consistent',
      good({
        profile: null,
        bankAccounts: [bank(), bank({ id: 'b2', bankName: 'Wells Fargo', accountOwner: 'Acme Co' })],
        presenceAccounts: [],
      }),
      'failed',
      /Wells Fargo bank account: Acme Co differs from the Chase bank account's ACME Incorporated/,
    ],
    // Address
    ['address: same after normalising', 'address-consistent', good(), 'passed'],
    [
      'address: a "Principal Address" detail counts (ip/mac inside a word do not rule it out)',
      'address-consistent',
      good({ bankAccounts: [], presenceAccounts: [presence([['Principal Address', '12 Oak Street']])] }),
      'failed',
      /12 Oak Street differs/,
    ],
    [
      'address: bank differs',
      'address-consistent',
      good({ bankAccounts: [bank({ address: '12 Oak Street' })], presenceAccounts: [] }),
      'failed',
      /^Chase bank account: 12 Oak Street differs from the profile's 12 Elm St, Springfield, IL 62704\.$/,
    ],
    [
      'address: e-mail and web address details are not postal addresses',
      'address-consistent',
      good({
        bankAccounts: [],
        presenceAccounts: [
          presence([
            ['Email address', 'x@acme.com'],
            ['Web address', 'acme.com'],
          ]),
        ],
      }),
      'unknown',
    ],
    [
      'address: two differing records counted',
      'address-consistent',
      good({
        bankAccounts: [bank({ address: '1 Oak St' }), bank({ id: 'b2', bankName: 'Citi', address: '2 Oak St' })],
      }),
      'failed',
      /and 1 more record/,
    ],
    [
      'address: nothing recorded',
      'address-consistent',
      good({ profile: profile({ businessAddress: '' }), bankAccounts: [], presenceAccounts: [] }),
      'unknown',
    ],
    // Phone
    ['phone: same after normalising', 'phone-consistent', good(), 'passed'],
    [
      'phone: presence "Telephone" differs',
      'phone-consistent',
      good({ bankAccounts: [], presenceAccounts: [presence([['Telephone', '555-010-3000']], 'Yelp')] }),
      'failed',
      /^Yelp account: 555-010-3000 differs/,
    ],
    [
      'phone: one record only',
      'phone-consistent',
      good({ bankAccounts: [bank({ phone: '' })], presenceAccounts: [] }),
      'unknown',
    ],
    // Business phone separate
    ['separate phone: differs from personal', 'business-phone-separate', good(), 'passed'],
    [
      'separate phone: is the owner phone',
      'business-phone-separate',
      good({ ownerPhone: '+1 555 010 2000' }),
      'failed',
      /personal phone/,
    ],
    [
      'separate phone: is the forwarding phone',
      'business-phone-separate',
      good({ profile: profile({ forwardPhone: '555.010.2000' }) }),
      'failed',
    ],
    [
      'separate phone: none recorded',
      'business-phone-separate',
      good({ profile: profile({ businessPhone: '' }), bankAccounts: [bank({ phone: '' })], presenceAccounts: [] }),
      'failed',
      /no business phone/,
    ],
    // E-mail
    ['e-mail: own domain', 'business-email-domain', good(), 'passed'],
    [
      'e-mail: free mail, mixed case',
      'business-email-domain',
      good({ profile: profile({ businessEmail: 'Acme@GMail.com' }) }),
      'failed',
      /gmail\.com is a free mail service/,
    ],
    ['e-mail: missing', 'business-email-domain', good({ profile: profile({ businessEmail: '' }) }), 'failed'],
    ['e-mail: no profile', 'business-email-domain', good({ profile: null }), 'failed'],
    // Website
    ['website: same domain with www.', 'website-domain', good(), 'passed'],
    [
      'website: e-mail on a subdomain',
      'website-domain',
      good({ profile: profile({ businessEmail: 'jane@mail.ACME.com', businessWebsite: 'shop.acme.com' }) }),
      'passed',
    ],
    [
      'website: different domain',
      'website-domain',
      good({ profile: profile({ businessWebsite: 'acme-widgets.com' }) }),
      'failed',
      /acme-widgets\.com is not on your e-mail's domain acme\.com/,
    ],
    [
      'website: co.uk registrable domains differ',
      'website-domain',
      good({ profile: profile({ businessEmail: 'a@acme.co.uk', businessWebsite: 'other.co.uk' }) }),
      'failed',
    ],
    [
      'website: free mail e-mail',
      'website-domain',
      good({ profile: profile({ businessEmail: 'acme@yahoo.com' }) }),
      'unknown',
    ],
    ['website: missing', 'website-domain', good({ profile: profile({ businessWebsite: '' }) }), 'failed'],
    // EIN
    ['EIN: recorded', 'ein', good(), 'passed'],
    ['EIN: missing', 'ein', good({ profile: profile({ hasEin: false }) }), 'failed'],
    // Bank account
    ['bank: one account', 'bank-account', good(), 'passed'],
    ['bank: none', 'bank-account', good({ bankAccounts: [] }), 'failed'],
    // Tasks
    ['tasks: none overdue', 'tasks-on-time', good(), 'passed'],
    [
      'tasks: two overdue',
      'tasks-on-time',
      good({ tasks: { total: 5, overdue: 2 } }),
      'failed',
      /^2 compliance tasks are overdue\.$/,
    ],
    ['tasks: no tasks', 'tasks-on-time', good({ tasks: { total: 0, overdue: 0 } }), 'unknown'],
    // Tradelines
    ['tradelines: three', 'dnb-tradelines', good(), 'passed'],
    ['tradelines: two', 'dnb-tradelines', good({ dnbTradelines: 2 }), 'failed', /^2 of the 3 tradelines/],
    ['tradelines: no records', 'dnb-tradelines', good({ dnbTradelines: null }), 'unknown'],
    // CapitalScore
    ['score: Established', 'capital-score-tier', good({ capitalScore: 750 }), 'passed'],
    ['score: Prime', 'capital-score-tier', good({ capitalScore: 900 }), 'passed'],
    ['score: Emerging', 'capital-score-tier', good({ capitalScore: 749 }), 'failed', /Emerging tier/],
    ['score: none', 'capital-score-tier', good({ capitalScore: null }), 'unknown'],
  ];

  it.each(cases)('%s', (_name, id, facts, state, reason) => {
    const result = run(id, facts);
    expect(result.state).toBe(state);
    if (reason) expect(result.reason).toMatch(reason);
    // Something to fix always says where; a passed check needs no link.
    if (state === 'failed') expect(result.fix?.href).toMatch(/^\//);
    if (state === 'passed') expect(result.fix).toBeNull();
  });

  it('points a failing record at the page where it is fixed', () => {
    expect(run('address-consistent', good({ bankAccounts: [bank({ address: '1 Oak St' })] })).fix?.href).toBe('/bank');
    expect(
      run('phone-consistent', good({ bankAccounts: [], presenceAccounts: [presence([['Phone', '1']])] })).fix?.href,
    ).toBe('/business-presence');
    expect(run('ein', good({ profile: null })).fix?.href).toBe('/account');
    expect(run('tasks-on-time', good({ tasks: { total: 1, overdue: 1 } })).fix?.href).toBe('/compliance');
    expect(run('capital-score-tier', good({ capitalScore: 600 })).fix?.href).toBe('/dnb');
  });
});

describe('evaluateFundability', () => {
  it('has one check per id, in order, with weights adding up to 100', () => {
    const { checks } = evaluateFundability(good());
    expect(checks.map((c) => c.id)).toEqual([...checkIds]);
    expect(checks.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(checks.every((c) => c.weight > 0 && c.title !== '' && c.reason !== '')).toBe(true);
  });

  it('scores 100 when everything passes, with nothing to fix', () => {
    expect(evaluateFundability(good())).toMatchObject({ score: 100, topFixes: [] });
  });

  it('scores the weights of the passed checks only', () => {
    const result = evaluateFundability(good({ profile: profile({ hasEin: false }), capitalScore: null }));
    const ein = result.checks.find((c) => c.id === 'ein')!;
    const tier = result.checks.find((c) => c.id === 'capital-score-tier')!;
    expect(result.score).toBe(100 - ein.weight - tier.weight);
  });

  it('lists failed checks before unknown ones, heaviest first, at most three', () => {
    const result = evaluateFundability(
      good({
        profile: profile({ hasEin: false }), // failed, 10
        tasks: { total: 3, overdue: 1 }, // failed, 6
        capitalScore: null, // unknown, 6
        dnbTradelines: null, // unknown, 8
      }),
    );
    expect(result.topFixes.map((c) => c.id)).toEqual(['ein', 'tasks-on-time', 'dnb-tradelines']);
  });

  it('scores an empty client low and still gives three fixes', () => {
    const result = evaluateFundability({
      profile: null,
      ownerPhone: '',
      presenceAccounts: [],
      bankAccounts: [],
      tasks: { total: 0, overdue: 0 },
      dnbTradelines: null,
      capitalScore: null,
    });
    expect(result.score).toBe(0);
    expect(result.topFixes).toHaveLength(3);
    expect(result.topFixes.every((c) => c.state === 'failed')).toBe(true);
  });
});
