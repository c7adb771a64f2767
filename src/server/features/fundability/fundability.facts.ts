import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authUsers,
  businessAccountDetails,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  capitalScores,
  userProfiles,
} from '../../db/schema';
import { firstStepOpenings, revolvingCredits, storeCreditCards } from '../../db/schema';
import type { FundabilityFacts } from '../../../shared/fundability';
import { LIMITS } from '../../../shared/limits';
import { overdueSql } from '../compliance/compliance.read';
import { columnOf, fromJson } from '../../lib/sql-json';

// What the fundability checks read for one client, in one statement whatever the client holds.
// Lists are bounded by the record limits (a client cannot have more than that through the API), so
// the check's cost stays flat however many rows a client somehow has.

/** Presence-account details the checks can use: labels naming a name, address or phone (the rules pick among them). */
const USEFUL_DETAIL_LABEL = '(name|address|phone|tel|mobile)';
/** At most this many such details in all (a few per account at the record limit). */
const MAX_DETAILS = LIMITS.businessAccounts * 6;

type Presence = FundabilityFacts['presenceAccounts'];
type Banks = FundabilityFacts['bankAccounts'];

/**
 * Everything in one statement: the profile, the owner's phone, the D&B tradeline counts, the latest
 * CapitalScore, the task counts, and the presence and bank accounts (as JSON, in the checks' shape).
 */
async function readFacts(db: Db, clientId: string, now: Date) {
  const bureauCount = (table: typeof storeCreditCards | typeof revolvingCredits | typeof firstStepOpenings) =>
    sql`select ${table.bureaus} as bureaus from ${table} where ${table.userId} = ${clientId}`;
  const tradelines = sql`(${bureauCount(storeCreditCards)} union all ${bureauCount(revolvingCredits)} union all ${bureauCount(firstStepOpenings)}) as t`;
  const account = (column: keyof typeof businessAccounts._.columns) => columnOf('a', businessAccounts[column]);
  const detail = (column: keyof typeof businessAccountDetails._.columns) =>
    columnOf('d', businessAccountDetails[column]);
  const bank = (column: keyof typeof businessBankAccounts._.columns) => columnOf('b', businessBankAccounts[column]);
  const task = businessCompliance;
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
      tasks: sql<number>`(select count(*) from ${task} where ${task.userId} = ${clientId})`.mapWith(Number),
      overdueTasks:
        sql<number>`(select count(*) from ${task} where ${task.userId} = ${clientId} and ${overdueSql(now)})`.mapWith(
          Number,
        ),
      // The first accounts (the record limit), each with its useful details among the first MAX_DETAILS of them.
      presence: sql<Presence | string | null>`(with useful as (
          select ${detail('businessAccountId')}, ${detail('label')}, ${detail('value')}, ${detail('id')}
          from ${businessAccountDetails} d
          where ${detail('userId')} = ${clientId} and ${detail('label')} ~* ${USEFUL_DETAIL_LABEL} and ${detail('value')} <> ''
          order by ${detail('id')} limit ${MAX_DETAILS}
        )
        select json_agg(json_build_object('id', ${account('id')}, 'name', ${account('name')}, 'details', coalesce(
          (select json_agg(json_build_object('label', d.label, 'value', d.value) order by d.id)
            from useful d where d.business_account_id = ${account('id')}),
          '[]'::json)) order by ${account('createdAt')}, ${account('id')})
        from (select * from ${businessAccounts} a where ${account('userId')} = ${clientId}
          order by ${account('createdAt')}, ${account('id')} limit ${LIMITS.businessAccounts}) a)`,
      banks: sql<
        Banks | string | null
      >`(select json_agg(json_build_object('id', ${bank('id')}, 'bankName', ${bank('bankName')},
          'accountOwner', ${bank('accountOwner')}, 'address', ${bank('address')}, 'phone', ${bank('phone')})
          order by ${bank('createdAt')}, ${bank('id')})
        from (select * from ${businessBankAccounts} b where ${bank('userId')} = ${clientId}
          order by ${bank('createdAt')}, ${bank('id')} limit ${LIMITS.bankAccounts}) b)`,
    })
    .from(authUsers)
    .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(eq(authUsers.id, clientId));
  return row;
}

/** Everything the checks read for one client; null when there is no such user. */
export async function gatherFacts(db: Db, clientId: string, now = new Date()): Promise<FundabilityFacts | null> {
  const main = await readFacts(db, clientId, now);
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
    presenceAccounts: fromJson(main.presence, []),
    bankAccounts: fromJson(main.banks, []),
    tasks: { total: main.tasks, overdue: main.overdueTasks },
    dnbTradelines: main.tradelines === 0 ? null : main.dnbTradelines,
    capitalScore: main.capitalScore === null ? null : Number(main.capitalScore),
  };
}
