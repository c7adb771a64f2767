import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, gt, isNotNull, like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authUsers,
  businessAccountDetails,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  capitalScores,
  notifications,
  paydexScores,
  payments,
  agreementTemplates,
  programInstalments,
  signedAgreements,
  recentActivities,
} from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../test-app';
import { openTestDatabase } from '../test-db';
import * as creditTables from '../../db/schema/credit';
import { readZip } from '../zip';
import { registeredEndpoints } from './registered-routes';
import { insertTrainingVideo, insertVideoResource } from '../../features/training/training-media';
import {
  creditLoans,
  fundingPackets,
  packetLinkEvents,
  packetLinks,
  trainingVideos,
  videoProgress,
} from '../../db/schema';
import { seedRecords } from '../../features/records/record-fixtures';
import { firstStepAccounts, firstStepOpenings, storeCreditCards, tradelineInvoices, users } from '../../db/schema';
import { socialMediaAccounts } from '../../db/schema';
import { automationRequests, automations } from '../../db/schema';
import { and } from 'drizzle-orm';
import { authSessions, clientNotes, pushSubscriptions } from '../../db/schema';
import { SEARCH_PER_KIND, type SearchKind, type SearchResults } from '../../../shared/search';
import { supportAttachments, supportConversations, supportMessages } from '../../db/schema';
import { fundabilityScores } from '../../db/schema';
import { checkIds } from '../../../shared/fundability';

/**
 * No N+1: every GET route that answers a list is called with 1 and with 50 records behind it,
 * and must send the same number of SQL statements both times. Statements are counted by drizzle's
 * logger on the app's own database (better-auth reads sessions through the same drizzle instance,
 * so session reads count too). Each list route needs a seeding recipe below; a GET route that
 * answers no list goes in NOT_LISTS with the reason. A new GET route in neither fails the test.
 *
 * And few statements: past what serves the session, a list route sends at most OWN_BUDGET. What
 * serves the session is measured, not guessed: the statements the same caller's request to a route
 * that reads nothing itself (SESSION_ONLY) sends, in the same state (session cached or not). A list
 * route's statements must begin with exactly those; the rest are the route's own (access checks
 * included: an admin's check that the id names a client is the route's, not the session's).
 */
const MANY = 50;
/** The statements a page's list request may send besides the session's: its rows (with their total), and one more. */
const OWN_BUDGET = 2;
/** A route that answers from the session alone (it reads no table): what it sends is what every signed-in request sends. */
const SESSION_ONLY = '/api/public-config';

type Role = 'client' | 'admin' | 'staff';
type Seeder = { name: string; seed: (n: number) => Promise<void> };
type ListRoute = {
  seeder: Seeder;
  /** Query strings to call it with, each putting all (or a full page of) the records in one answer. */
  queries?: string[];
  as: Role[];
  /** Records on the page when `n` are stored (default: n). */
  expected?: (n: number) => number;
  /** How many records the answer holds. */
  itemsIn?: (res: Response) => Promise<number>;
  /** Values for the route's other parameters (besides :clientId). */
  params?: () => Record<string, string>;
};

const NOT_LISTS: Record<string, string> = {
  'GET /api/auth/*': "better-auth's own endpoints (the session, OAuth callbacks): one record each",
  'GET /api/health': 'no records',
  'GET /api/public-config': 'no records',
  'GET /api/digest/unsubscribe': 'a confirm page for one signed link, no records',
  'GET /api/me/events': 'a live stream (server-sent events) of bare cues, no records',
  'GET /api/clients/:clientId/profile': 'one record',
  'GET /api/clients/:clientId/preferences': 'one record',
  'GET /api/clients/:clientId/security': 'one record',
  'GET /api/clients/:clientId/compliance-tasks/:taskId': 'one task (with at most 20 uploads, in one query)',
  'GET /api/clients/:clientId/documents/:documentId/download': 'one file',
  'GET /api/clients/:clientId/free-guide': 'a static file',
  'GET /api/clients/:clientId/summary': 'one client',
  'GET /api/clients/export':
    'a CSV file, read from the database in pages of 500 as it is sent (clients-csv.test.ts counts the page reads)',
  'GET /api/training-videos/intro': 'one video',
  'GET /api/training-videos/:videoId/stream': 'one file',
  'GET /api/training-videos/:videoId/thumbnail': 'one file',
  'GET /api/training-videos/:videoId/resources/:resourceId/download': 'one file',
  'GET /api/clients/:clientId/membership': 'one record',
  'GET /api/billing/revenue': 'one row per program (three), in one statement',
  'GET /api/billing/revenue.csv': 'one row per program (three), in one statement',
  'GET /api/clients/:clientId/agreement': "one program's newest agreement version and the client's signature of it",
  'GET /api/books': 'the four fixed books (one query for their replacement files, whatever their number)',
  'GET /api/books/:volume/download': 'one file',
  'GET /api/clients/:clientId/receivables/:recordId/documents/:documentId/download': 'one file',
  'GET /api/clients/:clientId/purchase-orders/:recordId/documents/:documentId/download': 'one file',
  'GET /api/clients/:clientId/website-template': 'one record',
  'GET /api/clients/:clientId/website-template/frame': 'one record (its HTML)',
  'GET /api/automations/:automationId/image': 'one file',
  'GET /api/clients/:clientId/support/attachments/:attachmentId': 'one file',
  // Never-ending answers: they send the messages after the cursor in batches of 100, one query a batch (support-stream.test.ts).
  'GET /api/clients/:clientId/support/stream': 'a live stream (server-sent events)',
  'GET /api/support/stream': 'a live stream (server-sent events)',
  'GET /api/support/unread': 'one count',
  'GET /api/attention/counts': 'one count per reason, in one statement',
  'GET /api/support/agent': 'the agent header (one count of staff online)',
  'GET /api/support/targets': 'one record (the response targets)',
  'GET /api/me/calendar-feed': 'one record (whether the feed is on)',
  'GET /api/me/push/key': 'one value (the public VAPID key, read once per process)',
  'GET /api/clients/:clientId/packets/:packetId': 'one packet (its index is a column of its row)',
  'GET /api/clients/:clientId/packets/:packetId/packet.pdf': 'one file',
  'GET /api/clients/:clientId/packets/:packetId/manifest.json': 'one file',
  'GET /api/packet-share/:token': 'one link and its packet (the index is a column of its row)',
  'GET /api/packet-share/:token/packet.pdf': 'one file',
  'GET /api/packet-share/:token/manifest.json': 'one file',
  'GET /api/calendar/:file':
    'a calendar file, not a paged list: at most CALENDAR_FEED_MAX_EVENTS events, read in one statement whatever their number (calendar-feed.test.ts counts them)',
};

let t: TestApp;
let client: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
/** A staff member the client (and every client the seeders clone from them) is assigned to. */
let staff: { id: string; agent: TestAgent };
/** The statements drizzle sent while `recording` is set. */
let recorded: string[] | null = null;
/** The video whose resources the resources list route is measured on. */
let resourceVideoId = '';
/** The store card the invoices seeder puts its invoices on. */
let invoiceCardId = '';

/** Exactly `n` copies of `template` for the client (whatever was there is removed first). */
function cloneSeeder(
  name: string,
  table: PgTable,
  owner: PgColumn,
  template: () => Record<string, unknown>,
  textId: boolean,
): Seeder {
  return {
    name,
    seed: async (n) => {
      await t.db.delete(table).where(eq(owner, client.id));
      const rows = Array.from({ length: n }, () => (textId ? { ...template(), id: randomUUID() } : template()));
      if (rows.length) await t.db.insert(table).values(rows);
    },
  };
}

/** The client's first row of `table`, without its id: what clones are made of. */
async function templateOf(table: PgTable, owner: PgColumn) {
  const [row] = (await t.db.select().from(table).where(eq(owner, client.id)).limit(1)) as Record<string, unknown>[];
  expect(row, `no ${owner.name} row to clone`).toBeDefined();
  const { id: _id, ...rest } = row;
  return rest;
}

const jsonItems = async (res: Response) => {
  const body = (await res.json()) as Record<string, unknown>;
  // The page's array: items, rows, notifications or tasks, whichever the route answers.
  return Math.max(0, ...Object.values(body).map((v) => (Array.isArray(v) ? v.length : 0)));
};

/** The hits of one kind in a search answer. */
const searchHits = (kind: SearchKind) => async (res: Response) =>
  ((await res.json()) as SearchResults).groups.find((g) => g.kind === kind)?.hits.length ?? 0;

/** Record lists answer their totals by status beside the page: the items, each with its documents, are what grow. */
const recordItems = async (res: Response) =>
  ((await res.json()) as { items: { documents: unknown[] }[] }).items.filter((r) => r.documents.length === 1).length;

let lists: Record<string, ListRoute>;

beforeAll(async () => {
  const database = await openTestDatabase({
    logger: {
      logQuery(query) {
        recorded?.push(query);
      },
    },
  });
  t = await createTestApp({}, { database });
  const make = async (role: Role) => {
    const u = await t.createSignedInUser({ role });
    return { id: u.user.id, agent: u.agent };
  };
  client = await make('client');
  admin = await make('admin');
  staff = await make('staff');
  const { id } = client;
  await t.db.update(authUsers).set({ assignedStaffId: staff.id }).where(eq(authUsers.id, id));
  const post = async (path: string, json: unknown, agent = client.agent) => {
    const res = await agent.post(`/api/clients/${id}/${path}`, json);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  };

  // One record of each kind through the API (bank accounts without numbers: sealed numbers are
  // bound to their row id and could not be cloned), the rest inserted directly.
  await post('bank-accounts', { bankName: 'Bank', accountOwner: 'Owner', monthlyFees: 5, dateOpened: '2024-01-01' });
  await post('activities', { title: 'Activity', notes: 'notes', status: 'Completed' });
  await post(
    'payments',
    { description: 'Payment', amount: 10, date: '2024-01-01', status: 'completed', included: false },
    admin.agent,
  );
  await post(
    'compliance-tasks',
    { name: 'Task', description: 'description', priority: 'High', status: 'Awaiting Completion' },
    admin.agent,
  );
  // Document rows all name one stored file (the archive reads it once per row).
  const storageKey = 'documents/statement-count.pdf';
  await t.storage.put(storageKey, Readable.from([Buffer.from('%PDF-1.4 test')]), {
    contentType: 'application/pdf',
    size: 13,
  });
  await t.db.insert(businessDocuments).values({
    id: randomUUID(),
    userId: id,
    documentName: 'doc.pdf',
    documentType: 'Standard_Corporate',
    storageKey,
    contentType: 'application/pdf',
    size: 13,
  });
  await t.db
    .insert(notifications)
    .values({ userId: id, clientId: id, kind: 'task_assigned', title: 'New task', body: 'body', link: '/compliance' });
  await t.db.insert(auditLog).values({
    actorId: admin.id,
    clientId: id,
    action: 'reveal',
    entityType: 'bank_account',
    entityId: randomUUID(),
    field: 'account_number',
  });

  const bankTemplate = await templateOf(businessBankAccounts, businessBankAccounts.userId);
  const activityTemplate = await templateOf(recentActivities, recentActivities.userId);
  const paymentTemplate = await templateOf(payments, payments.userId);
  const taskTemplate = await templateOf(businessCompliance, businessCompliance.userId);
  const documentTemplate = await templateOf(businessDocuments, businessDocuments.userId);
  const notificationTemplate = await templateOf(notifications, notifications.userId);
  const auditTemplate = await templateOf(auditLog, auditLog.clientId);
  const cardTemplate = {
    userId: id,
    issuer: 'Card',
    cardType: 'Store',
    creditLimit: '1000.00',
    apr: '20%',
    bureaus: ['dnb'],
    dateOpened: '2024-01-01',
  };

  const seeders = {
    bankAccounts: cloneSeeder(
      'bank accounts',
      businessBankAccounts,
      businessBankAccounts.userId,
      () => bankTemplate,
      true,
    ),
    activities: cloneSeeder('activities', recentActivities, recentActivities.userId, () => activityTemplate, false),
    payments: cloneSeeder('payments', payments, payments.userId, () => paymentTemplate, false),
    tasks: cloneSeeder('compliance tasks', businessCompliance, businessCompliance.userId, () => taskTemplate, false),
    // Submitted document requests with an upload each: a page's uploads come in one query.
    requests: {
      name: 'document requests (an upload each)',
      seed: async (n: number) => {
        await t.db
          .delete(businessDocuments)
          .where(and(eq(businessDocuments.userId, id), isNotNull(businessDocuments.requestTaskId)));
        await t.db.delete(businessCompliance).where(eq(businessCompliance.userId, id));
        if (!n) return;
        const requests = Array.from({ length: n }, (_, i) => ({
          userId: id,
          taskName: `Request ${i}`,
          kind: 'document_request' as const,
          requestedDocument: `Request ${i}`,
          requestedDocumentType: 'Standard_Corporate',
          taskStatus: 'Submitted' as const,
        }));
        const rows = await t.db.insert(businessCompliance).values(requests).returning({ id: businessCompliance.id });
        await t.db.insert(businessDocuments).values(
          rows.map(
            (r) =>
              ({
                ...documentTemplate,
                id: randomUUID(),
                requestTaskId: r.id,
              }) as typeof businessDocuments.$inferInsert,
          ),
        );
      },
    },
    documents: cloneSeeder('documents', businessDocuments, businessDocuments.userId, () => documentTemplate, true),
    packets: cloneSeeder(
      'funding packets',
      fundingPackets,
      fundingPackets.userId,
      () => ({ userId: client.id, status: 'ready', items: [{ id: 'section:scores', title: 'Latest scores' }] }),
      true,
    ),
    // Share links of one packet, each with two events: read in the page's own statement.
    packetLinks: {
      name: 'packet share links',
      seed: async (n) => {
        await t.db.delete(fundingPackets).where(eq(fundingPackets.userId, client.id));
        const packetId = randomUUID();
        await t.db.insert(fundingPackets).values({ id: packetId, userId: client.id, status: 'ready' });
        const links = Array.from({ length: n }, () => ({
          id: randomUUID(),
          packetId,
          userId: client.id,
          tokenHash: randomUUID(),
          expiresAt: new Date(Date.now() + 86_400_000),
        }));
        await t.db.insert(packetLinks).values(links);
        await t.db
          .insert(packetLinkEvents)
          .values(
            links.flatMap((l) =>
              ['open', 'download-pdf'].map((kind) => ({ linkId: l.id, userId: client.id, kind, ip: '10.0.0.1' })),
            ),
          );
      },
    },
    notifications: cloneSeeder('notifications', notifications, notifications.userId, () => notificationTemplate, false),
    audit: cloneSeeder('audit entries', auditLog, auditLog.clientId, () => auditTemplate, false),
    // Staff's notes, each with its author's name: read in the page's own statement.
    notes: cloneSeeder(
      'staff notes',
      clientNotes,
      clientNotes.clientId,
      () => ({ clientId: id, authorId: staff.id, body: 'A note' }),
      true,
    ),
    // Each account with two details: the details of a page must come in one query too.
    businessAccounts: {
      name: 'business accounts (2 details each)',
      seed: async (n: number) => {
        await t.db.delete(businessAccounts).where(eq(businessAccounts.userId, id));
        if (!n) return;
        const accounts = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          userId: id,
          name: `Account ${i}`,
          description: 'd',
          notes: 'n',
        }));
        await t.db.insert(businessAccounts).values(accounts);
        await t.db
          .insert(businessAccountDetails)
          .values(
            accounts.flatMap((a) =>
              [1, 2].map((k) => ({ businessAccountId: a.id, userId: id, label: `Label ${k}`, value: 'value' })),
            ),
          );
      },
    },
    // The client plus n - 1 more (the admin is no client): the admin's list shows n.
    clients: {
      name: 'clients',
      seed: async (n: number) => {
        await t.db.delete(authUsers).where(like(authUsers.email, 'statement-count-%'));
        const [me] = await t.db.select().from(authUsers).where(eq(authUsers.id, id));
        const others = Array.from({ length: Math.max(0, n - 1) }, (_, i) => ({
          ...me,
          id: randomUUID(),
          email: `statement-count-${i}@example.test`,
        }));
        if (others.length) await t.db.insert(authUsers).values(others);
      },
    },
    // Videos (shared by everyone), each with two resources and the client's and the admin's progress.
    trainingVideos: {
      name: 'training videos (2 resources and progress each)',
      seed: async (n: number) => {
        await t.db.delete(trainingVideos).where(isNotNull(trainingVideos.id));
        for (let i = 0; i < n; i++) {
          const videoId = await insertTrainingVideo(t, { title: `Video ${i}` });
          await insertVideoResource(t, videoId);
          await insertVideoResource(t, videoId);
          await t.db.insert(videoProgress).values(
            [client.id, admin.id].map((userId) => ({
              userId,
              videoId,
              positionSeconds: 9,
              durationSeconds: 10,
              watched: true,
            })),
          );
        }
      },
    },
    // n rows of each score's history.
    scores: {
      name: 'score history rows (each score)',
      seed: async (n: number) => {
        for (const table of [capitalScores, paydexScores]) {
          await t.db.delete(table).where(eq(table.userId, id));
          if (n)
            await t.db.insert(table).values(
              Array.from({ length: n }, (_, i) => ({
                userId: id,
                score: 500 + (i % 100),
                lastUpdatedAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
              })),
            );
        }
      },
    },
    // Offers in the shared directory, authored by the client and the admin in turn (authors join in).
    loans: {
      name: 'loan offers (two authors: staff approved, the client waiting)',
      seed: async (n: number) => {
        await t.db.delete(creditLoans).where(isNotNull(creditLoans.id));
        const rows = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          userId: i % 2 ? admin.id : client.id,
          title: `Loan ${i}`,
          aprRange: '8%',
          applyUrl: 'https://lender.example.test',
          reviewState: i % 2 ? ('approved' as const) : ('pending' as const),
        }));
        if (rows.length) await t.db.insert(creditLoans).values(rows);
      },
    },
    // n store cards with their tradeline columns (the tradeline summary reads every card, revolving credit and opening).
    tradelines: {
      name: 'tradelines (store cards)',
      seed: async (n: number) => {
        await t.db.delete(storeCreditCards).where(eq(storeCreditCards.userId, id));
        const rows = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          userId: id,
          issuer: `Store ${i}`,
          bureaus: ['dnb'],
          dateOpened: '2024-01-01',
          lastReported: '2024-02-01',
        }));
        if (rows.length) await t.db.insert(storeCreditCards).values(rows);
      },
    },
    // n invoices, paid in the estimate's window, on a fresh store card of the client's (the tradelines seeder replaces the cards).
    invoices: {
      name: 'tradeline invoices',
      seed: async (n: number) => {
        invoiceCardId = randomUUID();
        await t.db.insert(storeCreditCards).values({ id: invoiceCardId, userId: id, issuer: 'Invoiced vendor' });
        await t.db.delete(tradelineInvoices).where(eq(tradelineInvoices.userId, id));
        const day = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
        const rows = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          userId: id,
          storeCardId: invoiceCardId,
          number: `INV-${i}`,
          invoiceDate: day,
          termsDays: 30,
          amount: '100.00',
          paidDate: day,
          paidAmount: '100.00',
        }));
        if (rows.length) await t.db.insert(tradelineInvoices).values(rows);
      },
    },
    // n open invoices, due in 20 days, on a fresh store card of the client's: the plan lists them all.
    openInvoices: {
      name: 'open invoices',
      seed: async (n: number) => {
        invoiceCardId = randomUUID();
        await t.db.insert(storeCreditCards).values({ id: invoiceCardId, userId: id, issuer: 'Owed vendor' });
        await t.db.delete(tradelineInvoices).where(eq(tradelineInvoices.userId, id));
        const day = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
        const rows = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          userId: id,
          storeCardId: invoiceCardId,
          number: `OPEN-${i}`,
          invoiceDate: day,
          termsDays: 30,
          amount: '100.00',
        }));
        if (rows.length) await t.db.insert(tradelineInvoices).values(rows);
      },
    },
    // n receivables and n purchase orders, each with a document (documents come in one query per page).
    records: {
      name: 'receivables and purchase orders (each with a document)',
      seed: (n: number) => seedRecords(t, id, n),
    },
    // Cards without secrets (sealed secrets are bound to their row id and could not be cloned).
    storeCards: cloneSeeder(
      'store cards',
      creditTables.storeCreditCards,
      creditTables.storeCreditCards.userId,
      () => cardTemplate,
      true,
    ),
    revolvingCredits: cloneSeeder(
      'revolving credits',
      creditTables.revolvingCredits,
      creditTables.revolvingCredits.userId,
      () => ({ ...cardTemplate, rewards: 'r', annualFee: '95.00' }),
      true,
    ),
    // n First Step Accounts, each opened by the client (a member, so the members-only routes answer).
    firstStep: {
      name: 'First Step Accounts (each opened)',
      seed: async (n: number) => {
        await t.db
          .insert(users)
          .values({ id, isPaid: true })
          .onConflictDoUpdate({ target: users.id, set: { isPaid: true } });
        await t.db.delete(firstStepAccounts).where(isNotNull(firstStepAccounts.id));
        const accounts = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          vendor: `Vendor ${i}`,
          bureaus: ['dnb'],
        }));
        if (!accounts.length) return;
        await t.db.insert(firstStepAccounts).values(accounts);
        await t.db
          .insert(firstStepOpenings)
          .values(
            accounts.map((a) => ({ id: randomUUID(), userId: id, firstStepAccountId: a.id, dateOpened: '2024-01-01' })),
          );
      },
    },
    // The client's Support Chat conversation: n messages, staff and client in turn, every other one with a file.
    supportMessages: {
      name: 'support messages (half with a file)',
      seed: async (n: number) => {
        await t.db.delete(supportConversations).where(eq(supportConversations.clientId, id));
        if (!n) return;
        await t.db.insert(supportConversations).values({ clientId: id });
        const rows = await t.db
          .insert(supportMessages)
          .values(
            Array.from({ length: n }, (_, i) => ({
              clientId: id,
              fromStaff: i % 2 === 1,
              authorId: i % 2 ? admin.id : id,
              body: `Message ${i}`,
            })),
          )
          .returning({ id: supportMessages.id });
        const files = rows
          .filter((_, i) => i % 2 === 0)
          .map((r) => ({
            id: randomUUID(),
            messageId: r.id,
            clientId: id,
            fileName: 'f.pdf',
            storageKey: 'support/none.pdf',
            contentType: 'application/pdf',
            size: 1,
          }));
        await t.db.insert(supportAttachments).values(files);
        const last = rows[rows.length - 1].id;
        await t.db
          .update(supportConversations)
          .set({ lastMessageId: last, lastClientMessageId: last - (n > 1 ? 1 : 0) })
          .where(eq(supportConversations.clientId, id));
      },
    },
    // The staff inbox: n clients' conversations, each with a message (the last one joined in, unread counted).
    supportInbox: {
      name: 'support conversations',
      seed: async (n: number) => {
        await t.db.delete(supportConversations).where(isNotNull(supportConversations.clientId));
        await t.db.delete(authUsers).where(like(authUsers.email, 'support-count-%'));
        const [me] = await t.db.select().from(authUsers).where(eq(authUsers.id, id));
        const people = Array.from({ length: n }, (_, i) => ({
          ...me,
          id: randomUUID(),
          email: `support-count-${i}@example.test`,
        }));
        if (!people.length) return;
        await t.db.insert(authUsers).values(people);
        await t.db.insert(supportConversations).values(people.map((p) => ({ clientId: p.id })));
        const msgs = await t.db
          .insert(supportMessages)
          .values(people.map((p) => ({ clientId: p.id, fromStaff: false, authorId: p.id, body: 'Hello' })))
          .returning({ id: supportMessages.id, clientId: supportMessages.clientId });
        for (const m of msgs)
          await t.db
            .update(supportConversations)
            .set({ lastMessageId: m.id, lastClientMessageId: m.id })
            .where(eq(supportConversations.clientId, m.clientId));
      },
    },
    // Other sign-in sessions of the client's (the caller's own is listed too).
    sessions: {
      name: 'sign-in sessions',
      seed: async (n: number) => {
        await t.db
          .delete(authSessions)
          .where(and(eq(authSessions.userId, id), like(authSessions.userAgent, 'statement-count%')));
        const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
        if (n)
          await t.db.insert(authSessions).values(
            Array.from({ length: n }, () => ({
              id: randomUUID(),
              token: randomUUID(),
              userId: id,
              expiresAt,
              userAgent: 'statement-count browser',
            })),
          );
      },
    },
    // Browsers with Web Push on (the API allows LIMITS.pushDevices; the list reads them in one statement whatever their number).
    pushDevices: {
      name: 'push devices',
      seed: async (n: number) => {
        await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
        if (n)
          await t.db.insert(pushSubscriptions).values(
            Array.from({ length: n }, () => {
              const key = randomUUID();
              return {
                id: key,
                userId: id,
                endpoint: `https://fcm.googleapis.com/fcm/send/${key}`,
                p256dh: 'B'.padEnd(87, 'A'),
                auth: 'A'.repeat(22),
                label: 'Chrome on Windows',
              };
            }),
          );
      },
    },
    // Social media accounts without passwords (a sealed password is bound to its row id and could not be cloned).
    socialAccounts: cloneSeeder(
      'social media accounts',
      socialMediaAccounts,
      socialMediaAccounts.userId,
      () => ({ userId: id, platform: 'Instagram', username: 'u', profileUrl: 'https://example.test', notes: 'n' }),
      true,
    ),
    // The shared automation catalogue (each with an image key), and the client's automation requests.
    automations: {
      name: 'automations',
      seed: async (n: number) => {
        await t.db.delete(automations).where(isNotNull(automations.id));
        const rows = Array.from({ length: n }, (_, i) => ({
          id: randomUUID(),
          name: `Automation ${i}`,
          description: '<p>d</p>',
          status: 'active',
          displayOrder: i + 1,
          imageKey: `automations/${i}.png`,
          imageContentType: 'image/png',
          imageSize: 1,
        }));
        if (rows.length) await t.db.insert(automations).values(rows);
      },
    },
    automationRequests: cloneSeeder(
      'automation requests',
      automationRequests,
      automationRequests.userId,
      () => ({ userId: id, type: 'Sync', description: 'd', priority: 'High' as const }),
      true,
    ),
    // n points of the fundability score's history.
    fundabilityHistory: {
      name: 'fundability history rows',
      seed: async (n: number) => {
        await t.db.delete(fundabilityScores).where(eq(fundabilityScores.userId, id));
        if (n)
          await t.db.insert(fundabilityScores).values(
            Array.from({ length: n }, (_, i) => ({
              userId: id,
              score: i % 100,
              checks: [],
              computedAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
            })),
          );
      },
    },
    // n staff members besides the test's admin and staff member.
    staffMembers: {
      name: 'staff members',
      seed: async (n: number) => {
        await t.db.delete(authUsers).where(like(authUsers.email, 'staff-count-%'));
        const [me] = await t.db.select().from(authUsers).where(eq(authUsers.id, staff.id));
        const others = Array.from({ length: n }, (_, i) => ({
          ...me,
          id: randomUUID(),
          email: `staff-count-${i}@example.test`,
        }));
        if (others.length) await t.db.insert(authUsers).values(others);
      },
    },
    // n resources of one video (the only one).
    videoResources: {
      name: 'video resources',
      seed: async (n: number) => {
        await t.db.delete(trainingVideos).where(isNotNull(trainingVideos.id));
        resourceVideoId = await insertTrainingVideo(t);
        for (let i = 0; i < n; i++) await insertVideoResource(t, resourceVideoId);
      },
    },
    // Versions of one program's agreement (the migration's version 1 stays: n + 1 in the list).
    agreementTemplates: {
      name: 'agreement versions',
      seed: async (n: number) => {
        await t.db
          .delete(agreementTemplates)
          .where(and(eq(agreementTemplates.programId, 'enterprise'), gt(agreementTemplates.version, 1)));
        if (n)
          await t.db
            .insert(agreementTemplates)
            .values(Array.from({ length: n }, (_, i) => ({ programId: 'enterprise', version: i + 2, body: 'Text' })));
      },
    },
    signedAgreements: {
      name: 'signed agreements',
      seed: async (n: number) => {
        await t.db.delete(signedAgreements).where(eq(signedAgreements.userId, id));
        const [template] = await t.db.select().from(agreementTemplates).limit(1);
        if (n)
          await t.db.insert(signedAgreements).values(
            Array.from({ length: n }, () => ({
              userId: id,
              programId: 'standard',
              templateId: template.id,
              version: template.version,
              text: 'Text',
              sha256: '0'.repeat(64),
              signedName: 'Client Name',
            })),
          );
      },
    },
    // One signed agreement with n instalments.
    instalments: {
      name: 'instalments',
      seed: async (n: number) => {
        await t.db.delete(signedAgreements).where(eq(signedAgreements.userId, id));
        const [template] = await t.db.select().from(agreementTemplates).limit(1);
        const [agreement] = await t.db
          .insert(signedAgreements)
          .values({
            userId: id,
            programId: 'standard',
            templateId: template.id,
            version: template.version,
            text: 'Text',
            sha256: '0'.repeat(64),
            signedName: 'Client Name',
          })
          .returning();
        if (n)
          await t.db.insert(programInstalments).values(
            Array.from({ length: n }, (_, i) => ({
              userId: id,
              agreementId: agreement.id,
              programId: 'standard',
              number: i + 1,
              of: n,
              amount: '10.00',
              currency: 'usd',
              dueDate: '2026-01-01',
            })),
          );
      },
    },
    // n more clients (copies of the client, so the staff member's too), each with a pending payment:
    // n rows of the attention queue. Last in the run: its clients would be in the clients lists.
    attention: {
      name: 'clients waiting (a pending payment each)',
      seed: async (n: number) => {
        await t.db.delete(authUsers).where(like(authUsers.email, 'attention-count-%'));
        const [me] = await t.db.select().from(authUsers).where(eq(authUsers.id, id));
        const others = Array.from({ length: n }, (_, i) => ({
          ...me,
          id: randomUUID(),
          email: `attention-count-${i}@example.test`,
        }));
        if (!others.length) return;
        await t.db.insert(authUsers).values(others);
        await t.db.insert(payments).values(
          others.map((o) => ({
            ...paymentTemplate,
            userId: o.id,
            status: 'pending' as const,
          })) as (typeof payments.$inferInsert)[],
        );
      },
    },
  } satisfies Record<string, Seeder>;

  const both: Role[] = ['client', 'admin'];
  // The all-clients lists, as an admin (every client) and as a staff member (their clients, one more condition).
  const staffToo: Role[] = ['admin', 'staff'];
  lists = {
    // A staff member's request for their client: the access rule's check that the client is theirs is the route's own.
    'GET /api/clients/:clientId/bank-accounts': {
      seeder: seeders.bankAccounts,
      queries: ['pageSize=50'],
      as: ['client', 'admin', 'staff'],
    },
    'GET /api/staff': {
      seeder: seeders.staffMembers,
      queries: ['pageSize=100'],
      as: ['admin'],
      expected: (n) => n + 2,
    },
    // One row per person and week (one week here): the team, the test's admin and staff member, and the admins' pool.
    'GET /api/support/report': {
      seeder: seeders.staffMembers,
      queries: ['weeks=1'],
      as: ['admin'],
      expected: (n) => n + 3,
    },
    'GET /api/support/report.csv': {
      seeder: seeders.staffMembers,
      queries: ['weeks=1'],
      as: ['admin'],
      expected: (n) => n + 3,
      itemsIn: async (res) => (await res.text()).trim().split('\r\n').length - 1,
    },
    'GET /api/bank-accounts': { seeder: seeders.bankAccounts, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/business-accounts': {
      seeder: seeders.businessAccounts,
      queries: ['pageSize=12'],
      as: both,
      expected: (n) => Math.min(n, 12),
    },
    'GET /api/clients/:clientId/activities': { seeder: seeders.activities, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/payments': { seeder: seeders.payments, queries: ['pageSize=50'], as: both },
    'GET /api/agreement-templates': {
      seeder: seeders.agreementTemplates,
      queries: ['programId=enterprise&pageSize=100'],
      as: ['admin'],
      expected: (n) => n + 1,
    },
    'GET /api/clients/:clientId/agreements': { seeder: seeders.signedAgreements, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/instalments': { seeder: seeders.instalments, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/documents': { seeder: seeders.documents, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/packets': { seeder: seeders.packets, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/packet-links': {
      seeder: seeders.packetLinks,
      queries: ['pageSize=50'],
      as: ['client', 'admin', 'staff'],
    },
    'GET /api/documents': { seeder: seeders.documents, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/documents/archive': {
      seeder: seeders.documents,
      as: both,
      itemsIn: async (res) => readZip(Buffer.from(await res.arrayBuffer())).size,
    },
    'GET /api/clients/:clientId/compliance-tasks': { seeder: seeders.requests, queries: ['pageSize=50'], as: both },
    'GET /api/document-requests': { seeder: seeders.requests, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/build-out': { seeder: seeders.tasks, as: both },
    'GET /api/me/notifications': { seeder: seeders.notifications, queries: ['pageSize=50'], as: ['client'] },
    'GET /api/clients/:clientId/audit': { seeder: seeders.audit, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/notes': {
      seeder: seeders.notes,
      queries: ['pageSize=50'],
      as: ['admin', 'staff'],
    },
    // The Clients screen, and a search as the client selector makes (every seeded e-mail matches).
    'GET /api/me/sessions': { seeder: seeders.sessions, as: ['client'], expected: (n) => n + 1 },
    'GET /api/me/push/devices': { seeder: seeders.pushDevices, as: ['client'] },
    'GET /api/clients': {
      seeder: seeders.clients,
      queries: ['pageSize=50', 'pageSize=50&q=example.test'],
      as: staffToo,
    },
    'GET /api/training-videos': { seeder: seeders.trainingVideos, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/training-progress': {
      seeder: seeders.trainingVideos,
      queries: ['pageSize=50'],
      as: both,
    },
    'GET /api/clients/:clientId/scores': {
      seeder: seeders.scores,
      as: both,
      itemsIn: async (res) => {
        const body = (await res.json()) as { capital: { history: unknown[] }; paydex: { history: unknown[] } };
        expect(body.paydex.history.length).toBe(body.capital.history.length);
        return body.capital.history.length;
      },
    },
    'GET /api/loans': { seeder: seeders.loans, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/store-cards': { seeder: seeders.storeCards, queries: ['pageSize=50'], as: both },
    'GET /api/store-cards': { seeder: seeders.storeCards, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/revolving-credits': {
      seeder: seeders.revolvingCredits,
      queries: ['pageSize=50'],
      as: both,
    },
    'GET /api/revolving-credits': { seeder: seeders.revolvingCredits, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/receivables': {
      seeder: seeders.records,
      queries: ['pageSize=50'],
      as: both,
      itemsIn: recordItems,
    },
    'GET /api/receivables': { seeder: seeders.records, queries: ['pageSize=50'], as: staffToo, itemsIn: recordItems },
    'GET /api/clients/:clientId/purchase-orders': {
      seeder: seeders.records,
      queries: ['pageSize=50'],
      as: both,
      itemsIn: recordItems,
    },
    'GET /api/purchase-orders': {
      seeder: seeders.records,
      queries: ['pageSize=50'],
      as: staffToo,
      itemsIn: recordItems,
    },
    'GET /api/first-step-accounts': { seeder: seeders.firstStep, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/first-step-accounts': { seeder: seeders.firstStep, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/tradelines': {
      seeder: seeders.tradelines,
      queries: ['pageSize=50'],
      as: both,
      itemsIn: async (res) => ((await res.json()) as { tradelines: { items: unknown[] } }).tradelines.items.length,
    },
    'GET /api/clients/:clientId/tradelines/:source/:id/invoices': {
      seeder: seeders.invoices,
      queries: ['pageSize=50'],
      as: both,
      params: () => ({ source: 'store', id: invoiceCardId }),
    },
    // Not a list, but it reads every invoice of the client: one statement however many.
    'GET /api/clients/:clientId/paydex-estimate': {
      seeder: seeders.invoices,
      as: both,
      itemsIn: async (res) => ((await res.json()) as { estimate: { paidInvoices: number } }).estimate.paidInvoices,
    },
    // Not a list either: the estimate's one statement, every open invoice in the plan (the first 100 listed).
    'GET /api/clients/:clientId/paydex-plan': {
      seeder: seeders.openInvoices,
      queries: ['', 'target=100'],
      as: both,
      itemsIn: async (res) => ((await res.json()) as { plan: { items: unknown[] } }).plan.items.length,
    },
    'GET /api/clients/:clientId/social-accounts': {
      seeder: seeders.socialAccounts,
      queries: ['pageSize=50'],
      as: both,
    },
    'GET /api/automations': { seeder: seeders.automations, queries: ['pageSize=50'], as: both },
    'GET /api/clients/:clientId/automation-requests': {
      seeder: seeders.automationRequests,
      queries: ['pageSize=50'],
      as: both,
    },
    'GET /api/automation-requests': { seeder: seeders.automationRequests, queries: ['pageSize=50'], as: staffToo },
    'GET /api/clients/:clientId/support/messages': { seeder: seeders.supportMessages, queries: ['limit=50'], as: both },
    'GET /api/support/conversations': {
      seeder: seeders.supportInbox,
      queries: ['pageSize=50', 'pageSize=50&view=open'],
      as: staffToo,
    },
    // The top bar's search: at most SEARCH_PER_KIND of each kind, in one statement whatever is stored.
    'GET /api/clients/:clientId/search': {
      seeder: seeders.tasks,
      queries: ['q=task'],
      as: both,
      expected: (n) => Math.min(n, SEARCH_PER_KIND),
      itemsIn: searchHits('task'),
    },
    'GET /api/clients/search': {
      seeder: seeders.clients,
      queries: ['q=example.test'],
      as: staffToo,
      expected: (n) => Math.min(n, SEARCH_PER_KIND),
      itemsIn: searchHits('client'),
    },
    // The fundability check reads every bank account (and the other records, each in one statement): the answer is its checks.
    'GET /api/clients/:clientId/fundability': {
      seeder: seeders.bankAccounts,
      as: both,
      expected: () => checkIds.length,
      itemsIn: async (res) => ((await res.json()) as { checks: unknown[] }).checks.length,
    },
    'GET /api/clients/:clientId/fundability/history': {
      seeder: seeders.fundabilityHistory,
      queries: ['pageSize=50'],
      as: both,
    },
    'GET /api/training-videos/:videoId/resources': {
      seeder: seeders.videoResources,
      queries: ['pageSize=50'],
      as: both,
      params: () => ({ videoId: resourceVideoId }),
    },
    // The queue is one UNION ALL of every reason with its total as a window count.
    'GET /api/attention': {
      seeder: seeders.attention,
      queries: ['pageSize=50&reason=payment_pending'],
      as: staffToo,
      expected: (n) => n,
    },
  };
}, 60_000);
afterAll(() => t?.close());

/** The statements one GET sends; `cold` empties the session cache first (the session is read from the database). */
async function record(path: string, role: Role, cold: boolean) {
  const agent = { admin, staff, client }[role].agent;
  // A first call warms what is cached per process (the session, the guide file, prepared state).
  await (await agent.get(path)).arrayBuffer();
  if (cold) t.sessions.clear();
  recorded = [];
  const res = await agent.get(path);
  const statements = recorded;
  recorded = null;
  return { res, statements };
}

/** What serves the session of `role`'s request, cached or not: the statements of a request that reads nothing else. */
async function sessionStatements(role: Role, cold: boolean) {
  const { res, statements } = await record(SESSION_ONLY, role, cold);
  expect(res.status).toBe(200);
  return statements;
}

/** The statements one request sends, split into the session's (as `session` says they are) and the route's own. */
async function measure(key: string, query: string, route: ListRoute, role: Role, cold: boolean, session: string[]) {
  let path = key.slice('GET '.length).replace(':clientId', client.id) + (query ? `?${query}` : '');
  for (const [name, value] of Object.entries(route.params?.() ?? {})) path = path.replace(`:${name}`, value);
  let { res, statements } = await record(path, role, cold);
  // A warm measure needs the session still cached: on PostgreSQL the seeding's announcements (a
  // changed user drops their cached sessions) arrive when they arrive, sometimes after the warm-up
  // call. Measured again then, as often as that happens, up to three times.
  for (let again = 0; !cold && again < 3 && !sameStart(statements, session); again++)
    ({ res, statements } = await record(path, role, cold));
  expect(res.status, `${key} as ${role}: ${await res.clone().text()}`).toBe(200);
  const items = await (route.itemsIn ?? jsonItems)(res);
  const sessionPart = statements.slice(0, session.length);
  expect(sessionPart, `${key} as ${role}${cold ? ' (cold)' : ''}: its session statements`).toEqual(session);
  return { statements, own: statements.slice(session.length), items };
}

describe('no N+1', () => {
  it('every GET route is either a list with a seeding recipe or named as no list', () => {
    const gets = registeredEndpoints(t.app)
      .filter((e) => e.method === 'GET')
      .map((e) => `GET ${e.path}`);
    const unknown = gets.filter((k) => !(k in lists) && !(k in NOT_LISTS));
    expect(
      unknown,
      'GET routes without a seeding recipe in statement-count.test.ts: a route that answers a list needs an entry in `lists` (how to store 1 and 50 of its records); any other goes in NOT_LISTS with the reason',
    ).toEqual([]);
    const stale = [...Object.keys(lists), ...Object.keys(NOT_LISTS)].filter((k) => !gets.includes(k));
    expect(stale, 'entries for routes that are no longer registered').toEqual([]);
  });

  it('sends as many statements for 50 records as for 1, on every list route', async () => {
    const table: string[][] = [];
    const problems: string[] = [];
    let sample: string[] = [];
    const bySeeder = new Map<Seeder, [string, ListRoute][]>();
    for (const [key, route] of Object.entries(lists))
      bySeeder.set(route.seeder, [...(bySeeder.get(route.seeder) ?? []), [key, route]]);

    const session = {
      client: { warm: await sessionStatements('client', false), cold: await sessionStatements('client', true) },
      admin: { warm: await sessionStatements('admin', false), cold: await sessionStatements('admin', true) },
      staff: { warm: await sessionStatements('staff', false), cold: await sessionStatements('staff', true) },
    };
    const overBudget: string[] = [];

    for (const [seeder, routes] of bySeeder) {
      const counts = new Map<string, Record<number, { warm: number; cold: number; own: number }>>();
      for (const n of [1, MANY]) {
        await seeder.seed(n);
        for (const [key, route] of routes) {
          for (const [query, role] of (route.queries ?? ['']).flatMap((q) => route.as.map((r) => [q, r] as const))) {
            const warm = await measure(key, query, route, role, false, session[role].warm);
            const cold = await measure(key, query, route, role, true, session[role].cold);
            const expected = route.expected?.(n) ?? n;
            const id = `${key}${query ? `?${query}` : ''} as ${role}`;
            expect(warm.items, `${id} with ${n} ${seeder.name}`).toBe(expected);
            expect(cold.items, `${id} with ${n} ${seeder.name} (cold)`).toBe(expected);
            const own = Math.max(warm.own.length, cold.own.length);
            counts.set(id, {
              ...counts.get(id),
              [n]: { warm: warm.statements.length, cold: cold.statements.length, own },
            });
            if (n === MANY && grows(counts.get(id)!))
              problems.push(`${id}: ${describeCounts(counts.get(id)!)}\n  at ${MANY}: ${warm.statements.join('\n  ')}`);
            if (n === MANY && own > OWN_BUDGET)
              overBudget.push(
                `${id}: ${own} statements besides the session's\n  ${(warm.own.length >= cold.own.length ? warm : cold).own.map(short).join('\n  ')}`,
              );
            if (key === 'GET /api/clients/:clientId/compliance-tasks' && role === 'client' && n === 1)
              sample = cold.statements;
          }
        }
      }
      for (const [id, c] of counts)
        table.push([
          id
            .replace(/^GET /, '')
            .replace(/pageSize=\d+&?/, '')
            .replace('? ', ' '),
          seeder.name,
          String(c[1].warm),
          String(c[MANY].warm),
          String(c[1].cold),
          String(c[MANY].cold),
          String(Math.max(c[1].own, c[MANY].own)),
        ]);
      await seeder.seed(0).catch(() => undefined);
    }

    const head = ['route', 'records', 'at 1', `at ${MANY}`, 'cold at 1', `cold at ${MANY}`, 'own'];
    const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const line = (r: string[]) => r.map((v, i) => (i >= 2 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
    console.log(
      [
        `SQL statements per request (${t.database.kind}; 'cold': session not cached, read from the database; 'own': besides the session's, at most ${OWN_BUDGET}):`,
        `the session's, as ${SESSION_ONLY} sends them: ${session.client.warm.length} cached, ${session.client.cold.length} not cached (the client), ${session.admin.warm.length} and ${session.admin.cold.length} (the admin)`,
        line(head),
        ...table.map(line),
        '',
        'GET /api/clients/:id/compliance-tasks as the client, session not cached:',
        ...sample.map((s, i) => `  ${i + 1}. ${short(s)}`),
      ].join('\n'),
    );
    expect(problems, 'list routes whose statement count grows with the records (N+1)').toEqual([]);
    expect(overBudget, `list routes sending more than ${OWN_BUDGET} statements besides the session's`).toEqual([]);
  }, 120_000);
});

const sameStart = (statements: string[], session: string[]) =>
  session.every((statement, i) => statements[i] === statement);
const short = (statement: string) => statement.replace(/\s+/g, ' ').slice(0, 160);
const grows = (c: Record<number, { warm: number; cold: number }>) =>
  c[MANY].warm !== c[1].warm || c[MANY].cold !== c[1].cold;
const describeCounts = (c: Record<number, { warm: number; cold: number }>) =>
  `${c[1].warm} statements at 1, ${c[MANY].warm} at ${MANY} (session not cached: ${c[1].cold}, ${c[MANY].cold})`;
