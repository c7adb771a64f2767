import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  bigint,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { roles } from '../../../shared/roles';

// better-auth's tables. Property names are the ones better-auth's drizzle adapter expects.
export const authUsers = pgTable(
  'auth_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone').notNull().default(''),
    role: text('role', { enum: roles }).notNull().default('client'),
    // A client's staff member (role 'staff'), or null: the admins' pool. On the client's own row,
    // so the change is announced like any change of the user (the session cache forgets what it
    // knew of the client) and the clients of one staff member are one indexed condition.
    assignedStaffId: text('assigned_staff_id').references((): AnyPgColumn => authUsers.id, { onDelete: 'set null' }),
    // A staff member's "Takes new clients" setting: new clients are shared out among those who take
    // them, round-robin, the one given a new client longest ago (or never) first (staff/intake.ts).
    takesNewClients: boolean('takes_new_clients').notNull().default(false),
    lastNewClientAt: timestamp('last_new_client_at', { withTimezone: true }),
    initiator: text('initiator').notNull().default('root'),
    lastPasswordChange: timestamp('last_password_change', { withTimezone: true }),
    // better-auth's two-factor plugin: whether sign-in asks for a code.
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // What the admin's client search reads: name, e-mail, phone and the phone's digits, lower case,
    // kept by the database (one column to scan, nothing computed per search). U+001F between parts,
    // so a search never matches across two of them.
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower("name" || chr(31) || "email" || chr(31) || "phone") || chr(31) || regexp_replace("phone", '[^0-9]', '', 'g')`,
      ),
  },
  (t) => [
    uniqueIndex('auth_users_email_idx').on(t.email),
    // The admin's clients list reads each of its orders from an index, from where a page's cursor
    // points (role first: the list is of clients only; the id last: the tie-breaker). Newest and
    // oldest read the first backwards and forwards, the e-mail orders the second, by name the third
    // (the name as shown: the e-mail when there is none, letter case ignored).
    index('auth_users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('auth_users_role_email_idx').on(t.role, t.email, t.id),
    // "The clients of staff member X" (their lists, their search, their count).
    index('auth_users_assigned_staff_idx').on(t.assignedStaffId, t.createdAt, t.id),
    index('auth_users_role_name_idx').on(t.role, sql`lower(coalesce(nullif(${t.name}, ''), ${t.email}))`, t.id),
    // Trigrams answer "contains" (like '%q%') from the index instead of reading every user.
    index('auth_users_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // A search with an '@' (clients.service.ts, whereAddressCanBe): e-mails by the end of their local
    // part (reversed, so it is a prefix), and the few names that have an '@'.
    index('auth_users_email_local_idx').using(
      'btree',
      sql`reverse(split_part(lower(${t.email}), '@', 1)) text_pattern_ops`,
    ),
    index('auth_users_name_at_idx')
      .on(t.id)
      .where(sql`${t.name} like '%@%'`),
  ],
);

/**
 * Counts the database keeps as rows change ('clients': users whose role is client), kept by the
 * statement triggers of migration 0023, so the clients list's total is one row read instead of a
 * count over every client.
 */
export const portalCounters = pgTable('portal_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_sessions_token_idx').on(t.token), index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * better-auth's two-factor plugin: one row per user who started or finished TOTP set-up. The
 * plugin stores the secret and the recovery codes encrypted with the auth secret; it counts
 * failed codes and locks further tries (failedVerificationCount, lockedUntil) in this row, so the
 * lockout holds across instances.
 */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_two_factors_user_idx').on(t.userId)],
);

/**
 * The code e-mailed to a browser the account does not know while its sign-ins are flooded with
 * wrong passwords (auth/sign-in-guard.ts): one live code per user, stored as an HMAC only,
 * single use, with its expiry and the wrong tries made with it.
 */
export const signInCodes = pgTable('sign_in_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tries: integer('tries').notNull().default(0),
});
