// The automations constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. automations.ts re-exports them beside its schemas (one source for both sides).

/**
 * Automations in the shared catalogue, and a description's or notes' HTML size, as typed and as
 * stored once sanitised (entities and link attributes can lengthen it; a longer result is refused):
 * one limit, so what was stored always passes the edit form again. A page of 50 stays under 1 MB.
 */
export const MAX_AUTOMATIONS = 500;
export const AUTOMATION_HTML_MAX = 6_000;
/** The catalogue is read a page of at most 50 at a time. */
export const AUTOMATION_PAGE_SIZE = 50;
