import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Deps } from '../app-env';
import { authUsers } from '../db/schema';
import { createVerifiedUser } from './create-user';
import type { DemoContext } from './demo-context';
import {
  addActivities,
  fillProfile,
  makeMember,
  progressBuildOut,
  setEmailAlerts,
  setUpClient,
  spreadScoreHistory,
  startMemberProfile,
} from './demo-build-out';
import { addBanking, addWebPresence } from './demo-accounts';
import { addDocumentRequests, addDocuments } from './demo-documents';
import { addPayments, addRecords } from './demo-money';
import { addCards, addFirstStep, addInvoices, addScores } from './demo-credit';
import { fundabilityPoint } from './demo-fundability';
import { addAutomations, addSupportChat, addTraining, prepareAutomations } from './demo-library';

export type DemoDeps = Pick<Deps, 'config' | 'db' | 'auth' | 'mailer' | 'log' | 'keyring' | 'storage' | 'realtime'>;

/** The demo people: fixed names and e-mails (the tests and the README name them). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.local', name: 'Demo Admin', note: 'staff: sees every client' },
  client: {
    email: 'client@demo.local',
    name: 'Maya Thompson',
    phone: '(512) 555-0193',
    note: 'three weeks into the build-out, every area filled',
  },
  member: {
    email: 'member@demo.local',
    name: 'Daniel Reyes',
    phone: '(303) 555-0119',
    note: 'a member, a few days in',
  },
  newcomer: {
    email: 'new@demo.local',
    name: 'Priya Shah',
    phone: '(206) 555-0163',
    note: 'brand new: the first sign-in sets the account up',
  },
} as const;

/**
 * On a brand-new database: the demo admin and three demo clients, client 1 with a build-out a few
 * weeks in. Every record goes through the feature's own service with a Scope (validated with the
 * routes' schemas, sealed, audited); only timestamps the services set to "now" are moved back so
 * the weeks look lived in. Passwords are random and printed once, here; nothing stores them in clear.
 * Returns the accounts made (null when the database already had users).
 */
export async function seedDemo(deps: DemoDeps, now = new Date()) {
  const [{ n }] = await deps.db.select({ n: count() }).from(authUsers);
  if (n > 0) return null;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const pw = () => randomBytes(9).toString('base64url');
  const passwords = { admin: pw(), client: pw(), member: pw(), newcomer: pw() };
  const { admin: a, client: c, member: m, newcomer: x } = DEMO_ACCOUNTS;
  // Each step's time, for LOG_LEVEL=debug: the whole seed has to stay under 5 s.
  const timings: string[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await run();
    timings.push(`${name} ${Math.round(performance.now() - t0)} ms`);
    return out;
  };
  // The automation sanitiser loads jsdom (about a second) while the password hashes run on other threads.
  const [admin, client, member] = await step('accounts', () =>
    Promise.all([
      prepareAutomations(),
      createVerifiedUser(deps.auth, deps.db, {
        email: a.email,
        name: a.name,
        password: passwords.admin,
        role: 'admin',
      }),
      createVerifiedUser(deps.auth, deps.db, {
        email: c.email,
        name: c.name,
        phone: c.phone,
        password: passwords.client,
        role: 'client',
      }),
      createVerifiedUser(deps.auth, deps.db, {
        email: m.email,
        name: m.name,
        phone: m.phone,
        password: passwords.member,
        role: 'client',
      }),
      createVerifiedUser(deps.auth, deps.db, {
        email: x.email,
        name: x.name,
        phone: x.phone,
        password: passwords.newcomer,
        role: 'client',
      }),
    ]).then(([, ...users]) => users),
  );

  const ctx: DemoContext = { deps: deps as Deps, now, admin, client, member };
  await step('set-up', async () => {
    for (const [user, who] of [
      [client, c],
      [member, m],
    ] as const) {
      await setUpClient(ctx, { id: user.id, name: who.name, email: who.email, phone: who.phone });
      await setEmailAlerts(ctx, user.id, false);
      await makeMember(ctx, user.id);
    }
  });
  // Fundability history: a point at each stage of the weeks (days ago), as each write would have made it.
  const point = (ago: number, who = client.id) => step(`fundability ${ago}`, () => fundabilityPoint(ctx, who, ago));
  await point(24);
  await step('profile', () => fillProfile(ctx));
  await step('build-out', () => progressBuildOut(ctx, client.id));
  await point(20);
  await step('activities', () => addActivities(ctx));
  await step('banking', () => addBanking(ctx));
  await point(12);
  await step('web presence', () => addWebPresence(ctx));
  await point(9);
  await step('documents', async () => {
    await addDocuments(ctx);
    await addDocumentRequests(ctx);
  });
  await step('payments', () => addPayments(ctx));
  await step('records', () => addRecords(ctx));
  await step('scores', async () => {
    await addScores(ctx);
    await spreadScoreHistory(ctx, client.id);
  });
  const cards = await step('cards', () => addCards(ctx));
  const quill = await step('first step', () => addFirstStep(ctx));
  await step('invoices', () => addInvoices(ctx, cards, quill));
  await point(4);
  await step('training', () => addTraining(ctx));
  await step('automations', () => addAutomations(ctx));
  await step('support chat', () => addSupportChat(ctx));
  await point(0);
  await step('member', async () => {
    await startMemberProfile(ctx);
    await progressBuildOut(ctx, member.id, 4, 5);
  });
  await point(3, member.id);
  deps.log.debug(`demo seed steps: ${timings.join(', ')}`);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const twoFactor = deps.config.requireAdmin2fa
    ? '; at the first sign-in it is asked to set up two-factor sign-in (REQUIRE_ADMIN_2FA)'
    : '';
  deps.log.info(
    [
      `Demo accounts created in ${seconds} s (passwords shown only this once; use "Forget Password" later, or npm run demo:reset):`,
      `  admin:  ${a.email}  password: ${passwords.admin}  (${a.note}${twoFactor})`,
      `  client: ${c.email}  password: ${passwords.client}  (${c.note})`,
      `  member: ${m.email}  password: ${passwords.member}  (${m.note})`,
      `  new:    ${x.email}  password: ${passwords.newcomer}  (${x.note})`,
    ].join('\n'),
  );
  return {
    admin: admin.id,
    client: client.id,
    member: member.id,
    timings,
    passwords,
    seconds: Number(seconds),
    cpuSeconds,
  };
}
