// The search constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. search.ts re-exports them beside its schemas (one source for both sides).

/** The ?highlight= parameter pages read to scroll to and mark the item a search opened. */
export const HIGHLIGHT_PARAM = 'highlight';
