import { z } from 'zod';
import { pageFields } from './paging';
import { documentTypes } from './documents-rules';
import { documentKindIds, type DocumentKind, type DocumentVerification } from './document-kinds-rules';
import { multiLine } from './text';
export { documentSections, documentTypes, type DocumentType, DOCUMENT_NOT_FOUND } from './documents-rules';

const documentType = z.enum(documentTypes, { message: `Document type must be one of: ${documentTypes.join(', ')}` });
export const documentTypeInput = documentType;

/** GET /api/clients/:clientId/documents */
export const documentListQuery = z.object({ ...pageFields(), type: documentType.optional() }).strict();
/** GET /api/documents (admin) */
export const allDocumentsQuery = z
  .object({
    ...pageFields(),
    type: documentType.optional(),
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Client id must be 1-100 letters, digits, - or _')
      .optional(),
  })
  .strict();

const kind = z.enum(documentKindIds, { message: `Document kind must be one of: ${documentKindIds.join(', ')}` });
/** The optional `kind` field of an upload: empty means none. */
export const uploadKindInput = z.union([z.literal('').transform(() => null), kind]).optional();
/** PUT /api/clients/:clientId/documents/:documentId/kind: what a lender would call it, or null. */
export const documentKindInput = z.object({ kind: kind.nullable() }).strict();

const REJECTION_REASON_REQUIRED = 'Please say why the document is rejected: the client reads it in the request.';
/** PUT /api/clients/:clientId/documents/:documentId/verification (staff). */
export const documentVerificationInput = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('verified') }).strict(),
    z
      .object({
        status: z.literal('rejected'),
        reason: z
          .string(REJECTION_REASON_REQUIRED)
          .trim()
          .min(1, REJECTION_REASON_REQUIRED)
          .max(1000, 'The reason can be at most 1000 characters.')
          .check(multiLine('The reason')),
      })
      .strict(),
  ],
  { error: "Status must be 'verified' or 'rejected'." },
);
export type DocumentVerificationInput = z.input<typeof documentVerificationInput>;

export type BusinessDocument = {
  id: string;
  userId: string;
  documentName: string;
  documentType: string;
  contentType: string;
  size: number;
  kind: DocumentKind | null;
  verification: DocumentVerification | null;
  createdAt: string;
};
export type AdminBusinessDocument = BusinessDocument & { clientName: string; clientEmail: string };
