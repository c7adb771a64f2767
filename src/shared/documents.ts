import { z } from 'zod';
import { pageFields } from './paging';
import { documentTypes } from './documents-rules';
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
