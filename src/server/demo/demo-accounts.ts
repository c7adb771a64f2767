import { addBankAccount } from '../features/bank-accounts/bank-accounts.service';
import { addBusinessAccount } from '../features/business-accounts/business-accounts.service';
import { addSocialAccount } from '../features/social-accounts/social-accounts.service';
import { saveTemplate } from '../features/website-template/website-template.service';
import { bankAccountInput } from '../../shared/bank-accounts';
import { businessAccountInput } from '../../shared/business-accounts';
import { socialAccountInput, templateInput } from '../../shared/web-presence';
import { dayIso, ownScope, parse, staffScope, type DemoContext } from './demo-context';

// Banking and web presence: two bank accounts, three Business Presence accounts with details, two
// social accounts and a website template. Account numbers and passwords are sealed by the services.

export async function addBanking(ctx: DemoContext) {
  const { db, keyring } = ctx.deps;
  const scope = ownScope(ctx.client.id);
  await addBankAccount(
    db,
    keyring,
    scope,
    parse(bankAccountInput, {
      bankName: 'Hill Country Community Bank',
      accountNumber: '4410 2286 5173',
      routingNumber: '114 924 742',
      accountOwner: 'Harbor Lane Coffee Roasters LLC',
      // The same address and phone as the profile: the fundability check compares them.
      address: '2201 Harbor Lane, Suite 4, Austin, TX 78704',
      phone: '(512) 555-0148',
      dateOpened: dayIso(ctx, 12),
      notes: 'Operating account. Online banking set up; statements arrive on the 1st.',
      businessAccountUrl: 'https://www.hillcountrybank.example/business',
      monthlyFees: 15,
      isDebitCard: true,
    }),
  );
  await addBankAccount(
    db,
    keyring,
    staffScope(ctx, ctx.client.id),
    parse(bankAccountInput, {
      bankName: 'Lone Star Credit Union',
      accountNumber: '7003 1948 22',
      routingNumber: '314 977 405',
      accountOwner: 'Harbor Lane Coffee Roasters LLC',
      address: '2201 Harbor Lane, Suite 4, Austin, TX 78704',
      phone: '(512) 555-0148',
      dateOpened: dayIso(ctx, 6),
      notes: 'Tax reserve savings: 20% of each deposit moved here.',
      businessAccountUrl: 'https://www.lonestarcu.example',
      monthlyFees: 0,
      isSavings: true,
    }),
  );
}

const PRESENCE = [
  {
    name: 'Google Business Profile',
    description: 'Listing for the roastery and tasting room.',
    businessAccountUrl: 'https://business.google.com',
    notes: 'Verified by postcard.',
    details: [
      { label: 'Listing name', value: 'Harbor Lane Coffee Roasters' },
      { label: 'Category', value: 'Coffee roasters' },
      { label: 'Hours', value: 'Mon-Sat 7:00-15:00' },
    ],
  },
  {
    name: 'Yelp for Business',
    description: 'Claimed page; reviews answered weekly.',
    businessAccountUrl: 'https://biz.yelp.com',
    notes: '',
    details: [
      { label: 'Page', value: 'harbor-lane-coffee-austin' },
      { label: 'Owner login', value: 'hello@harborlanecoffee.example' },
    ],
  },
  {
    name: 'Apple Business Connect',
    description: 'Place card for Apple Maps.',
    businessAccountUrl: 'https://businessconnect.apple.com',
    notes: 'Waiting for the phone verification call.',
    details: [
      { label: 'Status', value: 'Verification pending' },
      { label: 'Phone on file', value: '(512) 555-0148' },
    ],
  },
];

export async function addWebPresence(ctx: DemoContext) {
  const { db, keyring } = ctx.deps;
  const scope = ownScope(ctx.client.id);
  for (const account of PRESENCE) await addBusinessAccount(db, scope, parse(businessAccountInput, account));
  await addSocialAccount(
    db,
    keyring,
    scope,
    parse(socialAccountInput, {
      platform: 'Instagram',
      username: 'harborlanecoffee',
      password: 'demo-Insta-2841',
      profileUrl: 'https://www.instagram.com/harborlanecoffee',
      notes: 'Posts Tuesdays and Fridays.',
    }),
  );
  await addSocialAccount(
    db,
    keyring,
    scope,
    parse(socialAccountInput, {
      platform: 'Facebook',
      username: 'hello@harborlanecoffee.example',
      password: 'demo-Fb-7730',
      profileUrl: 'https://www.facebook.com/harborlanecoffee',
    }),
  );
  await saveTemplate(
    db,
    staffScope(ctx, ctx.client.id),
    parse(templateInput, {
      htmlCode:
        '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Harbor Lane Coffee Roasters</title></head>\n<body>\n  <h1>Harbor Lane Coffee Roasters</h1>\n  <p>Small-batch coffee, roasted in Austin every morning.</p>\n  <p>2201 Harbor Lane, Suite 4 &middot; (512) 555-0148</p>\n</body>\n</html>\n',
    }).htmlCode,
  );
}
