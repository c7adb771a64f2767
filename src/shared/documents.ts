import { z } from 'zod';
import { pageFields } from './paging';

/** The six sections of Business Documents and the document type each one files under. */
export const documentSections = [
  { title: 'Standard Corporate', type: 'Standard_Corporate' },
  { title: 'Advanced Corporate', type: 'Advanced Corporate' },
  { title: 'Financial Documents', type: 'Bank_Statements' },
  { title: 'Marketing & PR', type: 'Press Releases' },
  { title: 'Additional Documents', type: 'Miscellaneous Documents' },
  { title: 'Secret to Wealth Documents', type: 'Secret to Wealth Documents' },
] as const;
export const documentTypes = documentSections.map((s) => s.type) as [DocumentType, ...DocumentType[]];
export type DocumentType = (typeof documentSections)[number]['type'];

const documentType = z.enum(documentTypes, { message: `Document type must be one of: ${documentTypes.join(', ')}` });
export const documentTypeInput = documentType;

export const DOCUMENT_DELETED = 'Document deleted successfully!';
export const DOCUMENT_NOT_FOUND = 'Document not found.';

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

export type BusinessDocument = {
  id: string;
  userId: string;
  documentName: string;
  documentType: string;
  contentType: string;
  size: number;
  createdAt: string;
};
export type AdminBusinessDocument = BusinessDocument & { clientName: string; clientEmail: string };
