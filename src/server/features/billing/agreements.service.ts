import { createHash } from 'node:crypto';
import { and, desc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { agreementTemplates, authUsers, programInstalments, signedAgreements } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  addMonths,
  agreementHtml,
  agreementPlainText,
  ALREADY_SIGNED,
  fillAgreement,
  instalmentAmounts,
  PROGRAM_CURRENCY,
  TEMPLATE_CHANGED,
  type AgreementTemplate,
  type agreementTemplateInput,
  type ProgramAgreement,
  type SignedAgreement,
  type signAgreementInput,
} from '../../../shared/billing';
import { formatDateTime } from '../../../shared/format';
import type { Program, ProgramId } from '../../../shared/programs';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { storeThenRecord, uploadKey } from '../../uploads/upload';
import { insertDocument } from '../documents/documents.service';
import { notify, notifyStaff } from '../notifications/notifications.service';
import { cleanAutomationHtml } from '../automations/automation-html';
import { clientMail, queueMail } from './billing-mail';
import { renderAgreementPdf } from './agreement-pdf';

const templateColumns = {
  id: agreementTemplates.id,
  programId: agreementTemplates.programId,
  version: agreementTemplates.version,
  body: agreementTemplates.body,
  createdAt: agreementTemplates.createdAt,
};
const toTemplate = (
  r: { createdAt: Date; programId: string } & Omit<AgreementTemplate, 'createdAt' | 'programId'>,
) => ({
  ...r,
  programId: r.programId as ProgramId,
  createdAt: r.createdAt.toISOString(),
});

export const signedColumns = {
  id: signedAgreements.id,
  programId: signedAgreements.programId,
  version: signedAgreements.version,
  signedName: signedAgreements.signedName,
  signedAt: signedAgreements.signedAt,
  ipAddress: signedAgreements.ipAddress,
  userAgent: signedAgreements.userAgent,
  sha256: signedAgreements.sha256,
  documentId: signedAgreements.documentId,
};
export const toSigned = (
  r: { signedAt: Date; programId: string } & Omit<SignedAgreement, 'signedAt' | 'programId'>,
): SignedAgreement => ({ ...r, programId: r.programId as ProgramId, signedAt: r.signedAt.toISOString() });

/** A program's versions, newest first. */
export async function listTemplates(db: Db, programId: ProgramId, q: PageQuery): Promise<Page<AgreementTemplate>> {
  const where = eq(agreementTemplates.programId, programId);
  return toPage(
    q,
    db
      .select(templateColumns)
      .from(agreementTemplates)
      .where(where)
      .orderBy(desc(agreementTemplates.version))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset)
      .then((rows) => rows.map(toTemplate)),
    db.$count(agreementTemplates, where),
  );
}

/** An edit is a new version: the one clients signed stays as it was. */
export async function addTemplate(
  db: Db,
  actorId: string,
  input: z.output<typeof agreementTemplateInput>,
): Promise<AgreementTemplate> {
  try {
    return await db.transaction(async (tx) => {
      const [{ newest }] = await tx
        .select({ newest: max(agreementTemplates.version) })
        .from(agreementTemplates)
        .where(eq(agreementTemplates.programId, input.programId));
      const [row] = await tx
        .insert(agreementTemplates)
        .values({ programId: input.programId, version: (newest ?? 0) + 1, body: input.body, createdBy: actorId })
        .returning(templateColumns);
      return toTemplate(row);
    });
  } catch (e) {
    // Two admins saving at once: the unique version index lets one win.
    if (String((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) === '23505')
      throw new ConflictError('Someone saved a new version at the same moment. Please reload and try again.');
    throw e;
  }
}

async function newestTemplate(db: Db, programId: ProgramId) {
  const [row] = await db
    .select(templateColumns)
    .from(agreementTemplates)
    .where(eq(agreementTemplates.programId, programId))
    .orderBy(desc(agreementTemplates.version))
    .limit(1);
  return row ?? null;
}

async function clientOf(db: Db, clientId: string) {
  const [client] = await db
    .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
    .from(authUsers)
    .where(eq(authUsers.id, clientId));
  if (!client) throw new NotFoundError(); // access('own') checked the client exists
  return client;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The newest version filled in for the client (as sanitised HTML), and the agreement they signed, if any. */
export async function programAgreement(deps: Deps, clientId: string, program: Program): Promise<ProgramAgreement> {
  const [template, client, signed] = await Promise.all([
    newestTemplate(deps.db, program.id),
    clientOf(deps.db, clientId),
    signedAgreementFor(deps.db, clientId, program.id),
  ]);
  if (!template) throw new NotFoundError('This program has no service agreement yet.');
  const text = fillAgreement(template.body, program, client.name || client.email, today());
  return {
    template: { id: template.id, version: template.version, html: await cleanAutomationHtml(agreementHtml(text)) },
    signed,
    onlinePayments: Boolean(deps.config.stripe),
  };
}

export async function signedAgreementFor(db: Db, clientId: string, programId: ProgramId) {
  const [row] = await db
    .select(signedColumns)
    .from(signedAgreements)
    .where(and(eq(signedAgreements.userId, clientId), eq(signedAgreements.programId, programId)))
    .orderBy(desc(signedAgreements.signedAt))
    .limit(1);
  return row ? toSigned(row) : null;
}

/** The client's signed agreements, newest first (their page, and staff on the client's page). */
export async function listSignedAgreements(db: Db, clientId: string, q: PageQuery): Promise<Page<SignedAgreement>> {
  const where = eq(signedAgreements.userId, clientId);
  return toPage(
    q,
    db
      .select(signedColumns)
      .from(signedAgreements)
      .where(where)
      .orderBy(desc(signedAgreements.signedAt), desc(signedAgreements.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset)
      .then((rows) => rows.map(toSigned)),
    db.$count(signedAgreements, where),
  );
}

/**
 * The client signs the version they read (`templateId`, refused when a newer one exists): the text
 * as filled in for them, its SHA-256, their typed name, the time, address and browser are kept; the
 * PDF is filed in Business Documents; the program's instalments are made, the first due today.
 */
export async function signAgreement(
  deps: Deps,
  scope: Scope,
  program: Program,
  input: z.output<typeof signAgreementInput>,
  from: { ip: string | null; userAgent: string },
): Promise<SignedAgreement> {
  const { db } = deps;
  const [template, client, already] = await Promise.all([
    newestTemplate(db, program.id),
    clientOf(db, scope.clientId),
    signedAgreementFor(db, scope.clientId, program.id),
  ]);
  if (already) throw new ConflictError(ALREADY_SIGNED);
  if (!template || template.id !== input.templateId) throw new ConflictError(TEMPLATE_CHANGED);
  const signedAt = new Date();
  const day = signedAt.toISOString().slice(0, 10);
  const text = fillAgreement(template.body, program, client.name || client.email, day);
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  const signature = [
    `Signed by typing the full name: ${input.fullName}`,
    `Account: ${client.email}`,
    `Signed at: ${signedAt.toISOString()} (${formatDateTime(signedAt, 'UTC')} UTC)`,
    `From address: ${from.ip ?? 'unknown'}`,
    `Browser: ${from.userAgent || 'unknown'}`,
    `Agreement version: ${template.version}`,
  ];
  const title = `Service Agreement - ${program.name}`;
  const pdf = await renderAgreementPdf({
    title,
    text: agreementPlainText(text),
    signature,
    sha256,
    signedAt,
  });
  const upload = {
    name: `Service Agreement - ${program.name} - signed ${day}.pdf`,
    ext: 'pdf' as const,
    contentType: 'application/pdf',
    bytes: pdf,
    fields: {},
  };
  const key = uploadKey('documents', scope.clientId, 'pdf');
  return storeThenRecord(deps.storage, key, upload, () =>
    db.transaction(async (tx) => {
      const document = await insertDocument(
        tx,
        scope,
        key,
        upload,
        { documentType: 'Standard_Corporate' },
        deps.config.storageQuotaBytes,
      );
      const [row] = await tx
        .insert(signedAgreements)
        .values({
          userId: scope.clientId,
          programId: program.id,
          templateId: template.id,
          version: template.version,
          text,
          sha256,
          signedName: input.fullName,
          signedAt,
          ipAddress: from.ip,
          userAgent: from.userAgent.slice(0, 500),
          documentId: document.id,
        })
        .returning(signedColumns);
      await tx.insert(programInstalments).values(
        instalmentAmounts(program).map((amount, i) => ({
          userId: scope.clientId,
          agreementId: row.id,
          programId: program.id,
          number: i + 1,
          of: program.payments,
          amount: amount.toFixed(2),
          currency: PROGRAM_CURRENCY,
          dueDate: addMonths(day, i),
        })),
      );
      const link = '/documents';
      await notify(tx, {
        userId: scope.clientId,
        clientId: scope.clientId,
        kind: 'agreement_signed',
        title: `You signed the service agreement for ${program.name}`,
        body: `The signed PDF is in Business Documents. SHA-256: ${sha256}`,
        link,
        mail: false,
      });
      // The PDF goes with the mail as the stored document (read when the mail is sent), not a copy in the outbox.
      const mail = clientMail(client, {
        subject: `Your signed service agreement for ${program.name}`,
        lines: [
          `Thank you for signing the service agreement for ${program.name}. The signed PDF is attached, and a copy is filed in your Business Documents.`,
          'The fingerprint below identifies the exact text you signed.',
        ],
        rows: [
          ['Signed by', input.fullName],
          ['Signed at', `${formatDateTime(signedAt, 'UTC')} UTC`],
          ['Version', String(template.version)],
          ['SHA-256', sha256],
        ],
        action: { label: 'Open Business Documents', url: `${deps.config.appUrl}${link}` },
      });
      await queueMail(tx, {
        ...mail,
        attachments: [{ key, filename: upload.name, contentType: upload.contentType }],
      });
      await notifyStaff(tx, {
        kind: 'agreement_signed',
        clientId: scope.clientId,
        title: `${client.name || client.email} signed the agreement for ${program.name}`,
        body: `Version ${template.version}`,
        link: `/account?client=${encodeURIComponent(scope.clientId)}`,
      });
      return toSigned(row);
    }),
  );
}
