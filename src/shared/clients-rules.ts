// The clients constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. clients.ts re-exports them beside its schemas (one source for both sides).

import type { AssignedStaff } from './staff';

/** GET /api/clients/:clientId/summary: who a chosen client is, for the admin's client selector. */
export type ClientSummary = { id: string; name: string; email: string; phone: string };
/** The summary's answer: the client and their staff member (null: the admins' pool), for the client's page. */
export type ClientSummaryWithStaff = ClientSummary & { assignedStaff: AssignedStaff };

/** How many matches the client selector shows per search; past that it asks for more letters. */
export const CLIENT_SEARCH_LIMIT = 25;
