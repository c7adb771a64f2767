// The membership constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. membership.ts re-exports them beside its schemas (one source for both sides).
import { isStaffRole } from './roles';

/**
 * The one membership rule ("member or staff", the original product's `ispaid`; staff are admins and staff members): every paid gate, on the server
 * and in the UI, asks this and nothing else.
 */
export function hasMemberAccess(user: {
  role: string | null | undefined;
  isPaid: boolean | null | undefined;
}): boolean {
  return isStaffRole(user.role) || user.isPaid === true;
}

export const MEMBERSHIP_ACTIVE_TITLE = 'Your membership is active';
export const MEMBERSHIP_ENDED_TITLE = 'Your membership has ended';
/** Where a non-member learns how to join. */
export const JOIN_LINK = '/';
export const JOIN_LINK_LABEL = 'Business Programs';
