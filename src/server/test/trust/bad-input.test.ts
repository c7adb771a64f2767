import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAgent, type TestApp } from '../test-app';
import { changeWatcher, fingerprinter } from './db-fingerprint';
import { hostileObject, hostileQuery } from './hostile-inputs';
import { registeredEndpoints } from './registered-routes';
import fs from 'node:fs';
import { insertTrainingVideo, PNG, webm } from '../../features/training/training-media';
import { makePdf } from '../zip';
import * as creditTables from '../../db/schema/credit';
import { insertRecord } from '../../features/records/record-fixtures';
import {
  businessCompliance,
  businessDocuments,
  creditLoans,
  firstStepAccounts,
  storeCreditCards,
  users,
} from '../../db/schema';
import { clientNotes, socialMediaAccounts, tradelineInvoices } from '../../db/schema';
import { agreementTemplates, programInstalments, signedAgreements } from '../../db/schema';
import { insertAutomation, insertAutomationRequest } from '../../features/automations/automation-fixtures';

const RUNS_PER_ROUTE = 100;
/**
 * Routes a person opens from an e-mail in the browser: they answer a bad input with an HTML page
 * whose heading says why (a JSON message would be all they see), or with the JSON message.
 */
const PAGE_ROUTES = new Set(['GET /api/digest/unsubscribe', 'POST /api/digest/unsubscribe']);

let t: TestApp;
let client: { id: string; agent: TestAgent };
let admin: { id: string; agent: TestAgent };
/** Whose role the role route's hostile bodies change (a valid one may: never the fuzzing client's). */
let roleTargetId: string;
/** Whose "Takes new clients" the setting's hostile bodies change (a valid one may). */
let staffTargetId: string;
let videoId: string;
let loanId: string;
/** A store card and a revolving credit of the client's with one id, so their PATCH reaches validation. */
let cardId: string;
/** A receivable and a purchase order of the client's, so their PATCH reaches validation. */
const recordIds: Record<string, string> = {};
let tradelineCardId: string;
let firstStepId: string;
/** A social media account of the client's, so its PATCH reaches validation. */
let socialAccountId: string;
/** An automation and a request of the client's, so their PATCH reaches validation. */
let automationId: string;
let automationRequestId: string;
/** A submitted document request of the client's, so the task routes (reject's reason included) reach validation. */
let taskId: string;
/** A staff note on the client (the admin's), so its PATCH reaches validation. */
let noteId: string;
/** An invoice on the tradeline's card, so an invoice's edit reaches validation. */
let invoiceId: string;
/** A program instalment of the client's, so its settle reaches validation. */
let instalmentId: string;
/** A business document of the client's, so its kind and check reach validation. */
let documentId: string;

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.createSignedInUser({ role: 'client' });
  const a = await t.createSignedInUser({ role: 'admin' });
  client = { id: c.user.id, agent: c.agent };
  admin = { id: a.user.id, agent: a.agent };
  roleTargetId = (await t.createSignedInUser({ role: 'client' })).user.id;
  staffTargetId = (await t.createSignedInUser({ role: 'staff' })).user.id;
  documentId = crypto.randomUUID();
  await t.db.insert(businessDocuments).values({
    id: documentId,
    userId: client.id,
    documentName: 'Fuzzed.pdf',
    documentType: 'Standard_Corporate',
    storageKey: `documents/${client.id.toLowerCase()}/fuzzed.pdf`,
    contentType: 'application/pdf',
    size: 10,
  });
  videoId = await insertTrainingVideo(t);
  // A loan offer the client authored, so PATCH reaches validation (anyone else's is a 403 first).
  loanId = (
    await t.db
      .insert(creditLoans)
      .values({ id: crypto.randomUUID(), userId: client.id, title: 'Fuzzed loan' })
      .returning()
  )[0].id;
  cardId = crypto.randomUUID();
  await t.db
    .insert(creditTables.storeCreditCards)
    .values({ id: cardId, userId: client.id, issuer: 'Fuzzed store card' });
  await t.db.insert(creditTables.revolvingCredits).values({ id: cardId, userId: client.id, issuer: 'Fuzzed credit' });
  // A store card of the client's, so the tradeline PUT reaches validation.
  tradelineCardId = (
    await t.db
      .insert(storeCreditCards)
      .values({ id: crypto.randomUUID(), userId: client.id, issuer: 'Fuzzed card' })
      .returning()
  )[0].id;
  // A First Step Account, and the client a member, so its routes reach validation (a non-member is refused first).
  firstStepId = (
    await t.db.insert(firstStepAccounts).values({ id: crypto.randomUUID(), vendor: 'Fuzzed vendor' }).returning()
  )[0].id;
  await t.db
    .insert(users)
    .values({ id: client.id, isPaid: true })
    .onConflictDoUpdate({ target: users.id, set: { isPaid: true } });
  for (const kind of ['receivables', 'purchase-orders'] as const)
    recordIds[kind] = await insertRecord(t, kind, client.id, 'Fuzzed vendor');
  automationId = await insertAutomation(t);
  automationRequestId = await insertAutomationRequest(t, client.id);
  taskId = String(
    (
      await t.db
        .insert(businessCompliance)
        .values({
          userId: client.id,
          taskName: 'Fuzzed request',
          kind: 'document_request',
          requestedDocument: 'Fuzzed request',
          requestedDocumentType: 'Standard_Corporate',
          taskStatus: 'Submitted',
        })
        .returning()
    )[0].id,
  );
  noteId = crypto.randomUUID();
  await t.db.insert(clientNotes).values({ id: noteId, clientId: client.id, authorId: admin.id, body: 'Fuzzed note' });
  invoiceId = crypto.randomUUID();
  await t.db.insert(tradelineInvoices).values({
    id: invoiceId,
    userId: client.id,
    storeCardId: tradelineCardId,
    number: 'Fuzzed invoice',
    invoiceDate: '2026-01-01',
    termsDays: 30,
    amount: '10.00',
  });
  const [template] = await t.db.select().from(agreementTemplates).limit(1);
  const [agreement] = await t.db
    .insert(signedAgreements)
    .values({
      userId: client.id,
      programId: template.programId,
      templateId: template.id,
      version: template.version,
      text: 'Fuzzed agreement',
      sha256: '0'.repeat(64),
      signedName: 'Fuzzed',
    })
    .returning();
  instalmentId = String(
    (
      await t.db
        .insert(programInstalments)
        .values({
          userId: client.id,
          agreementId: agreement.id,
          programId: template.programId,
          number: 1,
          of: 1,
          amount: '10.00',
          currency: 'usd',
          dueDate: '2026-01-01',
        })
        .returning()
    )[0].id,
  );
  socialAccountId = (
    await t.db
      .insert(socialMediaAccounts)
      .values({ id: crypto.randomUUID(), userId: client.id, platform: 'Instagram', username: 'fuzzed' })
      .returning()
  )[0].id;
});
afterAll(() => t?.close());

describe('hostile input on every validated route', () => {
  it('is refused with a 4xx JSON message, never a 5xx, and changes no row', async () => {
    const endpoints = registeredEndpoints(t.app).filter((e) => e.validators.length > 0);
    expect(endpoints.length).toBeGreaterThan(0);
    let cases = 0;
    const failures: string[] = [];
    const changes = await changeWatcher(t.db);

    for (const e of endpoints) {
      const caller =
        e.access === 'admin' || e.access === 'staff' ? admin.agent : e.access === 'public' ? null : client.agent;
      // Record parameters name a real record, so the body and query reach validation and the handler.
      const path = e.path
        .replace(':clientId', client.id)
        .replace(':videoId', videoId)
        .replace(':loanId', loanId)
        .replace(':cardId', cardId)
        .replace(':recordId', recordIds[e.path.includes('/receivables/') ? 'receivables' : 'purchase-orders'])
        .replace(':source/:id', `store/${tradelineCardId}`)
        .replace(':firstStepId', firstStepId)
        .replace(':socialAccountId', socialAccountId)
        .replace(':automationId', automationId)
        .replace(':requestId', automationRequestId)
        .replace(':taskId', taskId)
        .replace(':noteId', noteId)
        .replace(':invoiceId', invoiceId)
        .replace(':instalmentId', instalmentId)
        .replace(':documentId', documentId)
        .replace(':userId', roleTargetId)
        .replace(':staffId', staffTargetId);
      const json = e.validators.find((v) => v.target === 'json');
      const query = e.validators.find((v) => v.target === 'query');
      const input = fc.record({
        body: json ? hostileObject(json.schema) : fc.constant(undefined),
        query: query ? hostileQuery(query.schema) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ body, query: q }) => {
          cases++;
          const url = q ? `${path}?${new URLSearchParams(q)}` : path;
          const o = body === undefined ? {} : { json: body };
          const res = caller ? await caller.request(e.method, url, o) : await t.request(e.method, url, o);
          // An accepted live stream (server-sent events) never ends: its status is the answer, then it is closed.
          const live = res.status === 200 && res.headers.get('content-type')?.startsWith('text/event-stream');
          const text = live ? (await res.body?.cancel(), '') : await res.text();
          const where = `${e.method} ${e.path} with ${JSON.stringify({ body, q }).slice(0, 200)}`;
          if (res.status >= 500) failures.push(`${where}: ${res.status}`);
          const page =
            PAGE_ROUTES.has(`${e.method} ${e.path}`) &&
            res.headers.get('content-type')?.startsWith('text/html') &&
            /<h1[^>]*>[^<]{3,}</.test(text);
          if (res.status >= 400 && res.status < 500 && !page) {
            let message: unknown;
            try {
              message = (JSON.parse(text) as { error?: unknown }).error;
            } catch {
              /* not JSON */
            }
            if (typeof message !== 'string' || message.length < 3)
              failures.push(`${where}: ${res.status} without a JSON error message: ${text.slice(0, 100)}`);
          }
          // What changed since the previous case. A valid case may have queued a mail whose delivery
          // updates mail_outbox later: let it finish first, so it is not counted against the next case.
          await t.mailer.settle();
          const changed = await changes();
          if (res.status >= 400 && changed.length)
            failures.push(`${where}: rejected but changed ${changed.join(', ')}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    console.log(
      `bad input: ${endpoints.length} validated routes, ${cases} hostile cases run, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
    // A full database fingerprint per case made this 100 s of a quiet 2-core machine; the change
    // watcher takes one only after a write. The bound is for a hang, not a speed target.
  }, 600_000);

  it('refuses a NUL byte in any path segment, query or JSON body, better-auth routes included, with a 400', async () => {
    const authRoutes = [
      'sign-in/email',
      'sign-out',
      'get-session',
      'request-password-reset',
      'reset-password',
      'change-password',
      'revoke-session',
      'send-verification-email',
      'two-factor/enable',
      'two-factor/verify-totp',
      'two-factor/verify-backup-code',
      'two-factor/disable',
      'two-factor/generate-backup-codes',
    ];
    const endpoints = [
      ...registeredEndpoints(t.app).filter((e) => !e.path.includes('*')),
      ...authRoutes.flatMap((r) =>
        ['GET', 'POST'].map((method) => ({
          method,
          path: `/api/auth/${r}`,
          validators: [] as { target: string; schema: unknown }[],
        })),
      ),
    ];
    const failures: string[] = [];
    const fingerprint = await fingerprinter(t.db);
    const before = await fingerprint();
    let cases = 0;
    const check = async (method: string, url: string, json?: unknown) => {
      cases++;
      const res = await admin.agent.request(method, url, json === undefined ? {} : { json });
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      if (res.status !== 400 || !body?.error?.includes('NUL'))
        failures.push(
          `${method} ${url} ${JSON.stringify(json) ?? ''}: ${res.status} ${JSON.stringify(body)?.slice(0, 100)}`,
        );
    };
    for (const e of endpoints) {
      const params = e.path.match(/:\w+/g) ?? [];
      const fill = (path: string) => path.replace(':clientId', client.id).replace(/:\w+/g, '1');
      // Each path parameter poisoned in turn, then the query string, then every field of the JSON body.
      for (const p of params) await check(e.method, fill(e.path.replace(p, 'a%00b')), undefined);
      await check(e.method, `${fill(e.path)}?q=%00`, undefined);
      if (e.method !== 'GET') {
        await check(e.method, fill(e.path), {
          email: 'x\u0000@example.test',
          token: '\u0000',
          newPassword: 'abc\u0000defgh',
          value: ['\u0000'],
        });
        await check(e.method, fill(e.path), { ['key\u0000']: 'value' });
      }
    }
    const after = await fingerprint();
    expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual([]);
    console.log(`NUL bytes: ${endpoints.length} routes, ${cases} cases, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a NUL character in any text field (name or value) of every multipart route with a 400, storing nothing', async () => {
    const pdf = () => ({ file: new File([new Uint8Array(makePdf())], 'statement.pdf', { type: 'application/pdf' }) });
    const png = (field: string) => ({ [field]: new File([new Uint8Array(PNG)], 'picture.png', { type: 'image/png' }) });
    const video = { title: 'A title', duration: '1:00', description: 'A description.' };
    const videoFiles = () => ({
      ...png('thumbnail'),
      video: new File([new Uint8Array(webm())], 'intro.webm', { type: 'video/webm' }),
    });
    // Every route that reads a multipart form: the text fields it takes (a route with none gets one it
    // does not know: the NUL is refused before anything looks at the names) and valid files.
    const routes: Record<string, { fields: Record<string, string>; files: () => Record<string, File> }> = {
      'POST /api/clients/:clientId/documents/upload': { fields: { documentType: 'Standard_Corporate' }, files: pdf },
      'POST /api/clients/:clientId/documents/:documentId/upload': { fields: { note: 'x' }, files: pdf },
      'POST /api/clients/:clientId/compliance-tasks/:taskId/upload': { fields: { note: 'x' }, files: pdf },
      'POST /api/clients/:clientId/receivables/:recordId/documents/upload': { fields: { note: 'x' }, files: pdf },
      'POST /api/clients/:clientId/purchase-orders/:recordId/documents/upload': { fields: { note: 'x' }, files: pdf },
      'POST /api/books/:volume/upload': { fields: { note: 'x' }, files: pdf },
      'POST /api/training-videos/upload': { fields: video, files: videoFiles },
      'POST /api/training-videos/:videoId/upload': { fields: video, files: videoFiles },
      'POST /api/training-videos/:videoId/resources/upload': { fields: { name: 'Checklist' }, files: pdf },
      'POST /api/clients/:clientId/support/messages/upload': { fields: { body: 'hi there' }, files: () => png('file') },
      'POST /api/automations/:automationId/image/upload': { fields: { note: 'x' }, files: () => png('image') },
    };
    // The table covers every route marked as reading a multipart form (a new one needs its row here).
    expect(Object.keys(routes).sort()).toEqual(
      registeredEndpoints(t.app)
        .filter((e) => e.multipart)
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    );
    const fill = (path: string) =>
      path
        .replace(':clientId', client.id)
        .replace(':taskId', taskId)
        .replace(':documentId', documentId)
        .replace(':videoId', videoId)
        .replace(':automationId', automationId)
        .replace(':volume', '1')
        .replace(':recordId', recordIds[path.includes('/receivables/') ? 'receivables' : 'purchase-orders']);
    // Stored objects (tmp/ is the storage's scratch space for puts in progress).
    const root = `${t.filesDir}/objects`;
    const storedFiles = () =>
      fs.existsSync(root)
        ? (fs.readdirSync(root, { recursive: true }) as string[])
            .filter((p) => fs.statSync(`${root}/${p}`).isFile())
            .sort()
        : [];
    const fingerprint = await fingerprinter(t.db);
    const before = await fingerprint();
    const filesBefore = storedFiles();
    const failures: string[] = [];
    let cases = 0;
    for (const [route, { fields, files }] of Object.entries(routes)) {
      const [method, path] = route.split(' ');
      // Each field poisoned in turn (its value, then its name), sent before the files as the pages do and after them.
      const poisoned = Object.keys(fields).flatMap((k) => [
        { sent: { ...fields, [k]: 'hi\u0000there' }, inName: false },
        {
          sent: { ...Object.fromEntries(Object.entries(fields).filter(([f]) => f !== k)), [`${k}\u0000`]: fields[k] },
          inName: true,
        },
      ]);
      for (const { sent, inName } of poisoned) {
        for (const fieldsFirst of [true, false]) {
          cases++;
          const form = new FormData();
          const addFields = () => Object.entries(sent).forEach(([k, v]) => form.append(k, v));
          if (fieldsFirst) addFields();
          for (const [k, f] of Object.entries(files())) form.append(k, f);
          if (!fieldsFirst) addFields();
          const res = await admin.agent.request(method, fill(path), { body: form });
          const body = (await res.json().catch(() => null)) as { error?: string } | null;
          // A NUL in a part's name is in its header, which the streaming reader (busboy) refuses as
          // malformed before any name is known: a 400 either way.
          const expected =
            inName && body?.error === 'The upload could not be read. Please try again.'
              ? body.error
              : 'Text may not contain NUL characters.';
          if (res.status !== 400 || body?.error !== expected)
            failures.push(
              `${route} ${JSON.stringify(sent)} (fields ${fieldsFirst ? 'first' : 'last'}): ${res.status} ${JSON.stringify(body)?.slice(0, 150)}`,
            );
        }
      }
    }
    const after = await fingerprint();
    expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
    console.log(
      `NUL in multipart fields: ${Object.keys(routes).length} routes, ${cases} cases, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
