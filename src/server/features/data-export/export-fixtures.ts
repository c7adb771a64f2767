import { agreementTemplates, programInstalments, signedAgreements } from '../../db/schema';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import {
  calendarFeeds,
  pushSubscriptions,
  fundingPackets,
  packetLinkEvents,
  packetLinks,
  businessAccountDetails,
  businessAccounts,
  businessCompliance,
  businessDocuments,
  capitalScores,
  creditLoans,
  firstStepAccounts,
  firstStepOpenings,
  notifications,
  paydexScores,
  payments,
  programRequests,
  recentActivities,
  revolvingCredits,
  supportAttachments,
  supportConversations,
  supportMessages,
  users,
  videoProgress,
  websiteTemplates,
  tradelineInvoices,
} from '../../db/schema';
import type { TestAgent, TestApp } from '../../test/test-app';
import { insertRecord, insertRecordDocument, RECORD_PATHS } from '../records/record-fixtures';
import { insertAutomationRequest } from '../automations/automation-fixtures';
import { insertTrainingVideo } from '../training/training-media';

/** The secrets a seeded client keeps, each unique to the client (`mark`). */
export const secretsOf = (mark: string) => ({
  ssn: mark === 'ALPHA' ? '123-45-6789' : '987-65-4321',
  dob: `${mark} birthday 1980`,
  ein: mark === 'ALPHA' ? '12-3456780' : '98-7654320',
  accountNumber: mark === 'ALPHA' ? '11112222333344' : '99998888777766',
  routingNumber: mark === 'ALPHA' ? '021000021' : '026009593',
  cardPassword: `${mark}-card-P4ss`,
  socialPassword: `${mark}-social-P4ss`,
});

async function stored(t: TestApp, key: string, text: string) {
  const bytes = Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
  await t.storage.put(key, Readable.from([bytes]), { contentType: 'application/pdf', size: bytes.length });
  return bytes.length;
}

/**
 * One record in every area of a client's data, each carrying `mark` (through the API where secrets
 * are sealed, directly otherwise), and one file of every kind in storage.
 */
export async function seedEveryArea(t: TestApp, agent: TestAgent, clientId: string, mark: string) {
  const s = secretsOf(mark);
  const ok = async (res: Response) => expect(res.status, await res.clone().text()).toBeLessThan(300);
  const base = `/api/clients/${clientId}`;
  await ok(
    await agent.request('PUT', `${base}/profile`, {
      json: {
        businessName: `${mark} Ventures LLC`,
        ownerSsn: s.ssn,
        ownerDob: s.dob,
        ein: s.ein,
        agreement: 'I AGREE',
      },
    }),
  );
  await ok(
    await agent.post(`${base}/bank-accounts`, {
      bankName: `${mark} Bank`,
      accountNumber: s.accountNumber,
      routingNumber: s.routingNumber,
      address: `${mark} 12 Elm St`,
      phone: '555-010-2000',
    }),
  );
  await ok(
    await agent.post(`${base}/store-cards`, {
      issuer: `${mark} Store`,
      accountNumber: '6011000990139424',
      username: `${mark}-card-login`,
      password: s.cardPassword,
    }),
  );
  await ok(
    await agent.post(`${base}/social-accounts`, {
      platform: 'Instagram',
      username: `${mark}.social`,
      password: s.socialPassword,
    }),
  );
  await t.db
    .insert(users)
    .values({ id: clientId, isPaid: true })
    .onConflictDoUpdate({ target: users.id, set: { isPaid: true } });
  await t.db.insert(businessCompliance).values({ userId: clientId, taskName: `${mark} annual filing` });
  await t.db.insert(recentActivities).values({ userId: clientId, title: `${mark} call` });
  await t.db
    .insert(payments)
    .values({ userId: clientId, description: `${mark} retainer`, amount: '250.00', date: '2024-03-04' });
  await t.db
    .insert(programRequests)
    .values({ userId: clientId, programId: 'business-credit', note: `${mark} program note` });
  // A signed program agreement and its instalment (features/billing).
  const [template] = await t.db.select().from(agreementTemplates).limit(1);
  const [agreement] = await t.db
    .insert(signedAgreements)
    .values({
      userId: clientId,
      programId: template.programId,
      templateId: template.id,
      version: template.version,
      text: `${mark} agreement text`,
      sha256: '0'.repeat(64),
      signedName: `${mark} signer`,
    })
    .returning();
  await t.db.insert(programInstalments).values({
    userId: clientId,
    agreementId: agreement.id,
    programId: template.programId,
    number: 1,
    of: 1,
    amount: '100.00',
    currency: 'usd',
    dueDate: '2024-03-04',
  });
  const businessAccountId = randomUUID();
  await t.db.insert(businessAccounts).values({ id: businessAccountId, userId: clientId, name: `${mark} presence` });
  await t.db
    .insert(businessAccountDetails)
    .values({ businessAccountId, userId: clientId, label: 'Note', value: `${mark} detail` });
  const docId = randomUUID();
  const docKey = `documents/${clientId.toLowerCase()}/${docId}.pdf`;
  const size = await stored(t, docKey, `${mark} articles`);
  await t.db.insert(businessDocuments).values({
    id: docId,
    userId: clientId,
    documentName: `${mark} articles.pdf`,
    documentType: 'Standard_Corporate',
    storageKey: docKey,
    contentType: 'application/pdf',
    size,
  });
  const revolvingId = randomUUID();
  await t.db
    .insert(revolvingCredits)
    .values({ id: revolvingId, userId: clientId, issuer: `${mark} credit`, bureaus: ['equifax'] });
  await t.db.insert(tradelineInvoices).values({
    id: randomUUID(),
    userId: clientId,
    revolvingCreditId: revolvingId,
    number: `${mark} INV-1`,
    invoiceDate: '2024-02-01',
    termsDays: 30,
    amount: '120.00',
    paidDate: '2024-02-20',
    paidAmount: '120.00',
  });
  const [vendor] = await t.db
    .insert(firstStepAccounts)
    .values({ id: randomUUID(), vendor: `${mark} vendor account` })
    .returning();
  await t.db
    .insert(firstStepOpenings)
    .values({ id: randomUUID(), userId: clientId, firstStepAccountId: vendor.id, dateOpened: '2024-02-03' });
  for (const kind of RECORD_PATHS) {
    const recordId = await insertRecord(t, kind, clientId, `${mark} ${kind} vendor`);
    await insertRecordDocument(t, kind, clientId, recordId, `${mark} ${kind} invoice.pdf`);
  }
  await t.db.insert(websiteTemplates).values({ userId: clientId, htmlCode: `<h1>${mark} website</h1>` });
  await insertAutomationRequest(t, clientId, `${mark} automation request`);
  await t.db.insert(capitalScores).values({ userId: clientId, score: 640 });
  await t.db.insert(paydexScores).values({ userId: clientId, score: 77 });
  await t.db.insert(creditLoans).values({ id: randomUUID(), userId: clientId, title: `${mark} loan offer` });
  const videoId = await insertTrainingVideo(t, { title: `${mark} video` });
  await t.db.insert(videoProgress).values({ userId: clientId, videoId, positionSeconds: 12, durationSeconds: 60 });
  await t.db.insert(supportConversations).values({ clientId }).onConflictDoNothing();
  const [message] = await t.db
    .insert(supportMessages)
    .values({ clientId, fromStaff: false, body: `${mark} support question` })
    .returning();
  const attachmentId = randomUUID();
  const attachmentKey = `support/${clientId.toLowerCase()}/${attachmentId}.pdf`;
  const attachmentSize = await stored(t, attachmentKey, `${mark} screenshot`);
  await t.db.insert(supportAttachments).values({
    id: attachmentId,
    messageId: message.id,
    clientId,
    fileName: `${mark} screenshot.pdf`,
    storageKey: attachmentKey,
    contentType: 'application/pdf',
    size: attachmentSize,
  });
  await t.db
    .insert(notifications)
    .values({ userId: clientId, clientId, kind: 'task_assigned', title: `${mark} notification` });
  // The feed's token hash must stay out of the export (omitted in EXPORT_AREAS): one that looks like the mark.
  await t.db.insert(calendarFeeds).values({ userId: clientId, tokenHash: `${mark}-calendar-token-hash` });
  // A push device: its endpoint and keys stay out of the export, like the token's hash.
  await t.db.insert(pushSubscriptions).values({
    id: randomUUID(),
    userId: clientId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${mark}-push-endpoint`,
    p256dh: `${mark}-push-p256dh`,
    auth: `${mark}-push-auth`,
    label: 'Chrome on Windows',
  });
  const packetId = crypto.randomUUID();
  const linkId = crypto.randomUUID();
  await t.db.insert(fundingPackets).values({ id: packetId, userId: clientId, status: 'ready' });
  await t.db.insert(packetLinks).values({
    id: linkId,
    packetId,
    userId: clientId,
    tokenHash: `${mark}-packet-token-hash`,
    label: `${mark} lender`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await t.db.insert(packetLinkEvents).values({ linkId, userId: clientId, kind: 'open', ip: '10.0.0.1' });
}
