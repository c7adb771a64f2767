import { addCard } from '../features/cards/cards.service';
import { createFirstStepAccount, openFirstStepAccount } from '../features/first-step/first-step.service';
import { addInvoice, type TradelineRef } from '../features/invoices/invoices.service';
import { setScore } from '../features/scores/scores.service';
import { updateTradeline } from '../features/tradelines/tradelines.service';
import {
  firstStepAccountInput,
  firstStepOpenInput,
  revolvingCreditInput,
  storeCardInput,
  tradelineInput,
} from '../../shared/credit';
import { invoiceInput } from '../../shared/invoices';
import { capitalScoreInput, paydexScoreInput } from '../../shared/scores';
import { dayIso, ownScope, parse, staffScope, type DemoContext } from './demo-context';

// Business credit: CapitalScore and PAYDEX with history, store and revolving cards with their
// tradelines, and First Step Accounts (the shared list, two of them opened by the client).

export async function addScores(ctx: DemoContext) {
  const scope = staffScope(ctx, ctx.client.id);
  // After the set-up's CapitalScore of 500: a save a week.
  for (const score of [540, 585, 620])
    await setScore(ctx.deps.db, scope, 'capital', parse(capitalScoreInput, { score }).score);
  for (const score of [55, 68, 74])
    await setScore(ctx.deps.db, scope, 'paydex', parse(paydexScoreInput, { score }).score);
}

/** The demo client's store and revolving cards; their ids for the invoices. */
export async function addCards(ctx: DemoContext) {
  const { db, keyring } = ctx.deps;
  const scope = ownScope(ctx.client.id);
  const office = await addCard(
    db,
    keyring,
    'store',
    scope,
    parse(storeCardInput, {
      issuer: 'Summit Office Supply',
      cardType: 'Net 30 trade account',
      creditLimit: 1500,
      benefits: 'Reports to Dun & Bradstreet and Experian Business monthly.',
      requirements: 'EIN, D-U-N-S number, business address and phone.',
      applicationUrl: 'https://www.summitofficesupply.example/net30',
      accountNumber: '5520-1837-44',
      username: 'harborlanecoffee',
      password: 'demo-Summit-5521',
    }),
  );
  const fuel = await addCard(
    db,
    keyring,
    'store',
    scope,
    parse(storeCardInput, {
      issuer: 'Roadway Fuel Fleet',
      cardType: 'Fleet fuel card',
      creditLimit: 800,
      apr: '0% (paid monthly)',
      benefits: 'Reports to Equifax Business.',
      applicationUrl: 'https://www.roadwayfuel.example/fleet',
      accountNumber: '7781-0042-19',
    }),
  );
  const visa = await addCard(
    db,
    keyring,
    'revolving',
    scope,
    parse(revolvingCreditInput, {
      issuer: 'Hill Country Community Bank',
      cardType: 'Business Visa',
      creditLimit: 5000,
      apr: '19.99% variable',
      benefits: '1.5% cash back on every purchase.',
      requirements: 'Business checking account at the bank for 30 days.',
      applicationUrl: 'https://www.hillcountrybank.example/business/visa',
      rewards: '1.5% cash back',
      annualFee: 0,
    }),
  );
  await updateTradeline(
    db,
    scope,
    'store',
    office.id,
    parse(tradelineInput, { bureaus: ['dnb', 'experian'], dateOpened: dayIso(ctx, 20), lastReported: dayIso(ctx, 4) }),
  );
  await updateTradeline(
    db,
    scope,
    'store',
    fuel.id,
    parse(tradelineInput, { bureaus: ['equifax'], dateOpened: dayIso(ctx, 17), lastReported: '' }),
  );
  await updateTradeline(
    db,
    scope,
    'revolving',
    visa.id,
    parse(tradelineInput, {
      bureaus: ['experian', 'equifax'],
      dateOpened: dayIso(ctx, 11),
      lastReported: dayIso(ctx, 1),
    }),
  );
  return { office: office.id, visa: visa.id };
}

const FIRST_STEP = [
  {
    vendor: 'Quill Supply Co.',
    sells: 'Office and cleaning supplies',
    requirements: 'EIN and a business address; first order of $50 or more.',
    bureaus: ['dnb'],
    applicationUrl: 'https://www.quillsupply.example/net30',
  },
  {
    vendor: 'Uline Shipping Supplies',
    sells: 'Boxes, bags and shipping materials',
    requirements: 'Business name, EIN, business phone.',
    bureaus: ['dnb', 'experian'],
    applicationUrl: 'https://www.uline.example/credit',
  },
  {
    vendor: 'Grainger Industrial',
    sells: 'Tools, safety and maintenance equipment',
    requirements: 'D-U-N-S number; open for 3 months or more.',
    bureaus: ['dnb', 'equifax'],
    applicationUrl: 'https://www.grainger.example/open-account',
  },
] as const;

/**
 * The shared First Step list (admins keep it), two accounts opened by the client (a member); the
 * id of the first opening, for its invoices.
 */
export async function addFirstStep(ctx: DemoContext) {
  const { db } = ctx.deps;
  const accounts = [];
  for (const a of FIRST_STEP)
    accounts.push(await createFirstStepAccount(db, parse(firstStepAccountInput, { ...a, bureaus: [...a.bureaus] })));
  const scope = ownScope(ctx.client.id);
  const opened = await openFirstStepAccount(
    db,
    scope,
    accounts[0].id,
    parse(firstStepOpenInput, { dateOpened: dayIso(ctx, 18) }).dateOpened,
  );
  await openFirstStepAccount(
    db,
    scope,
    accounts[1].id,
    parse(firstStepOpenInput, { dateOpened: dayIso(ctx, 8) }).dateOpened,
  );
  await updateTradeline(
    db,
    scope,
    'first-step',
    opened!.id,
    parse(tradelineInput, { bureaus: ['dnb'], dateOpened: dayIso(ctx, 18), lastReported: dayIso(ctx, 3) }),
  );
  return opened!.id;
}

/**
 * Eight months of invoices from three vendors (days ago, terms, amount, paid days ago or null while
 * open): the office supplier paid early, the bank's statements mostly on terms with two late, the
 * First Step vendor on terms with one late and its newest invoice open and due in four days. The
 * estimate then sits in the 70s, and the pay-early plan has a real invoice to plan on first start.
 */
const INVOICES: Record<'office' | 'visa' | 'quill', [number, number, number, number | null][]> = {
  office: [
    [240, 30, 212.4, 222],
    [210, 30, 318.9, 188],
    [180, 30, 145.0, 160],
    [150, 30, 402.15, 131],
    [120, 30, 276.3, 99],
    [90, 30, 188.75, 70],
    [60, 30, 330.0, 41],
    [30, 30, 254.6, 12],
  ],
  visa: [
    [200, 25, 1240.0, 172],
    [170, 25, 980.55, 137],
    [140, 25, 1415.2, 108],
    [110, 25, 1102.0, 85],
    [80, 25, 1320.4, 47],
    [50, 25, 1187.3, 24],
  ],
  quill: [
    [190, 30, 96.4, 160],
    [130, 30, 142.8, 91],
    [100, 30, 118.25, 68],
    [70, 30, 87.6, 40],
    [40, 30, 131.45, 12],
    [26, 30, 164.2, null],
  ],
};

export async function addInvoices(ctx: DemoContext, cards: { office: string; visa: string }, quill: string) {
  const scope = ownScope(ctx.client.id);
  const refs: Record<keyof typeof INVOICES, TradelineRef> = {
    office: { source: 'store', id: cards.office },
    visa: { source: 'revolving', id: cards.visa },
    quill: { source: 'first-step', id: quill },
  };
  const prefix = { office: 'SOS-', visa: 'HCB-', quill: 'QSC-' };
  for (const [vendor, rows] of Object.entries(INVOICES) as [keyof typeof INVOICES, (typeof INVOICES)['office']][])
    for (const [i, [dated, termsDays, amount, paid]] of rows.entries())
      await addInvoice(
        ctx.deps.db,
        scope,
        refs[vendor],
        parse(invoiceInput, {
          number: `${prefix[vendor]}${1041 + i}`,
          invoiceDate: dayIso(ctx, dated),
          termsDays,
          amount,
          paidDate: paid === null ? '' : dayIso(ctx, paid),
          paidAmount: paid === null ? null : amount,
        }),
      );
}
