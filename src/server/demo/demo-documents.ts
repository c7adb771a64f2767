import { addDocumentRequest, submitToRequest } from '../features/compliance/document-requests.service';
import { addDocument } from '../features/documents/documents.service';
import { documentRequestInput } from '../../shared/document-requests';
import { documentTypeInput } from '../../shared/documents';
import { dayIso, ownScope, parse, staffScope, type DemoContext } from './demo-context';
import { pdfUpload } from './demo-files';

// Documents in four of the six sections, stored where uploads are stored.
const DOCUMENTS = [
  {
    by: 'client',
    type: 'Standard_Corporate',
    name: 'Certificate of Formation.pdf',
    kind: 'articles',
    title: 'Certificate of Formation',
    lines: [
      'Harbor Lane Coffee Roasters LLC',
      'Filed with the Texas Secretary of State',
      'Demo document: not a real filing.',
    ],
  },
  {
    by: 'client',
    type: 'Standard_Corporate',
    name: 'IRS EIN Confirmation (CP 575).pdf',
    kind: 'ein_letter',
    title: 'EIN Confirmation',
    lines: ['Employer Identification Number: 00-0000000 (demo)', 'Harbor Lane Coffee Roasters LLC'],
  },
  {
    by: 'client',
    type: 'Advanced Corporate',
    name: 'Operating Agreement.pdf',
    kind: 'operating_agreement',
    title: 'Operating Agreement',
    lines: ['Single-member LLC', 'Member: Maya Thompson, 100%'],
  },
  {
    by: 'client',
    type: 'Bank_Statements',
    name: 'Hill Country Bank - statement.pdf',
    kind: 'bank_statement',
    title: 'Monthly Statement',
    lines: ['Account ending 5173', 'Opening balance: $5,000.00', 'Closing balance: $7,412.35'],
  },
  {
    by: 'staff',
    type: 'Press Releases',
    name: 'Grand opening press release.pdf',
    title: 'Harbor Lane Coffee opens its tasting room',
    lines: ['For immediate release', 'Austin, TX: small-batch roaster opens on Harbor Lane.'],
  },
] as const;

export async function addDocuments(ctx: DemoContext) {
  const { db, storage, config } = ctx.deps;
  for (const d of DOCUMENTS) {
    const scope = d.by === 'client' ? ownScope(ctx.client.id) : staffScope(ctx, ctx.client.id);
    await addDocument(
      db,
      storage,
      scope,
      pdfUpload(d.name, d.title, [...d.lines]),
      { documentType: parse(documentTypeInput, d.type), kind: 'kind' in d ? d.kind : null },
      config.storageQuotaBytes,
    );
  }
}

/**
 * Two document requests from staff: one the client answered (Submitted, waiting for staff's review
 * under Document Requests), one still open on the client's compliance list.
 */
export async function addDocumentRequests(ctx: DemoContext) {
  const { db, storage, config } = ctx.deps;
  const staff = staffScope(ctx, ctx.client.id);
  const answered = await addDocumentRequest(
    db,
    staff,
    parse(documentRequestInput, {
      requestedDocument: 'Texas sales tax permit',
      documentType: 'Standard_Corporate',
      description: 'Please upload the permit the Comptroller sent you, so we can file it with your licences.',
      dueDate: dayIso(ctx, -7),
      priority: 'High',
    }),
  );
  await submitToRequest(
    db,
    storage,
    ownScope(ctx.client.id),
    answered.id,
    pdfUpload('Sales tax permit.pdf', 'Texas Sales and Use Tax Permit', [
      'Harbor Lane Coffee Roasters LLC',
      'Demo document: not a real permit.',
    ]),
    config.storageQuotaBytes,
  );
  await addDocumentRequest(
    db,
    staff,
    parse(documentRequestInput, {
      requestedDocument: 'Certificate of liability insurance',
      documentType: 'Miscellaneous Documents',
      description: 'Your insurer can e-mail you the certificate; we need it for two of the vendor applications.',
      dueDate: dayIso(ctx, -10),
      priority: 'Medium',
    }),
  );
}
