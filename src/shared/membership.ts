import { z } from 'zod';

/**
 * The one membership rule ("member or admin", the original product's `ispaid`): every paid gate, on the server
 * and in the UI, asks this and nothing else.
 */
export function hasMemberAccess(user: {
  role: string | null | undefined;
  isPaid: boolean | null | undefined;
}): boolean {
  return user.role === 'admin' || user.isPaid === true;
}

/** PUT /api/clients/:clientId/membership: an administrator sets or clears a client's membership. */
export const membershipInput = z.object({ isPaid: z.boolean({ message: 'isPaid must be true or false' }) }).strict();
/** GET and PUT /api/clients/:clientId/membership answer this. */
export type Membership = { isPaid: boolean };

export const MEMBERSHIP_ACTIVE_TITLE = 'Your membership is active';
export const MEMBERSHIP_ENDED_TITLE = 'Your membership has ended';
/** Where a non-member learns how to join. */
export const JOIN_LINK = '/';
export const JOIN_LINK_LABEL = 'Business Programs';
