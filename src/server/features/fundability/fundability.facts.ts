import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authUsers,
  businessAccountDetails,
  businessAccounts,
  businessBankAccounts,
  capitalScores,
  userProfiles,
} from '../../db/schema';
import { firstStepOpenings, revolvingCredits, storeCreditCards } from '../../db/schema';
import type { FundabilityFacts } from '../../../shared/fundability';
import { LIMITS } from '../../../shared/limits';
import { countTasks } from '../compliance/compliance.read';

// What the fundability checks read for one client, in five statements whatever the client holds.
// Lists are bounded by the record limits (a client cannot have more than that through the API), so
// the check's cost stays flat however many rows a client somehow has.

/** Presence-account details the checks can use: labels naming a name, address or phone (the rules pick among them). */
const USEFUL_DETAIL_LABEL = '(name|address|phone|tel|mobile)';
/** At most this many such details in all (a few per account at the record limit). */
const MAX_DETAILS = LIMITS.businessAccounts * 6;

/** The profile, the owner's phone, the D&B tradeline counts and the latest CapitalScore in one statement. */
async function profileAndScores(db: Db, clientId: string) {
  const bureauCount = (table: typeof storeCreditCards | typeof revolvingCredits | typeof firstStepOpenings) =>
    sql`select ${table.bureaus} as bureaus from ${table} where ${table.userId} = ${clientId}`;
  const tradelines = sql`(${bureauCount(storeCreditCards)} union all ${bureauCount(revolvingCredits)} union all ${bureauCount(firstStepOpenings)}) as t`;
  const [row] = await db
    .select({
      ownerPhone: authUsers.phone,
      hasProfile: sql<boolean>`${userProfiles.userId} is not null`,
      businessName: userProfiles.businessName,
      businessAddress: userProfiles.businessAddress,
      businessPhone: userProfiles.businessPhone,
      forwardPhone: userProfiles.forwardPhone,
      businessEmail: userProfiles.businessEmail,
      businessWebsite: userProfiles.businessWebsite,
      // Whether an EIN is on file; the sealed value is never read here.
      hasEin: sql<boolean>`${userProfiles.ein} is not null`,
      tradelines: sql<number>`(select count(*) from ${tradelines})`.mapWith(Number),
      dnbTradelines: sql<number>`(select count(*) from ${tradelines} where 'dnb' = any(t.bureaus))`.mapWith(Number),
      capitalScore: sql<
        number | null
      >`(select ${capitalScores.score} from ${capitalScores} where ${capitalScores.userId} = ${clientId} order by ${capitalScores.lastUpdatedAt} desc, ${capitalScores.id} desc limit 1)`,
    })
    .from(authUsers)
    .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(eq(authUsers.id, clientId));
  return row;
}

async function presenceAccounts(db: Db, clientId: string): Promise<FundabilityFacts['presenceAccounts']> {
  const accounts = await db
    .select({ id: businessAccounts.id, name: businessAccounts.name })
    .from(businessAccounts)
    .where(eq(businessAccounts.userId, clientId))
    .orderBy(asc(businessAccounts.createdAt), asc(businessAccounts.id))
    .limit(LIMITS.businessAccounts);
  const details = await db
    .select({
      accountId: businessAccountDetails.businessAccountId,
      label: businessAccountDetails.label,
      value: businessAccountDetails.value,
    })
    .from(businessAccountDetails)
    .where(
      sql`${businessAccountDetails.userId} = ${clientId} and ${businessAccountDetails.label} ~* ${USEFUL_DETAIL_LABEL} and ${businessAccountDetails.value} <> ''`,
    )
    .orderBy(asc(businessAccountDetails.id))
    .limit(MAX_DETAILS);
  const byAccount = new Map<string, { label: string; value: string }[]>();
  for (const d of details)
    byAccount.set(d.accountId, [...(byAccount.get(d.accountId) ?? []), { label: d.label, value: d.value }]);
  return accounts.map((a) => ({ id: a.id, name: a.name, details: byAccount.get(a.id) ?? [] }));
}

function bankAccounts(db: Db, clientId: string): Promise<FundabilityFacts['bankAccounts']> {
  return db
    .select({
      id: businessBankAccounts.id,
      bankName: businessBankAccounts.bankName,
      accountOwner: businessBankAccounts.accountOwner,
      address: businessBankAccounts.address,
      phone: businessBankAccounts.phone,
    })
    .from(businessBankAccounts)
    .where(eq(businessBankAccounts.userId, clientId))
    .orderBy(asc(businessBankAccounts.createdAt), asc(businessBankAccounts.id))
    .limit(LIMITS.bankAccounts);
}

/** Everything the checks read for one client; null when there is no such user. */
export async function gatherFacts(db: Db, clientId: string, now = new Date()): Promise<FundabilityFacts | null> {
  // One query after the other: inside recomputeFundability's transaction they share one
  // connection, where queries sent together only queue (and pg warns of it).
  const main = await profileAndScores(db, clientId);
  const presence = await presenceAccounts(db, clientId);
  const banks = await bankAccounts(db, clientId);
  const tasks = await countTasks(db, clientId, now);
  if (!main) return null;
  return {
    profile: main.hasProfile
      ? {
          businessName: main.businessName ?? '',
          businessAddress: main.businessAddress ?? '',
          businessPhone: main.businessPhone ?? '',
          forwardPhone: main.forwardPhone ?? '',
          businessEmail: main.businessEmail ?? '',
          businessWebsite: main.businessWebsite ?? '',
          hasEin: main.hasEin,
        }
      : null,
    ownerPhone: main.ownerPhone,
    presenceAccounts: presence,
    bankAccounts: banks,
    tasks: { total: tasks.total, overdue: tasks.overdue },
    dnbTradelines: main.tradelines === 0 ? null : main.dnbTradelines,
    capitalScore: main.capitalScore === null ? null : Number(main.capitalScore),
  };
}
