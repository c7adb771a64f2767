import { addCard } from '../features/cards/cards.service';
import { createFirstStepAccount, openFirstStepAccount } from '../features/first-step/first-step.service';
import { setScore } from '../features/scores/scores.service';
import { updateTradeline } from '../features/tradelines/tradelines.service';
import {
  firstStepAccountInput,
  firstStepOpenInput,
  revolvingCreditInput,
  storeCardInput,
  tradelineInput,
} from '../../shared/credit';
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

/** The shared First Step list (admins keep it), two accounts opened by the client (a member). */
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
}
