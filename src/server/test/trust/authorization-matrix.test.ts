import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestAgent, type TestApp } from '../test-app';
import { registeredEndpoints, type Endpoint } from './registered-routes';
import {
  businessAccountDetails,
  businessAccounts,
  businessBankAccounts,
  businessCompliance,
  businessDocuments,
  creditLoans,
  payments,
  recentActivities,
  storeCreditCards,
} from '../../db/schema';
import { Readable } from 'node:stream';
import { firstStepAccounts, firstStepOpenings, tradelineInvoices, users } from '../../db/schema';
import { agreementTemplates, programInstalments, signedAgreements } from '../../db/schema';
import { CONTACT_SUPPORT_TASK } from '../../../shared/compliance-template';
import { sealValues } from '../../security/encrypted-column';
import { insertTrainingVideo, insertVideoResource } from '../../features/training/training-media';
import * as creditTables from '../../db/schema/credit';
import { STORE_CARD_SECRETS } from '../../../shared/credit';
import { insertRecord, insertRecordDocument, RECORD_PATHS } from '../../features/records/record-fixtures';
import { socialMediaAccounts, websiteTemplates } from '../../db/schema';
import { authSessions, clientNotes, pushSubscriptions } from '../../db/schema';
import { readZip } from '../zip';
import { createFeed } from '../../features/calendar-feed/calendar-feed.service';
import { createLink } from '../../features/packets/packet-links.service';
import { fundingPackets } from '../../db/schema';
import { insertAutomation, insertAutomationRequest } from '../../features/automations/automation-fixtures';
import { insertSupportAttachment, insertSupportMessage } from '../../features/support/support-fixtures';

/**
 * Every registered endpoint, called as guest, as client A (own id), as client A on client B's id,
 * as admin, and as a staff member to whom A is assigned and B is not (B is in the admins' pool):
 * the staff member works A as an admin does and hears of B what A hears of B. Routes with a record
 * id also get client B on client A's record (IDOR): their fixture, giving the id of one of A's
 * records, goes in `recordFixtures` when the route is added.
 */
type Ctx = { t: TestApp; aId: string; bId: string };
const recordFixtures: Record<string, (ctx: Ctx) => Promise<Record<string, string>>> = {
  'PATCH /api/clients/:clientId/payments/:paymentId': async ({ t, aId }) => {
    const [row] = await t.db
      .insert(payments)
      .values({ userId: aId, description: 'Alpha fixture payment', amount: '10.00', date: '2024-01-02' })
      .returning();
    return { paymentId: String(row.id) };
  },
  ...Object.fromEntries(
    [
      'PATCH /api/clients/:clientId/bank-accounts/:accountId',
      'DELETE /api/clients/:clientId/bank-accounts/:accountId',
      'POST /api/clients/:clientId/bank-accounts/:accountId/reveal/account-number',
      'POST /api/clients/:clientId/bank-accounts/:accountId/reveal/routing-number',
    ].map((route) => [
      route,
      async ({ t, aId }: Ctx) => ({
        accountId: await insertBankAccount(t, aId, 'Alpha fixture bank', '4444333322221111', '011000015'),
      }),
    ]),
  ),
  ...Object.fromEntries(
    [
      'PUT /api/clients/:clientId/business-accounts/:businessAccountId',
      'DELETE /api/clients/:clientId/business-accounts/:businessAccountId',
    ].map((route) => [
      route,
      async ({ t, aId }: Ctx) => ({ businessAccountId: await insertBusinessAccount(t, aId, 'Alpha fixture presence') }),
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /api/clients/:clientId/documents/:documentId/download',
      'DELETE /api/clients/:clientId/documents/:documentId',
      'POST /api/clients/:clientId/documents/:documentId/upload',
      'PUT /api/clients/:clientId/documents/:documentId/kind',
      'PUT /api/clients/:clientId/documents/:documentId/verification',
    ].map((route) => [
      route,
      async ({ t, aId }: Ctx) => ({ documentId: await insertDocument(t, aId, 'Alpha fixture.pdf') }),
    ]),
  ),
  // Contact Support: the one task a client may complete themselves.
  ...Object.fromEntries(
    [
      'GET /api/clients/:clientId/compliance-tasks/:taskId',
      'PATCH /api/clients/:clientId/compliance-tasks/:taskId',
      'DELETE /api/clients/:clientId/compliance-tasks/:taskId',
      'POST /api/clients/:clientId/compliance-tasks/:taskId/complete',
    ].map((route) => [
      route,
      async ({ t, aId }: Ctx) => {
        const [row] = await t.db
          .insert(businessCompliance)
          .values({ userId: aId, taskName: CONTACT_SUPPORT_TASK })
          .returning();
        return { taskId: String(row.id) };
      },
    ]),
  ),
  // Document requests: a submitted request of A's, so an allowed accept or reject reaches it.
  ...Object.fromEntries(
    [
      'POST /api/clients/:clientId/compliance-tasks/:taskId/upload',
      'POST /api/clients/:clientId/compliance-tasks/:taskId/accept',
      'POST /api/clients/:clientId/compliance-tasks/:taskId/reject',
    ].map((route) => [
      route,
      async ({ t, aId }: Ctx) => {
        const [row] = await t.db
          .insert(businessCompliance)
          .values({
            userId: aId,
            taskName: 'Alpha fixture request',
            kind: 'document_request',
            requestedDocument: 'Alpha fixture request',
            requestedDocumentType: 'Standard_Corporate',
            taskStatus: 'Submitted',
          })
          .returning();
        return { taskId: String(row.id) };
      },
    ]),
  ),
  // A program instalment of A's (signed agreement and all): administrators settle or refund it.
  ...Object.fromEntries(
    [
      'POST /api/clients/:clientId/instalments/:instalmentId/settle',
      'POST /api/clients/:clientId/instalments/:instalmentId/refund',
      'POST /api/clients/:clientId/instalments/:instalmentId/request',
    ].map((route) => [route, async ({ t, aId }: Ctx) => ({ instalmentId: await insertInstalment(t, aId) })]),
  ),
  // Whose role an admin changes: A's (the matrix's empty body is refused, so A stays a client).
  'PUT /api/users/:userId/role': async ({ aId }) => ({ userId: aId }),
  // A staff note on A by the staff member who works A: its author (they may change it) and any admin may.
  ...Object.fromEntries(
    ['PATCH /api/clients/:clientId/notes/:noteId', 'DELETE /api/clients/:clientId/notes/:noteId'].map((route) => [
      route,
      async ({ t, aId }: Ctx) => {
        const id = crypto.randomUUID();
        await t.db.insert(clientNotes).values({ id, clientId: aId, authorId: staff.id, body: 'Alpha fixture note' });
        return { noteId: id };
      },
    ]),
  ),
  // Whose "Takes new clients" an admin sets: the staff member's (the empty body is refused).
  'PUT /api/staff/:staffId/new-clients': async () => ({ staffId: staff.id }),
  // The books' volume is no client's record: volume 1 is the one every signed-in user may download.
  'GET /api/books/:volume/download': async () => ({ volume: '1' }),
  'POST /api/books/:volume/upload': async () => ({ volume: '1' }),
  ...Object.fromEntries(
    ['PATCH /api/clients/:clientId/activities/:activityId', 'DELETE /api/clients/:clientId/activities/:activityId'].map(
      (route) => [
        route,
        async ({ t, aId }: Ctx) => {
          const [row] = await t.db
            .insert(recentActivities)
            .values({ userId: aId, title: 'Alpha fixture activity' })
            .returning();
          return { activityId: String(row.id) };
        },
      ],
    ),
  ),
  // Training videos are shared records (every signed-in user reads, admins manage): each call gets
  // a real video with its files (and a resource), so allowed calls reach the record and succeed.
  ...Object.fromEntries(
    [
      'GET /api/training-videos/:videoId/stream',
      'GET /api/training-videos/:videoId/thumbnail',
      'GET /api/training-videos/:videoId/resources',
      'POST /api/training-videos/:videoId/upload',
      'POST /api/training-videos/:videoId/resources/upload',
      'PUT /api/training-videos/:videoId/progress',
      'DELETE /api/training-videos/:videoId',
    ].map((route) => [route, async ({ t }: Ctx) => ({ videoId: await insertTrainingVideo(t) })]),
  ),
  ...Object.fromEntries(
    [
      'GET /api/training-videos/:videoId/resources/:resourceId/download',
      'DELETE /api/training-videos/:videoId/resources/:resourceId',
    ].map((route) => [
      route,
      async ({ t }: Ctx) => {
        const videoId = await insertTrainingVideo(t);
        return { videoId, resourceId: await insertVideoResource(t, videoId) };
      },
    ]),
  ),
  // Loan offers are shared records changed only by their author or an admin: A authors each one.
  ...Object.fromEntries(
    ['PATCH /api/loans/:loanId', 'DELETE /api/loans/:loanId', 'POST /api/loans/:loanId/review'].map((route) => [
      route,
      async ({ t, aId }: Ctx) => {
        const [row] = await t.db
          .insert(creditLoans)
          .values({ id: crypto.randomUUID(), userId: aId, title: 'Alpha fixture loan' })
          .returning();
        return { loanId: row.id };
      },
    ]),
  ),
};

// Tradelines: a store card of A's (the route takes any of A's store cards, revolving credits or openings).
recordFixtures['PUT /api/clients/:clientId/tradelines/:source/:id'] = async ({ t, aId }: Ctx) => {
  const [row] = await t.db
    .insert(storeCreditCards)
    .values({ id: crypto.randomUUID(), userId: aId, issuer: 'Alpha fixture store card' })
    .returning();
  return { source: 'store', id: row.id };
};

// A tradeline's invoices: a store card of A's, and for the invoice routes an invoice on it.
const insertFixtureCard = async (t: TestApp, aId: string) =>
  (
    await t.db
      .insert(storeCreditCards)
      .values({ id: crypto.randomUUID(), userId: aId, issuer: 'Alpha fixture vendor card' })
      .returning()
  )[0].id;
for (const route of [
  'GET /api/clients/:clientId/tradelines/:source/:id/invoices',
  'POST /api/clients/:clientId/tradelines/:source/:id/invoices',
  'POST /api/clients/:clientId/tradelines/:source/:id/invoices/import',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => ({ source: 'store', id: await insertFixtureCard(t, aId) });
for (const route of [
  'PUT /api/clients/:clientId/tradelines/:source/:id/invoices/:invoiceId',
  'DELETE /api/clients/:clientId/tradelines/:source/:id/invoices/:invoiceId',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => {
    const id = await insertFixtureCard(t, aId);
    const invoiceId = crypto.randomUUID();
    await t.db.insert(tradelineInvoices).values({
      id: invoiceId,
      userId: aId,
      storeCardId: id,
      number: 'Alpha fixture invoice',
      invoiceDate: '2026-01-01',
      termsDays: 30,
      amount: '10.00',
    });
    return { source: 'store', id, invoiceId };
  };

// Account receivables and purchase orders: each call gets a fresh record of A's (with a document for the document routes).
for (const kind of RECORD_PATHS) {
  for (const route of [
    `PATCH /api/clients/:clientId/${kind}/:recordId`,
    `DELETE /api/clients/:clientId/${kind}/:recordId`,
    `POST /api/clients/:clientId/${kind}/:recordId/documents/upload`,
  ])
    recordFixtures[route] = async ({ t, aId }: Ctx) => ({
      recordId: await insertRecord(t, kind, aId, 'Alpha fixture vendor'),
    });
  for (const route of [
    `GET /api/clients/:clientId/${kind}/:recordId/documents/:documentId/download`,
    `DELETE /api/clients/:clientId/${kind}/:recordId/documents/:documentId`,
  ])
    recordFixtures[route] = async ({ t, aId }: Ctx) => {
      const recordId = await insertRecord(t, kind, aId, 'Alpha fixture vendor');
      return { recordId, documentId: await insertRecordDocument(t, kind, aId, recordId, 'Alpha fixture invoice.pdf') };
    };
}

// Store cards (every secret on file, so an allowed reveal answers it) and revolving credits: a fresh card of A's per call.
for (const route of [
  'PATCH /api/clients/:clientId/store-cards/:cardId',
  'DELETE /api/clients/:clientId/store-cards/:cardId',
  ...STORE_CARD_SECRETS.map((f) => `POST /api/clients/:clientId/store-cards/:cardId/reveal/${f}`),
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => ({
    cardId: await insertStoreCard(t, aId, 'Alpha fixture store card', [
      '6011000990139424',
      'alpha-login',
      'alpha-pass',
    ]),
  });
for (const route of [
  'PATCH /api/clients/:clientId/revolving-credits/:cardId',
  'DELETE /api/clients/:clientId/revolving-credits/:cardId',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => ({
    cardId: await insertRevolvingCredit(t, aId, 'Alpha fixture credit'),
  });

// First Step Accounts: a catalog account (shared, admins maintain it); undoing an opening needs A's opening of it.
const insertFirstStepAccount = async (t: TestApp) =>
  (await t.db.insert(firstStepAccounts).values({ id: crypto.randomUUID(), vendor: 'Fixture vendor' }).returning())[0]
    .id;
for (const route of [
  'PUT /api/first-step-accounts/:firstStepId',
  'DELETE /api/first-step-accounts/:firstStepId',
  'POST /api/clients/:clientId/first-step-accounts/:firstStepId/opening',
])
  recordFixtures[route] = async ({ t }: Ctx) => ({ firstStepId: await insertFirstStepAccount(t) });
recordFixtures['DELETE /api/clients/:clientId/first-step-accounts/:firstStepId/opening'] = async ({ t, aId }: Ctx) => {
  const firstStepId = await insertFirstStepAccount(t);
  await t.db
    .insert(firstStepOpenings)
    .values({ id: crypto.randomUUID(), userId: aId, firstStepAccountId: firstStepId, dateOpened: '2024-01-02' });
  return { firstStepId };
};

// Social media accounts: a fresh account of A's (with a password, so an allowed reveal answers it) per call.
for (const route of [
  'PATCH /api/clients/:clientId/social-accounts/:socialAccountId',
  'DELETE /api/clients/:clientId/social-accounts/:socialAccountId',
  'POST /api/clients/:clientId/social-accounts/:socialAccountId/reveal/password',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => ({
    socialAccountId: await insertSocialAccount(t, aId, 'alpha-fixture-social', 'alpha-fixture-pass'),
  });

// Automations are a shared catalogue (every signed-in user reads, admins manage): each call gets a
// real automation with its image. A request's state route gets a fresh request of A's.
for (const route of [
  'PATCH /api/automations/:automationId',
  'DELETE /api/automations/:automationId',
  'GET /api/automations/:automationId/image',
  'POST /api/automations/:automationId/image/upload',
  'DELETE /api/automations/:automationId/image',
])
  recordFixtures[route] = async ({ t }: Ctx) => ({ automationId: await insertAutomation(t) });
recordFixtures['PATCH /api/automation-requests/:requestId'] = async ({ t, aId }: Ctx) => ({
  requestId: await insertAutomationRequest(t, aId, 'Alpha fixture request'),
});

// Support Chat: a file attached to one of A's messages.
recordFixtures['GET /api/clients/:clientId/support/attachments/:attachmentId'] = async ({ t, aId }: Ctx) => ({
  attachmentId: await insertSupportAttachment(t, aId, 'Alpha fixture attachment.pdf'),
});
/**
 * Live streams (server-sent events) never end by themselves: they are called from the first
 * message on (so a stream scoped wrongly would carry B's messages), read for a moment, then closed.
 */
const streamQuery: Record<string, string> = {
  'GET /api/clients/:clientId/support/stream': '?after=0',
  'GET /api/support/stream': '?after=0',
};
const STREAM_READ_MS = 400;

/** A social media account with its password sealed, as the app stores it. */
async function insertSocialAccount(t: TestApp, userId: string, username: string, password: string) {
  const id = crypto.randomUUID();
  await t.db.insert(socialMediaAccounts).values({
    id,
    userId,
    platform: 'Instagram',
    username,
    ...sealValues(t.keyring, socialMediaAccounts, id, { password }),
  });
  return id;
}

/** 'user' routes on a record another user authored: client B, naming A's record, must be refused. */
const authoredRecordRoutes = new Set(['PATCH /api/loans/:loanId', 'DELETE /api/loans/:loanId']);

/** 'user' routes on the caller's own record (a sign-in session): anyone else naming A's, the admin included, is refused. */
const selfOnlyRecordRoutes = new Set(['DELETE /api/me/sessions/:sessionId', 'DELETE /api/me/push/devices/:deviceId']);
/** A browser with Web Push on for A. */
recordFixtures['DELETE /api/me/push/devices/:deviceId'] = async ({ t, aId }: Ctx) => {
  const id = crypto.randomUUID();
  await t.db.insert(pushSubscriptions).values({
    id,
    userId: aId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
    p256dh: 'B'.padEnd(87, 'A'),
    auth: 'A'.repeat(22),
    label: 'Fixture browser',
  });
  return { deviceId: id };
};
recordFixtures['DELETE /api/me/sessions/:sessionId'] = async ({ t, aId }: Ctx) => {
  const id = crypto.randomUUID();
  await t.db.insert(authSessions).values({
    id,
    token: crypto.randomUUID(),
    userId: aId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    userAgent: 'Fixture browser',
  });
  return { sessionId: id };
};

/** 'user' routes kept to clients (the calendar feed): the admin and the staff member get 403 for themselves. */
const clientOnlyRoutes = new Set([
  'GET /api/me/calendar-feed',
  'POST /api/me/calendar-feed',
  'DELETE /api/me/calendar-feed',
]);

/** The public calendar feed: client A's live address (its token is the only credential). */
recordFixtures['GET /api/calendar/:file'] = async ({ t, aId }: Ctx) => {
  const { url } = await createFeed(t.db, 'http://localhost', aId);
  return { file: url.split('/').pop()! };
};

/** A ready funding packet of the client's, its PDF and manifest stored. */
async function insertPacket(t: TestApp, userId: string) {
  const id = crypto.randomUUID();
  const owner = userId.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
  const pdfKey = `packets/${owner}/${id}.pdf`;
  const manifestKey = `packets/${owner}/${id}.json`;
  await t.storage.put(pdfKey, Readable.from([Buffer.from('%PDF-1.4 fixture')]), { contentType: 'application/pdf' });
  await t.storage.put(manifestKey, Readable.from([Buffer.from('{}')]), { contentType: 'application/json' });
  await t.db.insert(fundingPackets).values({ id, userId, status: 'ready', pdfKey, manifestKey, pdfSize: 16 });
  return id;
}
for (const route of [
  'GET /api/clients/:clientId/packets/:packetId',
  'GET /api/clients/:clientId/packets/:packetId/packet.pdf',
  'GET /api/clients/:clientId/packets/:packetId/manifest.json',
  'DELETE /api/clients/:clientId/packets/:packetId',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => ({ packetId: await insertPacket(t, aId) });
recordFixtures['POST /api/clients/:clientId/packet-links/:linkId/revoke'] = async ({ t, aId }: Ctx) => {
  const { link } = await createLink(t.db, 'http://localhost', ownScope(aId), {
    packetId: await insertPacket(t, aId),
    days: 7,
    label: '',
  });
  return { linkId: link.id };
};
/** The public share pages: a live link of client A's (its token is the only credential). */
for (const route of [
  'GET /api/packet-share/:token',
  'GET /api/packet-share/:token/packet.pdf',
  'GET /api/packet-share/:token/manifest.json',
])
  recordFixtures[route] = async ({ t, aId }: Ctx) => {
    const { url } = await createLink(t.db, 'http://localhost', ownScope(aId), {
      packetId: await insertPacket(t, aId),
      days: 7,
      label: '',
    });
    return { token: url.split('/').pop()! };
  };
const ownScope = (clientId: string) => ({ clientId, actorId: clientId, isAdmin: false });

/** Routes that sign client A out everywhere when the admin calls them: A signs in again after them. */
const sessionEndingRoutes = new Set(['POST /api/clients/:clientId/sessions/revoke']);

/** A bank account with both numbers sealed, as the app stores them. */
async function insertInstalment(t: TestApp, userId: string) {
  const [template] = await t.db.select().from(agreementTemplates).limit(1);
  const [agreement] = await t.db
    .insert(signedAgreements)
    .values({
      userId,
      programId: template.programId,
      templateId: template.id,
      version: template.version,
      text: 'Alpha fixture agreement',
      sha256: '0'.repeat(64),
      signedName: 'Alpha fixture',
    })
    .returning();
  const [row] = await t.db
    .insert(programInstalments)
    .values({
      userId,
      agreementId: agreement.id,
      programId: template.programId,
      number: 1,
      of: 1,
      amount: '10.00',
      currency: 'usd',
      dueDate: '2026-01-01',
    })
    .returning();
  return String(row.id);
}

async function insertBankAccount(
  t: TestApp,
  userId: string,
  bankName: string,
  accountNumber: string,
  routingNumber: string,
) {
  const id = crypto.randomUUID();
  await t.db.insert(businessBankAccounts).values({
    id,
    userId,
    bankName,
    ...sealValues(t.keyring, businessBankAccounts, id, { accountNumber, routingNumber }),
  });
  return id;
}
/** A store card with its secrets sealed, as the app stores them. */
async function insertStoreCard(
  t: TestApp,
  userId: string,
  issuer: string,
  [accountNumber, username, password]: string[],
) {
  const id = crypto.randomUUID();
  const { storeCreditCards } = creditTables;
  await t.db.insert(storeCreditCards).values({
    id,
    userId,
    issuer,
    ...sealValues(t.keyring, storeCreditCards, id, { accountNumber, username, password }),
  });
  return id;
}
async function insertRevolvingCredit(t: TestApp, userId: string, issuer: string) {
  const id = crypto.randomUUID();
  await t.db
    .insert(creditTables.revolvingCredits)
    .values({ id, userId, issuer, rewards: `${issuer} rewards`, annualFee: '95.00' });
  return id;
}
async function insertBusinessAccount(t: TestApp, userId: string, name: string, detail = 'Alpha detail') {
  const id = crypto.randomUUID();
  await t.db.insert(businessAccounts).values({ id, userId, name });
  await t.db.insert(businessAccountDetails).values({ businessAccountId: id, userId, label: 'Note', value: detail });
  return id;
}

/** A business document: its (tiny) file in the test app's storage and its row. */
async function insertDocument(t: TestApp, userId: string, documentName: string) {
  const id = crypto.randomUUID();
  const storageKey = `documents/${userId.toLowerCase()}/${id}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4\n% ${documentName}\n%%EOF\n`);
  await t.storage.put(storageKey, Readable.from([bytes]), { contentType: 'application/pdf', size: bytes.length });
  await t.db.insert(businessDocuments).values({
    id,
    userId,
    documentName,
    documentType: 'Standard_Corporate',
    storageKey,
    contentType: 'application/pdf',
    size: bytes.length,
  });
  return id;
}

// Wildcard paths are handed a concrete sub-path to call.
const wildcardSample: Record<string, string> = { '/api/auth/*': '/api/auth/get-session' };

let t: TestApp;
let a: { id: string; email: string; password: string; agent: TestAgent };
let b: { id: string; email: string; agent: TestAgent };
// Client B's own data, none of which may reach client A or a guest.
const bMarkers = [
  'Bravo Holdings LLC',
  '555-66-7777',
  'bravo-owner@example.test',
  '7777666655554321',
  '026009593',
  'Bravo Presence Detail',
  'bravo-card-login',
  'bravo-card-pass',
  'bravo-social-login',
  'bravo-social-pass',
  '98-7776665',
];

/** What each seeded user's rows are named and hold: B's (and the other admin's) are markers a leak would show. */
const OTHER_ADMIN_MARKER = 'Otheradmin Holdings LLC';
const seedValues = {
  a: {
    prefix: 'Alpha',
    businessName: 'Alpha Ventures LLC',
    ssn: '111-22-3333',
    ein: '11-2223333',
    email: 'alpha-owner@example.test',
    bank: ['1212343456567878', '011000028'],
    detail: 'Alpha detail',
    card: ['6011555566667777', 'alpha-card-login', 'alpha-card-pass'],
    social: ['alpha-social-login', 'alpha-social-pass'],
  },
  b: {
    prefix: bMarkers[0],
    businessName: bMarkers[0],
    ssn: bMarkers[1],
    ein: bMarkers[10],
    email: bMarkers[2],
    bank: [bMarkers[3], bMarkers[4]],
    detail: bMarkers[5],
    card: ['6011222233334444', bMarkers[6], bMarkers[7]],
    social: [bMarkers[8], bMarkers[9]],
  },
  admin: {
    prefix: OTHER_ADMIN_MARKER,
    businessName: OTHER_ADMIN_MARKER,
    ssn: '888-77-6666',
    ein: '88-7776666',
    email: 'otheradmin-owner@example.test',
    bank: ['9999888877776666', '021000021'],
    detail: `${OTHER_ADMIN_MARKER} detail`,
    card: ['6011999988887777', 'otheradmin-card-login', 'otheradmin-card-pass'],
    social: ['otheradmin-social-login', 'otheradmin-social-pass'],
  },
};
/** The other admin's data: an admin is no client, so none of it may appear in any client-scoped or all-clients answer. */
const otherAdminMarkers = [
  OTHER_ADMIN_MARKER,
  seedValues.admin.ssn,
  seedValues.admin.email,
  ...seedValues.admin.bank,
  ...seedValues.admin.card.slice(1),
  ...seedValues.admin.social,
];

/**
 * Gives each user one row in every per-client area, so allowed calls find data and leaks would show.
 * The other admin gets them too: the API lets an admin keep rows under their own id.
 */
async function seed(agent: TestAgent, clientId: string, who: keyof typeof seedValues) {
  const v = seedValues[who];
  const res = await agent.request('PUT', `/api/clients/${clientId}/profile`, {
    // Every secret on file, so an allowed reveal answers it (a 404 would read as a denial).
    json: {
      businessName: v.businessName,
      ownerSsn: v.ssn,
      ownerDob: 'January 1st 1980',
      ein: v.ein,
      businessEmail: v.email,
      agreement: 'I AGREE',
    },
  });
  if (res.status !== 200) throw new Error(`seeding the profile answered ${res.status}: ${await res.text()}`);
  // A payment, a compliance task, an open document request and an activity, each named with the marker.
  await t.db
    .insert(payments)
    .values({ userId: clientId, description: `${v.prefix} retainer`, amount: '250.00', date: '2024-03-04' });
  await t.db.insert(businessCompliance).values({ userId: clientId, taskName: `${v.prefix} annual filing` });
  await t.db.insert(businessCompliance).values({
    userId: clientId,
    taskName: `${v.prefix} requested lease`,
    kind: 'document_request',
    requestedDocument: `${v.prefix} requested lease`,
    requestedDocumentType: 'Standard_Corporate',
  });
  await t.db.insert(recentActivities).values({ userId: clientId, title: `${v.prefix} call` });
  // A bank account (B's numbers are markers: a clear number in any response to A would show) and a business account.
  await insertBankAccount(t, clientId, `${v.prefix} bank`, v.bank[0], v.bank[1]);
  await insertBusinessAccount(t, clientId, `${v.prefix} presence`, v.detail);
  // A business document named with the marker (lists, downloads and the zip would show it).
  await insertDocument(t, clientId, `${v.prefix} articles.pdf`);
  // A store card (B's secrets are markers) and a revolving credit named with the marker.
  await insertStoreCard(t, clientId, `${v.prefix} store card`, v.card);
  await insertRevolvingCredit(t, clientId, `${v.prefix} credit`);
  // A social media account (B's username and password are markers) and a website template naming its owner.
  await insertSocialAccount(t, clientId, v.social[0], v.social[1]);
  await t.db.insert(websiteTemplates).values({ userId: clientId, htmlCode: `<h1>${v.prefix} website</h1>` });
  await insertAutomationRequest(t, clientId, `${v.prefix} automation request`);
  // A Support Chat message and an attached file.
  await insertSupportMessage(t, clientId, `${v.prefix} support question`);
  await insertSupportAttachment(t, clientId, `${v.prefix} chat file.pdf`);
  // A receivable and a purchase order, each with a document.
  for (const kind of RECORD_PATHS) {
    const recordId = await insertRecord(t, kind, clientId, `${v.prefix} vendor`);
    await insertRecordDocument(t, kind, clientId, recordId, `${v.prefix} invoice.pdf`);
  }
}
let admin: { id: string; agent: TestAgent };
/** A staff member: client A is assigned to them, client B is not. */
let staff: { id: string; agent: TestAgent };
/** Another admin: not a client, so no admin may act for them on /api/clients/:clientId/... */
let otherAdmin: { id: string; email: string; agent: TestAgent };

beforeAll(async () => {
  t = await createTestApp();
  const make = async (role: 'client' | 'staff' | 'admin', name: string) => {
    const u = await t.createSignedInUser({ role, name });
    return { id: u.user.id, email: u.email, password: u.password, agent: u.agent };
  };
  a = await make('client', 'Client Alpha');
  b = await make('client', 'Client Bravo');
  admin = await make('admin', 'Staff Admin');
  otherAdmin = await make('admin', 'Other Staff Admin');
  staff = await make('staff', 'Staff Member');
  const assigned = await admin.agent.request('PUT', `/api/clients/${a.id}/assignment`, { json: { staffId: staff.id } });
  if (assigned.status !== 200) throw new Error(`assigning A answered ${assigned.status}: ${await assigned.text()}`);
  await seed(a.agent, a.id, 'a');
  await seed(b.agent, b.id, 'b');
  await seed(otherAdmin.agent, otherAdmin.id, 'admin');
  // A is a member (members-only routes answer A); B is not.
  await t.db
    .insert(users)
    .values({ id: a.id, isPaid: true })
    .onConflictDoUpdate({ target: users.id, set: { isPaid: true } });
});
afterAll(() => t?.close());

/** `recordOwner`: whose record the route's fixture makes (A's unless a check names B's). */
async function concretePath(e: Endpoint, clientId: string, recordOwner?: string) {
  let path = wildcardSample[e.path] ?? e.path;
  if (path.includes('*'))
    throw new Error(`No sample for wildcard route ${e.method} ${e.path}: add one to wildcardSample`);
  path = path.replace(':clientId', clientId);
  path += streamQuery[`${e.method} ${e.path}`] ?? '';
  const params = path.match(/:[a-zA-Z]+/g);
  if (params) {
    const fixture = recordFixtures[`${e.method} ${e.path}`];
    if (!fixture) throw new Error(`Route ${e.method} ${e.path} has record parameters but no entry in recordFixtures`);
    const ids = await fixture({ t, aId: recordOwner ?? a.id, bId: b.id });
    for (const p of params) path = path.replace(p, ids[p.slice(1)] ?? 'missing');
  }
  return path;
}

/**
 * Routes answering with the whole portal, admins' own rows included (what a backup is for), or the
 * team itself (the Team page; the support report, a row for each person on the team).
 */
const wholePortalRoutes = new Set([
  'POST /api/admin/backup',
  'GET /api/staff',
  'GET /api/support/report',
  'GET /api/support/report.csv',
]);

/**
 * A body the route accepts, for the staff member's call on B's record by its id alone: with the
 * matrix's empty body the validation would refuse it before the record is looked for, proving nothing.
 */
const validBodies: Record<string, unknown> = {
  'PATCH /api/automation-requests/:requestId': { state: 'in_progress', reason: '' },
};

/** Whether the route's query names a client (`?clientId=`): an all-clients list narrowed to one client. */
const takesClientQuery = (e: Endpoint) =>
  e.validators.some((v) => v.target === 'query' && v.schema instanceof z.ZodObject && 'clientId' in v.schema.shape);
const withQuery = (path: string, key: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

type Call = { who: string; status: number; body: string };
const denied = (s: number) => s === 401 || s === 403 || s === 404;

async function call(
  agent: TestAgent | null,
  e: Endpoint,
  path: string,
  who: string,
  json: unknown = {},
): Promise<Call> {
  const o = e.method === 'GET' || e.method === 'HEAD' ? {} : { json };
  const res = agent ? await agent.request(e.method, path, o) : await t.request(e.method, path, o);
  if (res.headers.get('content-type')?.startsWith('text/event-stream'))
    return { who, status: res.status, body: await readFor(res, STREAM_READ_MS) };
  // A zip is compressed: its entries are what a leak would show in.
  if (res.headers.get('content-type') === 'application/zip')
    return {
      who,
      status: res.status,
      body: [...readZip(Buffer.from(await res.arrayBuffer()))]
        .map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`)
        .join('\n'),
    };
  return { who, status: res.status, body: await res.text() };
}

/** What a never-ending response sends within `ms`, then the stream closed. */
async function readFor(res: Response, ms: number) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stop = setTimeout(() => void reader.cancel(), ms);
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read())
      text += decoder.decode(r.value, { stream: true });
  } catch {
    // cancelled
  } finally {
    clearTimeout(stop);
  }
  return text;
}

describe('authorisation matrix', () => {
  it('every registered endpoint declares its access and keeps clients apart', async () => {
    const endpoints = registeredEndpoints(t.app);
    expect(endpoints.length).toBeGreaterThan(0);
    const undeclared = endpoints.filter((e) => !e.access).map((e) => `${e.method} ${e.path}`);
    expect(undeclared, 'routes without an access declaration').toEqual([]);

    const problems: string[] = [];
    let calls = 0;
    const check = (e: Endpoint, c: Call, ok: boolean, why: string) => {
      calls++;
      if (c.status >= 500) problems.push(`${e.method} ${e.path} as ${c.who}: ${c.status} (server error)`);
      else if (!ok) problems.push(`${e.method} ${e.path} as ${c.who}: ${c.status}, expected ${why}`);
      // Nothing B owns may appear in what A or a guest receives.
      if (c.who !== 'admin' && [b.id, b.email, ...bMarkers].some((m) => c.body.includes(m)))
        problems.push(`${e.method} ${e.path} as ${c.who}: response contains client B's data`);
      // An admin is no client: nothing another admin owns appears in a client-scoped or all-clients answer.
      if (
        !wholePortalRoutes.has(`${e.method} ${e.path}`) &&
        [otherAdmin.id, otherAdmin.email, ...otherAdminMarkers].some((m) => c.body.includes(m))
      )
        problems.push(`${e.method} ${e.path} as ${c.who}: response contains another admin's data`);
    };
    /** Admin (and the staff member) naming another admin where a client id goes (path or query): 404, as for no such client. */
    const checkAdminOnAdmin = async (e: Endpoint, path: string) => {
      const c = await call(admin.agent, e, path, 'admin on another admin');
      check(e, c, c.status === 404, '404');
      const s = await call(staff.agent, e, path, 'staff on an admin');
      check(e, s, s.status === 404 || (e.access === 'admin' && s.status === 403), '404');
    };
    /** The staff member naming unassigned client B where a client id goes (path or query): 404, exactly as client A hears of B. */
    const checkStaffOnB = async (e: Endpoint, path: string) => {
      const c = await call(staff.agent, e, path, 'staff on unassigned B');
      check(e, c, c.status === 404, '404');
    };

    for (const e of endpoints) {
      const own = await concretePath(e, a.id);
      const other = await concretePath(e, b.id);
      const guest = await call(null, e, own, 'guest');
      const aOwn = await call(a.agent, e, own, 'client A on own');
      // A DELETE removed the record client A named: the admin gets a fresh one.
      const adminOnA = await call(admin.agent, e, e.method === 'DELETE' ? await concretePath(e, a.id) : own, 'admin');
      const staffOnA = await call(
        staff.agent,
        e,
        e.method === 'DELETE' ? await concretePath(e, a.id) : own,
        'staff on assigned A',
      );
      // A stream that answered must really have carried the conversation (the check above is not vacuous).
      if (streamQuery[`${e.method} ${e.path}`])
        for (const c of e.access === 'own' ? [aOwn, adminOnA, staffOnA] : [adminOnA, staffOnA])
          if (c.status === 200 && !c.body.includes('Alpha support question'))
            problems.push(`${e.method} ${e.path} as ${c.who}: the stream sent no message`);
      switch (e.access) {
        case 'public':
          check(e, guest, true, 'any');
          check(e, aOwn, true, 'any');
          check(e, adminOnA, true, 'any');
          check(e, staffOnA, true, 'any');
          break;
        case 'user':
        case 'shared-read':
          check(e, guest, guest.status === 401, '401');
          check(
            e,
            aOwn,
            !denied(aOwn.status) || (e.access === 'shared-read' && e.method !== 'GET' && aOwn.status === 403),
            'allowed',
          );
          if (clientOnlyRoutes.has(`${e.method} ${e.path}`)) {
            check(e, adminOnA, adminOnA.status === 403, '403');
            check(e, staffOnA, staffOnA.status === 403, '403');
            break;
          }
          if (selfOnlyRecordRoutes.has(`${e.method} ${e.path}`))
            check(e, adminOnA, denied(adminOnA.status), 'a denial');
          else check(e, adminOnA, !denied(adminOnA.status), 'allowed');
          // A staff member reads shared lists as anyone does, and changes a shared record as its
          // author only (the directory is every client's; they work some of them).
          if (authoredRecordRoutes.has(`${e.method} ${e.path}`) || selfOnlyRecordRoutes.has(`${e.method} ${e.path}`)) {
            const bOnA = await call(b.agent, e, await concretePath(e, a.id), "client B on A's record");
            check(e, bOnA, denied(bOnA.status), 'a denial');
            check(e, staffOnA, denied(staffOnA.status), 'a denial');
          } else
            check(
              e,
              staffOnA,
              !denied(staffOnA.status) || (e.access === 'shared-read' && e.method !== 'GET' && staffOnA.status === 403),
              'allowed',
            );
          break;
        case 'staff':
        case 'admin':
          check(e, guest, guest.status === 401, '401');
          check(e, aOwn, aOwn.status === 403, '403');
          check(e, adminOnA, !denied(adminOnA.status), 'allowed');
          // The portal's own routes are the admins'; the rest the staff member reaches for A only.
          if (e.access === 'admin') check(e, staffOnA, staffOnA.status === 403, '403');
          else {
            check(e, staffOnA, !denied(staffOnA.status), 'allowed');
            if (e.path.includes(':clientId')) await checkStaffOnB(e, await concretePath(e, b.id));
            else if (/:[a-zA-Z]+/.test(e.path)) {
              // A record of B's named by its id alone: not among the staff member's clients' rows.
              const route = `${e.method} ${e.path}`;
              if (e.method !== 'GET' && !(route in validBodies))
                throw new Error(`${route}: add a body it accepts to validBodies`);
              const onB = await call(
                staff.agent,
                e,
                await concretePath(e, b.id, b.id),
                "staff on B's record",
                validBodies[route],
              );
              check(e, onB, denied(onB.status), 'a denial');
              const onA = await call(
                staff.agent,
                e,
                await concretePath(e, a.id),
                "staff on A's record",
                validBodies[route],
              );
              check(e, onA, onA.status < 300, 'a success');
            }
            if (takesClientQuery(e)) {
              const narrowed = await call(staff.agent, e, withQuery(own, 'clientId', a.id), 'staff on client A');
              check(e, narrowed, !denied(narrowed.status), 'allowed');
              await checkStaffOnB(e, withQuery(own, 'clientId', b.id));
            }
          }
          if (e.path.includes(':clientId'))
            await checkAdminOnAdmin(e, (await concretePath(e, a.id)).replace(a.id, otherAdmin.id));
          if (takesClientQuery(e)) {
            const narrowed = await call(admin.agent, e, withQuery(own, 'clientId', a.id), 'admin on client A');
            check(e, narrowed, !denied(narrowed.status), 'allowed');
            await checkAdminOnAdmin(e, withQuery(own, 'clientId', otherAdmin.id));
          }
          // Both the admin and the staff member signed A out: A signs in again.
          if (sessionEndingRoutes.has(`${e.method} ${e.path}`)) {
            const after = await call(
              a.agent,
              { ...e, method: 'GET' },
              '/api/me/sessions',
              'client A after being signed out',
            );
            if (after.status !== 401)
              problems.push(`${e.method} ${e.path}: client A's session still answers ${after.status}`);
            a.agent = await t.signIn(a.email, a.password);
          }
          break;
        case 'own': {
          check(e, guest, guest.status === 401, '401');
          check(e, aOwn, !denied(aOwn.status), 'allowed');
          check(e, adminOnA, !denied(adminOnA.status), 'allowed');
          check(e, staffOnA, !denied(staffOnA.status), 'allowed');
          const aOnB = await call(a.agent, e, other, 'client A on B');
          check(e, aOnB, denied(aOnB.status), 'a denial');
          // The staff member on unassigned B hears exactly what A hears of B: the same 404.
          const staffOnB = await call(staff.agent, e, other, 'staff on unassigned B');
          check(
            e,
            staffOnB,
            staffOnB.status === 404 && staffOnB.status === aOnB.status && staffOnB.body === aOnB.body,
            `${aOnB.status} ${aOnB.body}, as client A on B`,
          );
          await checkAdminOnAdmin(e, (await concretePath(e, a.id)).replace(a.id, otherAdmin.id));
          if (/:[a-zA-Z]+/.test(e.path.replace(':clientId', ''))) {
            // IDOR: B, on B's own client id, names a record that belongs to A.
            const idor = await call(
              b.agent,
              e,
              (await concretePath(e, a.id)).replace(a.id, b.id),
              "client B on A's record",
            );
            check(e, idor, denied(idor.status), 'a denial');
          }
          break;
        }
      }
    }
    // The client-query check above is not vacuous: the all-clients lists take ?clientId=.
    expect(endpoints.filter(takesClientQuery).length).toBeGreaterThan(5);
    console.log(
      `authorisation matrix: ${endpoints.length} routes x 5-6 roles, ${calls} calls checked, ${problems.length} leaks found`,
    );
    expect(problems).toEqual([]);
    // Several hundred calls: about 15 s on a quiet 2-core machine, more when it is busy. The bound is for a hang.
  }, 180_000);
});
