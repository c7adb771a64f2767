// The documents constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. documents.ts re-exports them beside its schemas (one source for both sides).

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

export const DOCUMENT_DELETED = 'Document deleted successfully!';
export const DOCUMENT_NOT_FOUND = 'Document not found.';
