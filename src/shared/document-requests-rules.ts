import { documentSections } from './documents-rules';

// The document requests constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. document-requests.ts re-exports them beside its schemas (one source for both sides).

/** The title of a section's type, as Business Documents shows it. */
export const sectionTitle = (type: string | null) =>
  documentSections.find((s) => s.type === type)?.title ?? 'Additional Documents';
