// Who a user is in the portal, without zod (the web's first paint reads it).
// - client: works their own account only;
// - staff: works the clients assigned to them, as an admin does, and nothing portal-wide;
// - admin: every client and the portal itself (backups, content, roles and assignments).
export const roles = ['client', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];

/** A member of the portal's team (admin or staff): acts for clients rather than being one. */
export const isStaffRole = (role: string | null | undefined) => role === 'admin' || role === 'staff';

/** How the web app names each role. */
export const roleLabels: Record<Role, string> = { client: 'Client', staff: 'Staff member', admin: 'Administrator' };

/** How much each role may do: a change to a lower one takes access away (the web app asks first). */
const roleRank: Record<Role, number> = { client: 0, staff: 1, admin: 2 };
export const isDemotion = (from: Role, to: Role) => roleRank[to] < roleRank[from];
