import { useAuth } from './auth-context';

/**
 * Whether the signed-in user is an administrator, who also manages the portal itself (content,
 * catalogues, membership, roles, assignments); a staff member only works their clients. Not in
 * the auth context: that module is in the sign-in page's first load, whose budget it would cross.
 */
export const useIsPortalAdmin = () => useAuth().user?.role === 'admin';
