import { z } from 'zod';
export { hasMemberAccess, MEMBERSHIP_ACTIVE_TITLE, MEMBERSHIP_ENDED_TITLE } from './membership-rules';

/** PUT /api/clients/:clientId/membership: an administrator sets or clears a client's membership. */
export const membershipInput = z.object({ isPaid: z.boolean({ message: 'isPaid must be true or false' }) }).strict();
/** GET and PUT /api/clients/:clientId/membership answer this. */
export type Membership = { isPaid: boolean };
