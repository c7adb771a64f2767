import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

/**
 * A client's funding packet: one PDF and its manifest, built on the server into storage, so a
 * share link serves exactly the bytes that were built and hashed. `items` is the packet's index
 * (each item's source, date, age, check and SHA-256), kept with the row so lists need no file.
 */
export const fundingPackets = pgTable(
  'funding_packets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** 'building' (progress in done/total), 'ready' or 'failed' (with the reason in error). */
    status: text('status').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    pdfKey: text('pdf_key'),
    manifestKey: text('manifest_key'),
    pdfSize: bigint('pdf_size', { mode: 'number' }),
    pdfSha256: text('pdf_sha256'),
    manifestSha256: text('manifest_sha256'),
    items: jsonb('items')
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
  },
  (t) => [
    index('funding_packets_user_created_idx').on(t.userId, t.createdAt),
    // One build in flight per client, whichever instance runs it.
    uniqueIndex('funding_packets_one_building_idx')
      .on(t.userId)
      .where(sql`status = 'building'`),
  ],
);

/**
 * An expiring link to a packet for a lender. Only the SHA-256 of its token is kept: the address is
 * shown once, when it is made. A revoked or expired link serves nothing.
 */
export const packetLinks = pgTable(
  'packet_links',
  {
    id: text('id').primaryKey(),
    packetId: text('packet_id')
      .notNull()
      .references(() => fundingPackets.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Who it is for, in the client's words (shown to them and staff only). */
    label: text('label').notNull().default(''),
    createdBy: text('created_by').references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set by the first open, in the statement that claims it, so the client is told once. */
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  },
  (t) => [index('packet_links_user_created_idx').on(t.userId, t.createdAt)],
);

/** Every open of a share link's page and every download through it. */
export const packetLinkEvents = pgTable(
  'packet_link_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => packetLinks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** 'open', 'download-pdf' or 'download-manifest'. */
    kind: text('kind').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('packet_link_events_link_at_idx').on(t.linkId, t.at)],
);
