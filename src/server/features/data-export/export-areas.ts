import { programInstalments, signedAgreements } from '../../db/schema';
import { asc, eq, getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  pushSubscriptions,
  fundingPackets,
  packetLinkEvents,
  packetLinks,
  accountReceivableDocuments,
  accountReceivables,
  auditLog,
  authUsers,
  automationRequests,
  businessAccountDetails,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  capitalScores,
  creditLoans,
  firstStepOpenings,
  notifications,
  paydexScores,
  fundabilityScores,
  payments,
  programRequests,
  purchaseOrderDocuments,
  purchaseOrders,
  recentActivities,
  revolvingCredits,
  socialMediaAccounts,
  storeCreditCards,
  supportAttachments,
  tradelineInvoices,
  supportMessages,
  userProfiles,
  users,
  videoProgress,
  websiteTemplates,
} from '../../db/schema';
import { encryptedColumns, openRow } from '../../security/encrypted-column';
import type { Keyring } from '../../security/keyring';
import { SECRET_HIDDEN } from '../../../shared/data-export';
import { clientVisibleAudit } from '../audit/audit.service';

/**
 * One area of a client's data: a table read for that client only (its owner column), a page at a
 * time, in a stable order. Columns that are the server's own business (storage paths, the search
 * column) are left out. Every per-client table is either here or in NOT_EXPORTED with a reason
 * (data-export.test.ts fails on a table in neither).
 */
export type ExportArea = {
  name: string;
  table: PgTable;
  owner: PgColumn;
  order: PgColumn[];
  omit?: string[];
  /** The client's rows of the area, when not every row under the owner column is theirs to read. */
  rows?: (clientId: string) => SQL;
};

export const EXPORT_AREAS: ExportArea[] = [
  { name: 'account', table: authUsers, owner: authUsers.id, order: [authUsers.id], omit: ['search'] },
  { name: 'membership-and-preferences', table: users, owner: users.id, order: [users.id] },
  { name: 'profile', table: userProfiles, owner: userProfiles.userId, order: [userProfiles.userId] },
  { name: 'tasks', table: businessCompliance, owner: businessCompliance.userId, order: [businessCompliance.id] },
  { name: 'activities', table: recentActivities, owner: recentActivities.userId, order: [recentActivities.id] },
  { name: 'payments', table: payments, owner: payments.userId, order: [payments.id] },
  { name: 'program-requests', table: programRequests, owner: programRequests.userId, order: [programRequests.id] },
  // What the client signed (the text, its SHA-256, name, time, address, browser) and the instalments it set.
  {
    name: 'signed-agreements',
    table: signedAgreements,
    owner: signedAgreements.userId,
    order: [signedAgreements.signedAt, signedAgreements.id],
  },
  {
    name: 'program-instalments',
    table: programInstalments,
    owner: programInstalments.userId,
    order: [programInstalments.dueDate, programInstalments.id],
    omit: ['checkoutSessionId', 'overdueNotifiedAt'],
  },
  {
    name: 'bank-accounts',
    table: businessBankAccounts,
    owner: businessBankAccounts.userId,
    order: [businessBankAccounts.createdAt, businessBankAccounts.id],
  },
  {
    name: 'business-accounts',
    table: businessAccounts,
    owner: businessAccounts.userId,
    order: [businessAccounts.createdAt, businessAccounts.id],
  },
  {
    name: 'business-account-details',
    table: businessAccountDetails,
    owner: businessAccountDetails.userId,
    order: [businessAccountDetails.id],
  },
  {
    name: 'documents',
    table: businessDocuments,
    owner: businessDocuments.userId,
    order: [businessDocuments.createdAt, businessDocuments.id],
    omit: ['storageKey'],
  },
  {
    name: 'store-cards',
    table: storeCreditCards,
    owner: storeCreditCards.userId,
    order: [storeCreditCards.createdAt, storeCreditCards.id],
  },
  {
    name: 'revolving-credits',
    table: revolvingCredits,
    owner: revolvingCredits.userId,
    order: [revolvingCredits.createdAt, revolvingCredits.id],
  },
  // Tradelines live on the cards above and on these openings (bureaus, date opened, last reported).
  {
    name: 'first-step-openings',
    table: firstStepOpenings,
    owner: firstStepOpenings.userId,
    order: [firstStepOpenings.createdAt, firstStepOpenings.id],
  },
  // The invoices of those tradelines (the pay-early planner), each naming its card or opening.
  {
    name: 'tradeline-invoices',
    table: tradelineInvoices,
    owner: tradelineInvoices.userId,
    order: [tradelineInvoices.createdAt, tradelineInvoices.id],
  },
  {
    name: 'receivables',
    table: accountReceivables,
    owner: accountReceivables.userId,
    order: [accountReceivables.createdAt, accountReceivables.id],
  },
  {
    name: 'receivable-documents',
    table: accountReceivableDocuments,
    owner: accountReceivableDocuments.userId,
    order: [accountReceivableDocuments.createdAt, accountReceivableDocuments.id],
    omit: ['storageKey'],
  },
  {
    name: 'purchase-orders',
    table: purchaseOrders,
    owner: purchaseOrders.userId,
    order: [purchaseOrders.createdAt, purchaseOrders.id],
  },
  {
    name: 'purchase-order-documents',
    table: purchaseOrderDocuments,
    owner: purchaseOrderDocuments.userId,
    order: [purchaseOrderDocuments.createdAt, purchaseOrderDocuments.id],
    omit: ['storageKey'],
  },
  {
    name: 'social-accounts',
    table: socialMediaAccounts,
    owner: socialMediaAccounts.userId,
    order: [socialMediaAccounts.createdAt, socialMediaAccounts.id],
  },
  {
    name: 'website-template',
    table: websiteTemplates,
    owner: websiteTemplates.userId,
    order: [websiteTemplates.userId],
  },
  {
    name: 'automation-requests',
    table: automationRequests,
    owner: automationRequests.userId,
    order: [automationRequests.createdAt, automationRequests.id],
  },
  { name: 'capital-scores', table: capitalScores, owner: capitalScores.userId, order: [capitalScores.id] },
  { name: 'paydex-scores', table: paydexScores, owner: paydexScores.userId, order: [paydexScores.id] },
  {
    name: 'fundability-scores',
    table: fundabilityScores,
    owner: fundabilityScores.userId,
    order: [fundabilityScores.id],
  },
  {
    name: 'loan-offers',
    table: creditLoans,
    owner: creditLoans.userId,
    order: [creditLoans.createdAt, creditLoans.id],
  },
  { name: 'training-progress', table: videoProgress, owner: videoProgress.userId, order: [videoProgress.videoId] },
  { name: 'support-messages', table: supportMessages, owner: supportMessages.clientId, order: [supportMessages.id] },
  {
    name: 'support-attachments',
    table: supportAttachments,
    owner: supportAttachments.clientId,
    order: [supportAttachments.createdAt, supportAttachments.id],
    omit: ['storageKey'],
  },
  { name: 'notifications', table: notifications, owner: notifications.userId, order: [notifications.id] },
  // Whether the calendar feed is on and since when; never its token's hash (a credential's stand-in).
  {
    name: 'calendar-feed',
    table: calendarFeeds,
    owner: calendarFeeds.userId,
    order: [calendarFeeds.userId],
    omit: ['tokenHash'],
  },
  // The browsers with Web Push on (which, since when); never where pushes go or the keys they are encrypted to.
  {
    name: 'push-devices',
    table: pushSubscriptions,
    owner: pushSubscriptions.userId,
    order: [pushSubscriptions.createdAt, pushSubscriptions.id],
    omit: ['endpoint', 'p256dh', 'auth'],
  },
  // Funding packets: their index and hashes (the PDF itself is rebuilt on the page, not exported), and
  // the share links with every open: never a link's token hash (a credential's stand-in).
  {
    name: 'funding-packets',
    table: fundingPackets,
    owner: fundingPackets.userId,
    order: [fundingPackets.createdAt, fundingPackets.id],
    omit: ['pdfKey', 'manifestKey'],
  },
  {
    name: 'packet-share-links',
    table: packetLinks,
    owner: packetLinks.userId,
    order: [packetLinks.createdAt, packetLinks.id],
    omit: ['tokenHash'],
  },
  {
    name: 'packet-share-link-opens',
    table: packetLinkEvents,
    owner: packetLinkEvents.userId,
    order: [packetLinkEvents.id],
  },
  // "Who saw or changed my data", as the client reads it on My Account.
  {
    name: 'account-activity',
    table: auditLog,
    owner: auditLog.clientId,
    order: [auditLog.id],
    rows: clientVisibleAudit,
  },
];

/** Per-client tables deliberately left out, with the reason. */
export const NOT_EXPORTED: Record<string, string> = {
  auth_sessions: 'sign-in sessions: their tokens are credentials (Security Settings lists them)',
  auth_accounts: 'sign-in methods: password hashes and OAuth tokens are credentials',
  auth_two_factors: 'the two-factor secret and recovery codes are credentials',
  sign_in_codes: 'an e-mailed sign-in code (stored as an HMAC): a credential for 15 minutes',
  upload_slots: 'uploads in progress, released when they end or their process stops',
  support_conversations: 'read positions of the conversation (its messages are exported)',
  support_presence: "staff's presence in the support inbox",
  support_responses: "how long staff took to answer (a measure of staff's work; the messages are exported)",
  support_breaches: "staff's missed response targets (a measure of staff's work; the messages are exported)",
  client_notes: "staff's private notes on the client (never shown to the client)",
  weekly_digests:
    "bookkeeping: the week whose digest the client last had, so it goes once (the digest's switch is in users' row, exported)",
};

/** Rows read per query: an area of any size is read in pages, never all at once. */
const PAGE = 500;

/** The columns an area writes, in the table's order (the CSV header). */
export const areaColumns = (area: ExportArea) =>
  Object.keys(getTableColumns(area.table)).filter((k) => !area.omit?.includes(k));

/** The file name of an area's table in the zip's folder of tables. */
export const areaFile = (area: ExportArea) => `${area.name}.csv`;

/**
 * The client's rows of one area, page by page. Secrets are opened only `withSecrets` (the
 * password was confirmed); otherwise a secret on file reads SECRET_HIDDEN and is never decrypted.
 */
export async function* areaRows(
  db: Db,
  keyring: Keyring,
  area: ExportArea,
  clientId: string,
  withSecrets: boolean,
): AsyncGenerator<Record<string, unknown>[]> {
  const columns = areaColumns(area);
  const secret = encryptedColumns(area.table).columns.map(([key]) => key);
  const order: SQL[] = area.order.map((c) => asc(c));
  for (let offset = 0; ; offset += PAGE) {
    const page = (await db
      .select()
      .from(area.table)
      .where(area.rows ? area.rows(clientId) : eq(area.owner, clientId))
      .orderBy(...order)
      .limit(PAGE)
      .offset(offset)) as Record<string, unknown>[];
    if (page.length === 0) return;
    yield page.map((raw) => {
      const row =
        withSecrets && secret.length ? (openRow(keyring, area.table, raw) as Record<string, unknown>) : { ...raw };
      if (!withSecrets) for (const key of secret) if (row[key] != null) row[key] = SECRET_HIDDEN;
      return Object.fromEntries(columns.map((k) => [k, row[k]]));
    });
    if (page.length < PAGE) return;
  }
}

export const tableNameOf = (area: ExportArea) => getTableName(area.table);
