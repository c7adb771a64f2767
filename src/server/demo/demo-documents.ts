import { addDocument } from '../features/documents/documents.service';
import { documentTypeInput } from '../../shared/documents';
import { ownScope, parse, staffScope, type DemoContext } from './demo-context';
import { pdfUpload } from './demo-files';

// Documents in four of the six sections, stored where uploads are stored.
const DOCUMENTS = [
  { by: 'client', type: 'Standard_Corporate', name: 'Certificate of Formation.pdf', title: 'Certificate of Formation', lines: ['Harbor Lane Coffee Roasters LLC', 'Filed with the Texas Secretary of State', 'Demo document: not a real filing.'] },
  { by: 'client', type: 'Standard_Corporate', name: 'IRS EIN Confirmation (CP 575).pdf', title: 'EIN Confirmation', lines: ['Employer Identification Number: 00-0000000 (demo)', 'Harbor Lane Coffee Roasters LLC'] },
  { by: 'client', type: 'Advanced Corporate', name: 'Operating Agreement.pdf', title: 'Operating Agreement', lines: ['Single-member LLC', 'Member: Maya Thompson, 100%'] },
  { by: 'client', type: 'Bank_Statements', name: 'Hill Country Bank - statement.pdf', title: 'Monthly Statement', lines: ['Account ending 5173', 'Opening balance: $5,000.00', 'Closing balance: $7,412.35'] },
  { by: 'staff', type: 'Press Releases', name: 'Grand opening press release.pdf', title: 'Harbor Lane Coffee opens its tasting room', lines: ['For immediate release', 'Austin, TX: small-batch roaster opens on Harbor Lane.'] },
] as const;

export async function addDocuments(ctx: DemoContext) {
  const { db, storage, config } = ctx.deps;
  for (const d of DOCUMENTS) {
    const scope = d.by === 'client' ? ownScope(ctx.client.id) : staffScope(ctx, ctx.client.id);
    await addDocument(db, storage, scope, pdfUpload(d.name, d.title, [...d.lines]), parse(documentTypeInput, d.type), config.storageQuotaBytes);
  }
}
