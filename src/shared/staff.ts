import { z } from 'zod';
import { pageFields } from './paging';
import { roles } from './roles';

/** At most this many clients are (un)assigned by one bulk request, in one transaction. */
export const BULK_ASSIGN_MAX = 100;

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const userId = (label: string) =>
  z.string({ error: `${label} is required` }).regex(USER_ID, `${label} must be 1-100 letters, digits, - or _`);

export const SELF_ROLE_CHANGE = 'You cannot change your own role: ask another administrator.';
export const STAFF_NOT_FOUND = 'No staff member has this id.';
export const USER_NOT_FOUND = 'No user has this id.';
export const CLIENT_NOT_FOUND = 'One of the clients was not found.';

/** PUT /api/users/:userId/role: what the user becomes. */
export const roleChangeInput = z
  .object({ role: z.enum(roles, { message: `Role must be one of ${roles.join(', ')}` }) })
  .strict();

/** PUT /api/clients/:clientId/assignment: the staff member the client goes to, or null for the admins' pool. */
export const assignmentInput = z.object({ staffId: userId('Staff member').nullable() }).strict();

/** POST /api/clients/assignments: several clients to one staff member (or back to the pool) at once. */
export const bulkAssignmentInput = z
  .object({
    clientIds: z
      .array(userId('Client id'), { error: 'Client ids must be a list' })
      .min(1, 'Choose at least one client')
      .max(BULK_ASSIGN_MAX, `At most ${BULK_ASSIGN_MAX} clients can be assigned at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'A client is listed twice'),
    staffId: userId('Staff member').nullable(),
  })
  .strict();

/** PUT /api/staff/:staffId/new-clients: whether the staff member takes new clients (round-robin). */
export const takesNewClientsInput = z
  .object({ takesNewClients: z.boolean({ error: 'Takes new clients must be true or false' }) })
  .strict();

/** The path of a staff member's own routes. */
export const staffParam = z.object({ staffId: userId('Staff member') });

/** GET /api/staff: the team (admins and staff members), a page at a time. */
export const staffListQuery = z
  .object({
    ...pageFields(),
    role: z.enum(['staff', 'admin'], { message: 'Role must be staff or admin' }).optional(),
  })
  .strict();
export type StaffListQuery = z.infer<typeof staffListQuery>;

export type StaffMember = {
  id: string;
  name: string;
  email: string;
  role: 'staff' | 'admin';
  /** Clients assigned to them (an admin works every client; theirs is usually 0). */
  assignedClients: number;
  /** A staff member's "Takes new clients": new clients are shared out among those who do, round-robin. */
  takesNewClients: boolean;
};

/** A client's assigned staff member, as lists and the client's page show it. */
export type AssignedStaff = { id: string; name: string } | null;

/** What an assignment answers: how many clients it changed, and to whom they now belong. */
export type AssignmentResult = { assigned: number; staff: AssignedStaff };
